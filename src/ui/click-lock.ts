/**
 * The anti-double-click lock of spec section 9: after a click the button ignores clicks for
 * `lockMs` (3000 by default), and for as long as the action it started is still running.
 */
export const DEFAULT_LOCK_MS = 3000;

export const createClickLock = (lockMs = DEFAULT_LOCK_MS, now: () => number = Date.now) => {
  let lockedUntil = 0;
  let running = 0;
  return {
    get locked() {
      return running > 0 || now() < lockedUntil;
    },
    /** Runs `action` unless locked; returns false when the click was ignored. */
    run(action: () => unknown): boolean {
      if (running > 0 || now() < lockedUntil) return false;
      lockedUntil = now() + lockMs;
      const result = action();
      if (result instanceof Promise) {
        running += 1;
        void result.finally(() => {
          running -= 1;
        });
      }
      return true;
    },
    /** The lock may end early when the action failed and the member must correct something. */
    release() {
      lockedUntil = 0;
    },
  };
};
