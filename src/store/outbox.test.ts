import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test } from 'vitest';
import { discard, drain, enqueue, openOutbox, retry, type OutboxDb, type Send } from './outbox.ts';

let n = 0;
const fresh = () => openOutbox(`test-outbox-${++n}`);
const item = (id: string, lane: string, text = id) => ({ id, userId: 7, call: 'sendChat', body: { id, content: text }, lane });

describe('The outbox', () => {
  let db: OutboxDb;
  afterEach(async () => {
    await db.delete();
  });

  test('Items are sent in the order they were written, each lane strictly in order', async () => {
    db = fresh();
    for (const [id, lane] of [['a1', 'A'], ['b1', 'B'], ['a2', 'A'], ['a3', 'A'], ['b2', 'B']] as const) await enqueue(db, item(id, lane));
    const wire: string[] = [];
    const send: Send = async (_call, body) => {
      wire.push((body as { id: string }).id);
      return { ok: true, data: body };
    };
    const result = await drain(db, 7, send);
    expect(wire).toEqual(['a1', 'b1', 'a2', 'a3', 'b2']);
    expect(result.sent.map((s) => s.item.id)).toEqual(wire);
    expect(await db.items.count()).toBe(0);
  });

  test('Without a connection the drain stops and keeps everything for the next one, then resumes in order', async () => {
    db = fresh();
    for (let i = 1; i <= 5; i++) await enqueue(db, item(`m${i}`, 'A'));
    let up = false;
    const wire: string[] = [];
    const send: Send = async (_call, body) => {
      if (!up && wire.length === 2) return { ok: false, refused: false };
      wire.push((body as { id: string }).id);
      return { ok: true, data: null };
    };
    const first = await drain(db, 7, send);
    expect(first.stalled).toBe(true);
    expect(await db.items.count()).toBe(3);
    up = true;
    await drain(db, 7, send);
    expect(wire).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  test('A refused item is marked failed with the reason; the lane goes on; retry puts it back at the end', async () => {
    db = fresh();
    for (const id of ['m1', 'm2', 'm3']) await enqueue(db, item(id, 'A'));
    const refuse = new Set(['m2']);
    const wire: string[] = [];
    const send: Send = async (_call, body) => {
      const { id } = body as { id: string };
      if (refuse.has(id)) return { ok: false, refused: true, status: 9999, message: 'You cannot send messages to this member.' };
      wire.push(id);
      return { ok: true, data: null };
    };
    const result = await drain(db, 7, send);
    expect(wire).toEqual(['m1', 'm3']);
    expect(result.refused[0]).toMatchObject({ id: 'm2', status: 'failed', error: { status: 9999, message: 'You cannot send messages to this member.' } });
    refuse.clear();
    await enqueue(db, item('m4', 'A'));
    await retry(db, 'm2');
    await drain(db, 7, send);
    expect(wire).toEqual(['m1', 'm3', 'm4', 'm2']);
  });

  test('Draining twice at once sends every item at most once per drain and never loses one', async () => {
    db = fresh();
    for (let i = 1; i <= 10; i++) await enqueue(db, item(`m${i}`, 'A'));
    const wire: string[] = [];
    const send: Send = async (_call, body) => {
      wire.push((body as { id: string }).id);
      await new Promise((r) => setTimeout(r, 1));
      return { ok: true, data: null };
    };
    await Promise.all([drain(db, 7, send), drain(db, 7, send)]);
    // The server dedupes by id; what matters here is that every id went out and nothing is left.
    expect(new Set(wire)).toEqual(new Set(Array.from({ length: 10 }, (_, i) => `m${i + 1}`)));
    expect(await db.items.count()).toBe(0);
  });

  test('Only the signed-in member’s items are drained; discard removes one', async () => {
    db = fresh();
    await enqueue(db, item('mine', 'A'));
    await enqueue(db, { ...item('theirs', 'A'), userId: 8 });
    const wire: string[] = [];
    await drain(db, 7, async (_c, body) => {
      wire.push((body as { id: string }).id);
      return { ok: true, data: null };
    });
    expect(wire).toEqual(['mine']);
    await discard(db, 'theirs');
    expect(await db.items.count()).toBe(0);
  });
});

describe('Handing over a sent item', () => {
  test('The answer is handed over before the item leaves the outbox, so it is never in neither place', async () => {
    const db = openOutbox('test-outbox-handover');
    await enqueue(db, { id: 'm1', userId: 7, call: 'sendChat', body: { id: 'm1' }, lane: 'A' });
    const seenDuringHandover: number[] = [];
    await drain(
      db,
      7,
      async () => ({ ok: true, data: { stored: true } }),
      async () => {
        seenDuringHandover.push(await db.items.count());
      },
    );
    expect(seenDuringHandover).toEqual([1]);
    expect(await db.items.count()).toBe(0);
    await db.delete();
  });

  test('Two enqueues of one id at the same moment (a double tap) make one item and no error', async () => {
    const db = fresh();
    await Promise.all([enqueue(db, item('x1', 'A')), enqueue(db, item('x1', 'A')), enqueue(db, item('x1', 'A'))]);
    expect(await db.items.count()).toBe(1);
    await db.delete();
  });
});
