/**
 * Loads a page part (a lazily imported chunk) with the 120 s timeout of spec section 9, trying
 * again on failure; when it still fails, the route's error screen offers to retry the navigation.
 */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

export const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`page part did not load within ${ms / 1000} s`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });

export const loadWithRetry = async <T>(
  load: () => Promise<T>,
  { attempts = 3, timeoutMs = PAGE_LOAD_TIMEOUT_MS, delayMs = 500 } = {},
): Promise<T> => {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await withTimeout(load(), timeoutMs);
    } catch (e) {
      last = e;
      if (i < attempts - 1) await new Promise((r) => setTimeout(r, delayMs * (i + 1)));
    }
  }
  throw last instanceof Error ? last : new Error('page part failed to load');
};
