import { drain, openOutbox, withDrainLock, type DrainResult } from '../src/store/outbox.ts';
import { WORKER_DRAINED, type WorkerDrained } from '../src/store/background-sync.ts';
import { createSend } from './send.ts';

declare const self: ServiceWorkerGlobalScope;

/** Tells open tabs (there may be one after all) what went out, so they update without a reload. */
const tellPages = async (result: DrainResult) => {
  if (result.sent.length === 0 && result.refused.length === 0) return;
  const message: WorkerDrained = {
    type: WORKER_DRAINED,
    sent: result.sent.map(({ item, data }) => ({ id: item.id, call: item.call, data })),
    refused: result.refused.map((item) => item.id),
  };
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
};

/**
 * Background Sync: drains the outbox with no tab open, in the name of the member signed in on
 * this device, through the same drain (and lock) as the page, so a later page drain finds the
 * sent items gone and cannot send them twice. Rejects while the server is out of reach, which
 * makes the browser fire the sync again later.
 */
export const drainOutbox = async (): Promise<void> => {
  const db = openOutbox();
  try {
    const session = await db.meta.get('session');
    // Signed out on this device: nothing is sent in anyone's name.
    if (!session?.token || session.userId === null) return;
    const { userId } = session;
    const result = await withDrainLock(() => drain(db, userId, createSend(session)));
    await tellPages(result);
    if (result.stalled) throw new Error('The server could not be reached; the outbox waits for the next sync.');
  } finally {
    db.close();
  }
};
