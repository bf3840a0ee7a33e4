import 'fake-indexeddb/auto';
import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, test } from 'vitest';
import type { MessageDoc } from '../../../../schemas/collections/chat.ts';
import { openLocalDb, removeLocalDb, type LocalDb } from '../../../store/database.ts';
import { backfillHeads, holdsAtOrBelow$, lastMessage$, newestMessages$, raiseHeads } from './heads.ts';

let userId = 9000;
const message = (chat_key: string, order: number): MessageDoc => ({
  id: `00000000-0000-7000-8000-${String(order).padStart(6, '0')}${chat_key.padStart(6, '0')}`.slice(0, 36),
  chat_key,
  group_id: null,
  order,
  rev: order,
  send_user_id: 1,
  nick_name: 'Amal',
  avatar: '',
  msg_type: 1,
  content: `m${order}`,
  send_time: new Date(order * 1000).toISOString(),
});

describe('Conversation heads', () => {
  let db: LocalDb;
  afterEach(async () => removeLocalDb(userId));
  const open = async () => (db = await openLocalDb(++userId));

  test('Raising keeps the highest order, also when raises race', async () => {
    await open();
    await Promise.all([raiseHeads(db, [message('d1_2', 5)]), raiseHeads(db, [message('d1_2', 9), message('d1_2', 3)]), raiseHeads(db, [message('d1_2', 7)])]);
    expect((await db.heads.findOne('d1_2').exec())?.order).toBe(9);
    await raiseHeads(db, [message('d1_2', 4)]);
    expect((await db.heads.findOne('d1_2').exec())?.order).toBe(9);
  });

  test('The newest page is the span below the head, oldest first; older ones are known to exist', async () => {
    await open();
    const docs = Array.from({ length: 300 }, (_, i) => message('d1_2', i + 1));
    await db.messages.bulkInsert(docs);
    await db.messages.bulkInsert([message('g7', 1000)]);
    await raiseHeads(db, [...docs, message('g7', 1000)]);
    const page = await firstValueFrom(newestMessages$(db, 'd1_2', 50));
    expect(page.head).toBe(300);
    expect(page.messages.map((m) => m.order)).toEqual(Array.from({ length: 50 }, (_, i) => 251 + i));
    expect(await firstValueFrom(holdsAtOrBelow$(db, 'd1_2', 250))).toBe(true);
    expect(await firstValueFrom(holdsAtOrBelow$(db, 'd1_2', 0))).toBe(false);
    expect((await firstValueFrom(lastMessage$(db, 'g7')))?.order).toBe(1000);
  });

  test('A new message moves the page along, live', async () => {
    await open();
    await db.messages.bulkInsert([message('d1_2', 1), message('d1_2', 2)]);
    await raiseHeads(db, [message('d1_2', 2)]);
    const next = firstValueFrom(newestMessages$(db, 'd1_2', 50).pipe(filter((p) => p.messages.length === 3)));
    await raiseHeads(db, [message('d1_2', 3)]);
    await db.messages.insert(message('d1_2', 3));
    expect((await next).messages.map((m) => m.order)).toEqual([1, 2, 3]);
  });

  test('A conversation without messages is empty, and a replica from before heads gets them once', async () => {
    await open();
    expect(await firstValueFrom(newestMessages$(db, 'd1_2', 50))).toEqual({ messages: [], head: 0 });
    expect(await firstValueFrom(lastMessage$(db, 'd1_2'))).toBeNull();
    await db.messages.bulkInsert([message('d1_2', 4), message('d1_2', 8), message('g3', 2)]);
    await backfillHeads(db);
    expect((await db.heads.find().exec()).map((h) => [h.chat_key, h.order]).sort()).toEqual([['d1_2', 8], ['g3', 2]]);
  });
});
