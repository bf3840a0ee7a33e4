/**
 * Background Sync for the outbox: asks the browser to wake the service worker when the connection
 * returns, so what a member wrote offline is sent even if they close the tab first (sw/outbox-sync.ts
 * drains the same `mn-outbox` database). Where Background Sync is missing (Firefox, Safari) the
 * page's own drain is the only one, as before.
 */
export const OUTBOX_SYNC_TAG = 'mn-outbox';

/** The message the service worker posts to open tabs after it drained the outbox. */
export const WORKER_DRAINED = 'mn-outbox-drained';
export interface WorkerDrained {
  type: typeof WORKER_DRAINED;
  sent: { id: string; call: string; data: unknown }[];
  /** Ids the server refused; they are marked failed in the outbox. */
  refused: string[];
}

interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Call when an item is enqueued while offline, or when a drain stalls. Resolves true when a sync
 * is registered; false where there is no service worker or no Background Sync.
 */
export const requestBackgroundSync = async (): Promise<boolean> => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  // `ready` never settles without a registration (the dev server has none): don't wait for it.
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = registration && 'sync' in registration ? (registration.sync as SyncManager) : undefined;
  if (!registration?.active || !sync) return false;
  try {
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false; // the member turned background sync off for this site
  }
};

/** Runs `fn` whenever the service worker reports a drain it did; returns the unsubscribe. */
export const onWorkerDrained = (fn: (message: WorkerDrained) => void): (() => void) => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (data?.type === WORKER_DRAINED) fn(data as WorkerDrained);
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
};
