import { map, of, switchMap, type Observable } from 'rxjs';
import type { MessageDoc } from '../../../../schemas/collections/chat.ts';
import type { LocalDb } from '../../../store/database.ts';

/**
 * Conversation heads (schemas/collections/chat.ts, HeadDoc): the newest order held per
 * conversation, so every "newest messages" read is an ascending index range.
 */

/** Raises each conversation's head to the newest of `docs`; concurrent raises keep the highest. */
export const raiseHeads = async (db: LocalDb, docs: readonly Pick<MessageDoc, 'chat_key' | 'order'>[]) => {
  const newest = new Map<string, number>();
  for (const d of docs) newest.set(d.chat_key, Math.max(newest.get(d.chat_key) ?? 0, d.order));
  const raise = async (chat_key: string, order: number) => {
    const doc = await db.heads.findOne(chat_key).exec();
    if (doc) {
      if (doc.order < order) await doc.incrementalModify((d) => ({ ...d, order: Math.max(d.order, order) }));
      return;
    }
    // Another tab may insert it first: then raise theirs.
    await db.heads.insert({ chat_key, order }).catch(() => raise(chat_key, order));
  };
  await Promise.all([...newest].map(([key, order]) => raise(key, order)));
};

/** A replica written before heads existed: derive them once from what it holds. */
export const backfillHeads = async (db: LocalDb) => {
  if ((await db.heads.count().exec()) > 0 || (await db.messages.count().exec()) === 0) return;
  await raiseHeads(db, (await db.messages.find().exec()).map((d) => ({ chat_key: d.chat_key, order: d.order })));
};

const toDocs = map((docs: { toJSON(): unknown }[]) => docs.map((d) => d.toJSON() as MessageDoc));

/** The newest messages of a conversation with orders in (head − span, head], oldest first. */
export const newestMessages$ = (db: LocalDb, chatKey: string, span: number): Observable<{ messages: MessageDoc[]; head: number }> =>
  db.heads.findOne(chatKey).$.pipe(
    switchMap((head) =>
      head
        ? db.messages
            .find({ selector: { chat_key: chatKey, order: { $gt: head.order - span } }, sort: [{ order: 'asc' }] })
            .$.pipe(toDocs, map((messages) => ({ messages, head: head.order })))
        : of({ messages: [], head: 0 }),
    ),
  );

/** Whether the replica holds messages of this conversation at or below `order`. */
export const holdsAtOrBelow$ = (db: LocalDb, chatKey: string, order: number): Observable<boolean> =>
  order < 1
    ? of(false)
    : db.messages.findOne({ selector: { chat_key: chatKey, order: { $lte: order } }, sort: [{ order: 'asc' }] }).$.pipe(map((d) => d !== null));

/** How many of the newest messages a conversation opens with (and adds per scroll to the top). */
export const PAGE = 50;

/**
 * The newest message still held (deleted ones leave the replica), for the conversation list. The
 * same query as a conversation's first page: RxDB keeps one live result per query, so opening a
 * conversation from the list renders from memory, without a trip to IndexedDB.
 */
export const lastMessage$ = (db: LocalDb, chatKey: string): Observable<MessageDoc | null> =>
  newestMessages$(db, chatKey, PAGE).pipe(map(({ messages }) => messages.at(-1) ?? null));
