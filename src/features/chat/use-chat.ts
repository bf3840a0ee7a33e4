import { useAtomValue } from 'jotai';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { combineLatest, map, of, switchMap } from 'rxjs';
import { v7 as uuidv7 } from 'uuid';
import type { FriendDoc, GroupDoc, MessageDoc, ModelRoomDoc } from '../../../schemas/collections/chat.ts';
import { api } from '../../api/instance.ts';
import { meAtom } from '../../api/session.ts';
import { discard, retry } from '../../store/outbox.ts';
import { outboxDb, queue, queuedCountAtom, drainingAtom, kickOutbox, type OutboxItem } from '../../store/outbox-runner.ts';
import { useLocal } from '../../store/use-rx.ts';
import { connectionAtom, type Connection } from './engine/connection.ts';
import { markConversationRead } from './engine/engine.ts';
import { PAGE, holdsAtOrBelow$, lastMessage$, newestMessages$ } from './engine/heads.ts';

/** A conversation as the list shows it. */
export interface Room {
  chat_key: string;
  /** With a friend, a group, or the room of an activity (event, course, meeting, project). */
  kind: 'direct' | 'group' | 'model';
  /** The friend's user id, or the group id (an activity's room's too). */
  id: number;
  name: string;
  avatar: string;
  unread: number;
  last: MessageDoc | null;
  /** For an activity's room: which activity. */
  model?: ModelRef;
}

export interface ModelRef {
  model_type: number;
  model_id: number;
}

export const useChatRooms = (): Room[] | undefined =>
  useLocal(
    (db) =>
      combineLatest([db.friends.find().$, db.groups.find().$, db.modelrooms.find({ selector: { joined: true } }).$, db.unread.find().$]).pipe(
        switchMap(([friends, groups, models, unread]) => {
          const counts = new Map(unread.map((u) => [u.chat_key, u.count]));
          const rooms: Omit<Room, 'last'>[] = [
            ...friends.map((f) => ({
              chat_key: f.chat_key,
              kind: 'direct' as const,
              id: f.user_id,
              name: f.remark || f.nick_name,
              avatar: f.avatar,
              unread: counts.get(f.chat_key) ?? 0,
            })),
            ...groups.map((g) => ({
              chat_key: g.chat_key,
              kind: 'group' as const,
              id: g.group_id,
              name: g.name,
              avatar: '',
              unread: counts.get(g.chat_key) ?? 0,
            })),
            ...models.flatMap((m) =>
              m.chat_key === null || m.group_id === null
                ? []
                : [
                    {
                      chat_key: m.chat_key,
                      kind: 'model' as const,
                      id: m.group_id,
                      name: m.title,
                      avatar: '',
                      unread: counts.get(m.chat_key) ?? 0,
                      model: { model_type: m.model_type, model_id: m.model_id },
                    },
                  ],
            ),
          ];
          if (rooms.length === 0) return of([]);
          return combineLatest(rooms.map((r) => lastMessage$(db, r.chat_key).pipe(map((last): Room => ({ ...r, last })))));
        }),
        // Most recent activity first; conversations without messages after them, by name.
        map((rooms) => [...rooms].sort((a, b) => (b.last?.send_time ?? '').localeCompare(a.last?.send_time ?? '') || a.name.localeCompare(b.name))),
      ),
    [],
  );

export const useFriends = (): FriendDoc[] | undefined => useLocal((db) => db.friends.find({ sort: [{ chat_key: 'asc' }] }).$.pipe(map((d) => d.map((x) => x.toJSON() as FriendDoc))), []);

/** The rooms of this member's activities, joined or not, soonest first. */
export const useModelRooms = (): ModelRoomDoc[] | undefined =>
  useLocal((db) => db.modelrooms.find().$.pipe(map((d) => d.map((x) => x.toJSON() as ModelRoomDoc).sort(bySoonest))), []);

const bySoonest = (a: ModelRoomDoc, b: ModelRoomDoc) =>
  (a.starts_at ?? '\uffff').localeCompare(b.starts_at ?? '\uffff') || a.title.localeCompare(b.title) || a.model_id - b.model_id;

export const useModelRoom = (chatKey: string): ModelRoomDoc | null | undefined =>
  useLocal((db) => db.modelrooms.findOne({ selector: { chat_key: chatKey } }).$.pipe(map((d) => (d ? (d.toJSON() as ModelRoomDoc) : null))), [chatKey]);

export const useGroup = (chatKey: string): GroupDoc | null | undefined =>
  useLocal((db) => db.groups.findOne(chatKey).$.pipe(map((d) => (d ? (d.toJSON() as GroupDoc) : null))), [chatKey]);

/** Sum of the server's unread counters, for the navigation badge. */
export const useUnreadTotal = (): number =>
  useLocal((db) => db.unread.find().$.pipe(map((docs) => docs.reduce((sum, d) => sum + d.count, 0))), []) ?? 0;

