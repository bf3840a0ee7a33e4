import Dexie, { type EntityTable } from 'dexie';
import { Status } from '../../schemas/status.ts';

/**
 * The outbox: every write a member makes while the server may be out of reach (a chat message,
 * a like, a comment…) waits here until the server has it. It is a plain Dexie database so the
 * service worker can open and drain it too (Background Sync) while no tab is open; every item
 * carries an id the server dedupes on, so draining twice — by two tabs, or a tab and the
 * service worker — cannot write anything twice. docs/decisions/005-outbox.md.
 */
export interface OutboxItem {
  /** UUID v7 made when the member acted; also the idempotency key the call carries. */
  id: string;
  /** Enqueue order, across lanes. */
  seq?: number;
  userId: number;
  /** The call to make, e.g. `sendChat`. */
  call: string;
  body: unknown;
  /** Items of one lane are sent strictly in order (a conversation's chat_key, or `post:<id>`). */
  lane: string;
  status: 'pending' | 'failed';
  /** Why the server refused it, for the retry/delete choice. */
  error?: { status: number; message: string };
  attempts: number;
  createdAt: number;
}

/** What the service worker needs to send in the member's name when no page is open. */
export interface SessionMeta {
  key: 'session';
  token: string | null;
  userId: number | null;
  lang: string;
}

export type OutboxDb = Dexie & {
  items: EntityTable<OutboxItem, 'seq'>;
  meta: EntityTable<SessionMeta, 'key'>;
};

export const OUTBOX_DB = 'mn-outbox';

export const openOutbox = (name = OUTBOX_DB): OutboxDb => {
  const db = new Dexie(name) as OutboxDb;
  db.version(1).stores({ items: '++seq, &id, [userId+status], [userId+lane], lane', meta: 'key' });
  return db;
};

/** The envelope status of a server fault (server/app.ts): worth another try later. */
const INTERNAL_ERROR = 500;
const LATER = new Set<number>([Status.tokenInvalid, Status.rateLimited, Status.maintenance, INTERNAL_ERROR]);

/**
 * Whether an envelope status means "not now" rather than "never": the item stays pending for the
 * next drain. One rule for the page and the service worker, so an item fares alike whoever sends
 * it: a token the server no longer takes waits for the member to sign in again, rather than
 * failing their messages.
 */
export const isLater = (status: number) => LATER.has(status);

/** A send's outcome: the server's answer, a refusal, or no answer at all. */
export type SendOutcome = { ok: true; data: unknown } | { ok: false; refused: true; status: number; message: string } | { ok: false; refused: false };

export type Send = (call: string, body: unknown) => Promise<SendOutcome>;

export const enqueue = async (db: OutboxDb, item: Omit<OutboxItem, 'status' | 'attempts' | 'createdAt' | 'seq'>): Promise<void> => {
  // The same id twice (a double tap that got through) stays one item; one read-write transaction,
  // so two at once cannot both find it missing.
  await db.transaction('rw', db.items, async () => {
    if (await byId(db, item.id)) return;
    await db.items.add({ ...item, status: 'pending', attempts: 0, createdAt: Date.now() });
  });
};

/** Puts a refused item back in line, after everything already waiting in its lane. */
export const retry = async (db: OutboxDb, id: string): Promise<void> => {
  await db.transaction('rw', db.items, async () => {
    const item = await byId(db, id);
    if (!item) return;
    await db.items.delete(item.seq);
    const { seq: _old, error: _error, ...rest } = item;
    await db.items.add({ ...rest, status: 'pending' });
  });
};

export const discard = (db: OutboxDb, id: string) => db.items.where('id').equals(id).delete();

export const byId = (db: OutboxDb, id: string) => db.items.where('id').equals(id).first();

export interface DrainResult {
  sent: { item: OutboxItem; data: unknown }[];
  refused: OutboxItem[];
  /** True when the server could not be reached: what is left waits for the next drain. */
  stalled: boolean;
}

/**
 * Sends a member's pending items, each lane strictly in order. A refusal marks the item failed
 * and the lane goes on (later messages are not held hostage by one the server will never take);
 * an unreachable server stops the drain with everything left in place.
 */
export const drain = async (
  db: OutboxDb,
  userId: number,
  send: Send,
  /** Runs before a sent item leaves the outbox, so what it shows never disappears in between. */
  onSent: (item: OutboxItem, data: unknown) => Promise<void> | void = () => {},
): Promise<DrainResult> => {
  const result: DrainResult = { sent: [], refused: [], stalled: false };
  const pending = await db.items.where('[userId+status]').equals([userId, 'pending']).sortBy('seq');
  for (const item of pending) {
    // Re-read: another drain (a tab, the service worker) may have sent or changed it meanwhile.
    const current = await db.items.get(item.seq);
    if (current?.status !== 'pending') continue;
    await db.items.update(item.seq, { attempts: current.attempts + 1 });
    let outcome: SendOutcome;
    try {
      outcome = await send(item.call, item.body);
    } catch {
      outcome = { ok: false, refused: false };
    }
    if (outcome.ok) {
      try {
        await onSent(item, outcome.data);
      } finally {
        await db.items.delete(item.seq);
      }
      result.sent.push({ item, data: outcome.data });
    } else if (outcome.refused) {
      const failed = { ...current, status: 'failed' as const, error: { status: outcome.status, message: outcome.message } };
      await db.items.put(failed);
      result.refused.push(failed);
    } else {
      result.stalled = true;
      break;
    }
  }
  return result;
};

/**
 * Runs `fn` while holding the drain lock, so tabs and the service worker never drain at once
 * (each would still be safe, but one at a time keeps each lane's order on the wire).
 */
export const withDrainLock = async <T>(fn: () => Promise<T>): Promise<T> => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return fn();
  return locks.request('mn-outbox-drain', fn);
};
