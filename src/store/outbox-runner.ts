import { atom, getDefaultStore } from 'jotai';
import { liveQuery, type Subscription } from 'dexie';
import type { CallName } from '../../schemas/api/index.ts';
import { Status } from '../../schemas/status.ts';
import { CallError } from '../api/client.ts';
import { api } from '../api/instance.ts';
import { onWorkerDrained, requestBackgroundSync } from './background-sync.ts';
import { drain, enqueue, isLater, openOutbox, withDrainLock, type OutboxDb, type OutboxItem, type Send, type SendOutcome } from './outbox.ts';

/**
 * Drains the outbox from the page: whenever something is queued, the connection returns, the
 * socket is bound again, and every few seconds while anything waits. Features register what to
 * do with the server's answer to their calls (a chat message goes into the replica).
 */
type OnSent = (data: unknown, item: OutboxItem) => Promise<void> | void;
const handlers = new Map<string, OnSent>();
export const onOutboxSent = (call: CallName, handler: OnSent) => handlers.set(call, handler);

/** How many of the member's writes still wait for the server (pending, not failed). */
export const queuedCountAtom = atom(0);
/** Set while a drain is running, for the connection indicator's "syncing". */
export const drainingAtom = atom(false);

let outbox: OutboxDb | undefined;
export const outboxDb = () => (outbox ??= openOutbox());

/** What a failed send means for its item: done (6027), refused for good, or to be tried later. */
export const outcomeOfError = (e: unknown): SendOutcome => {
  if (!(e instanceof CallError) || e.cause_ !== 'answer') return { ok: false, refused: false };
  if (e.status === Status.silent) return { ok: true, data: null };
  if (isLater(e.status)) return { ok: false, refused: false };
  return { ok: false, refused: true, status: e.status, message: e.message };
};

export const sendThroughApi: Send = async (call, body) => {
  try {
    return { ok: true, data: await api.call(call as CallName, body as never, { quiet: true }) };
  } catch (e) {
    return outcomeOfError(e);
  }
};

let runningFor: number | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
let countSub: Subscription | undefined;
let again = false;
let stopWorkerListener = () => {};
let busy = false;

/** Drains now (or right after the drain in progress); resolves when the queue is as empty as it can be. */
export const kickOutbox = async (): Promise<void> => {
  const userId = runningFor;
  if (userId === null) return;
  if (busy) {
    again = true;
    return;
  }
  busy = true;
  const store = getDefaultStore();
  store.set(drainingAtom, true);
  try {
    do {
      again = false;
      const result = await withDrainLock(() =>
        drain(outboxDb(), userId, sendThroughApi, async (item, data) => {
          await handlers.get(item.call)?.(data, item);
        }),
      );
      if (result.stalled) {
        // Unreachable: let the service worker send it when the connection returns, even with no tab open.
        void requestBackgroundSync();
        break;
      }
    } while (again);
  } finally {
    busy = false;
    store.set(drainingAtom, false);
  }
};

export const queue = async (item: Omit<OutboxItem, 'status' | 'attempts' | 'createdAt' | 'seq' | 'userId'>) => {
  if (runningFor === null) throw new Error('not signed in');
  await enqueue(outboxDb(), { ...item, userId: runningFor });
  if (!navigator.onLine) void requestBackgroundSync();
  void kickOutbox();
};

const onOnline = () => void kickOutbox();

export const startOutboxRunner = (userId: number) => {
  if (runningFor === userId) return;
  stopOutboxRunner();
  runningFor = userId;
  const store = getDefaultStore();
  countSub = liveQuery(() => outboxDb().items.where('[userId+status]').equals([userId, 'pending']).count()).subscribe({
    next: (n) => store.set(queuedCountAtom, n),
    error: () => undefined,
  });
  window.addEventListener('online', onOnline);
  // What the service worker sent while this page was away reaches the features like our own sends.
  stopWorkerListener = onWorkerDrained((message) => {
    for (const sent of message.sent) void Promise.resolve(handlers.get(sent.call)?.(sent.data, { id: sent.id, call: sent.call } as OutboxItem)).catch(() => undefined);
  });
  timer = setInterval(() => {
    if (navigator.onLine && store.get(queuedCountAtom) > 0) void kickOutbox();
  }, 10_000);
  void kickOutbox();
};

export const stopOutboxRunner = () => {
  runningFor = null;
  countSub?.unsubscribe();
  clearInterval(timer);
  window.removeEventListener('online', onOnline);
  stopWorkerListener();
};

export type { OutboxItem };