/**
 * One conversation: the replica's messages in server order (the newest `limit` of them), then
 * this member's messages still waiting in the outbox, in the order they were written.
 */
export const useConversation = (chatKey: string) => {
  const me = useAtomValue(meAtom);
  const [limit, setLimit] = useState(PAGE);
  const page = useLocal((db) => newestMessages$(db, chatKey, limit), [chatKey, limit]);
  const stored = page?.messages;
  // Asked beside the page, not before it: the page shows without waiting for this answer.
  const floor = page ? page.head - limit : 0;
  const older = useLocal((db) => holdsAtOrBelow$(db, chatKey, floor), [chatKey, floor]);
  const [waiting, setWaiting] = useState<{ key: string; items: OutboxItem[] }>({ key: chatKey, items: [] });
  useEffect(() => {
    if (!me) return;
    const sub = liveQuery(() => outboxDb().items.where('[userId+lane]').equals([me.user_id, chatKey]).sortBy('seq')).subscribe({
      next: (items) => setWaiting({ key: chatKey, items }),
      error: () => undefined,
    });
    return () => sub.unsubscribe();
  }, [me, chatKey]);
  const messages = useMemo(() => stored ?? [], [stored]);
  const pending = useMemo(() => {
    const have = new Set(messages.map((m) => m.id));
    return waiting.key === chatKey ? waiting.items.filter((i) => !have.has(i.id)) : [];
  }, [messages, waiting, chatKey]);
  return {
    loading: stored === undefined,
    messages,
    pending,
    /** True when the replica holds older messages than those shown. */
    mayHaveOlder: older ?? false,
    loadOlder: useCallback(() => setLimit((l) => l + PAGE), []),
  };
};

export type ChatTarget =
  | { kind: 'direct'; id: number; chatKey: string }
  | { kind: 'group'; id: number; chatKey: string }
  | { kind: 'model'; id: number; chatKey: string; model: ModelRef };

/** Writes a message: shown at once as pending, sent by the outbox whenever the server is reachable. */
export const useSendMessage = (target: ChatTarget) =>
  useCallback(
    async (text: string) => {
      const content = text.trim();
      if (!content) return;
      const id = uuidv7();
      const lane = target.chatKey;
      if (target.kind === 'direct') await queue({ id, call: 'sendChat', body: { id, friend_id: target.id, content }, lane });
      else if (target.kind === 'group') await queue({ id, call: 'sendGroup', body: { id, group_id: target.id, content }, lane });
      else await queue({ id, call: 'sendModelChat', body: { id, model_type: target.model.model_type, model_id: target.model.model_id, content }, lane });
    },
    [target],
  );

export const useRetryMessage = () => useCallback(async (id: string) => {
  await retry(outboxDb(), id);
  await kickOutbox();
}, []);
export const useDiscardMessage = () => useCallback((id: string) => discard(outboxDb(), id), []);
export const useDeleteMessage = () => useCallback((id: string) => api.call('delChatMsg', { id }), []);

/**
 * Clears the conversation's unread counter while it is open: when the server counts something
 * unread, and at once when a newer message arrives (before the counter's refresh shows a badge).
 * Opening a conversation with nothing unread asks nothing of the server.
 */
export const useMarkRead = (target: ChatTarget, newest: number | undefined) => {
  const unread = useLocal((db) => db.unread.findOne(target.chatKey).$.pipe(map((d) => d?.count ?? 0)), [target.chatKey]) ?? 0;
  const seen = useRef<{ key: string; newest: number } | null>(null);
  useEffect(() => {
    const before = seen.current?.key === target.chatKey ? seen.current.newest : undefined;
    if (newest !== undefined) seen.current = { key: target.chatKey, newest: Math.max(before ?? 0, newest) };
    const arrived = newest !== undefined && before !== undefined && newest > before;
    if (unread > 0 || arrived) void markConversationRead(target.chatKey, { kind: target.kind, id: target.id }).catch(() => undefined);
  }, [target.chatKey, target.kind, target.id, newest, unread]);
};

/** What the header shows: the connection, and how many writes wait. */
export const useConnection = (): { connection: Connection; queued: number; draining: boolean } => ({
  connection: useAtomValue(connectionAtom),
  queued: useAtomValue(queuedCountAtom),
  draining: useAtomValue(drainingAtom),
});

export const useEmoji = () => useLocalEmoji();
const useLocalEmoji = () => {
  const [groups, setGroups] = useState<{ name: string; slug: string; emojis: { emoji: string; name: string }[] }[] | null>(null);
  const load = useCallback(async () => {
    if (!groups) setGroups(await api.call('getChatEmoji', {}, { quiet: true }));
  }, [groups]);
  return { groups, load };
};
