/**
 * Work a call starts but does not wait for (a notification, a push, a mail): the answer goes out
 * first. It is tracked, so its failure is logged rather than lost, a graceful shutdown waits for
 * it (a SIGTERM does not drop a friend request's notification), and tests can wait until the
 * data stops changing.
 */
const pending = new Set<Promise<unknown>>();

export const inBackground = (work: Promise<unknown>, log?: { error: (obj: unknown, msg: string) => void }) => {
  const tracked: Promise<unknown> = work
    .catch((err: unknown) => log?.error({ err }, 'background work failed'))
    .finally(() => pending.delete(tracked));
  pending.add(tracked);
};

/** Resolves once no background work is left (including work started by the work awaited). */
export const backgroundSettled = async () => {
  while (pending.size > 0) await Promise.allSettled([...pending]);
};
