import { getDefaultStore } from 'jotai';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { RxCollection } from 'rxdb';
import type { ChatMessage } from '../../../../schemas/api/chat.ts';
import type { ServerToClient } from '../../../../schemas/socket-events.ts';
import { modelRoomKey, type MessageDoc, type UnreadDoc } from '../../../../schemas/collections/chat.ts';
import { api } from '../../../api/instance.ts';
import { openLocalDb, type LocalDb } from '../../../store/database.ts';
import { kickOutbox, onOutboxSent, startOutboxRunner, stopOutboxRunner } from '../../../store/outbox-runner.ts';
import { liveSocket, onBound, type LiveSocket } from '../../../realtime/live.ts';
import { connectionAtom } from './connection.ts';
import { backfillHeads, raiseHeads } from './heads.ts';

/**
 * The chat sync engine, one per signed-in member and page. The socket (the page's one live
 * socket, src/realtime/live.ts) only says "something changed"; the data always comes through the
 * calls, from checkpoints the replica keeps, so a missed event can never leave a gap: after every
 * (re)connect the socket is bound again and both replications pull everything since their
 * checkpoint.
 */
type Checkpoint = Record<string, number>;

interface Engine {
  userId: number;
  db: LocalDb;
  socket: LiveSocket;
  /** Takes this engine's listeners off the shared socket. */
  detach: () => void;
  direct: RxReplicationState<MessageDoc, Checkpoint>;
  group: RxReplicationState<MessageDoc, Checkpoint>;
}

let engine: Engine | null = null;
let starting: Promise<void> | null = null;

const replicate = (db: LocalDb, userId: number, kind: 'direct' | 'group') =>
  replicateRxCollection<MessageDoc, Checkpoint>({
    collection: db.messages,
    replicationIdentifier: `chat-${kind}-messages-${userId}`,
    live: true,
    retryTime: 5000,
    waitForLeadership: false,
    autoStart: true,
    pull: {
      // The server's largest page: a new device catches up on a long history in fewer round trips.
      batchSize: 500,
      handler: async (checkpoint, batchSize) => {
        const call = kind === 'direct' ? 'getOfflineFriendsMessage' : 'getOfflineGroupMessage';
        const page = await api.call(call, { checkpoint: checkpoint ?? {}, limit: batchSize }, { quiet: true });
        await raiseHeads(db, page.list);
        // A message deleted for everyone becomes a local deletion: it leaves every replica.
        return { documents: page.list.map(({ deleted, ...m }) => ({ ...m, _deleted: deleted })), checkpoint: page.checkpoint };
      },
    },
  });

/** Makes a collection hold exactly `docs` (by primary key), in one pass. */
const replaceAll = async <T extends object>(collection: RxCollection<T>, docs: T[]) => {
  const primary = collection.schema.primaryPath as keyof T & string;
  const keep = new Set(docs.map((d) => d[primary] as string));
  const existing = await collection.find().exec();
  const gone = existing.filter((d) => !keep.has(d.primary)).map((d) => d.primary);
  if (gone.length) await collection.bulkRemove(gone);
  if (docs.length) await collection.bulkUpsert(docs);
};

const refreshFriends = async (e: Engine) => replaceAll(e.db.friends, await api.call('getUserFriend', {}, { quiet: true }));
const refreshGroups = async (e: Engine) => replaceAll(e.db.groups, await api.call('getUserGroup', {}, { quiet: true }));
const refreshModelRooms = async (e: Engine) => replaceAll(e.db.modelrooms, (await api.call('getModelChat', {}, { quiet: true })).map((r) => ({ ...r, key: modelRoomKey(r) })));
const refreshUnread = async (e: Engine) => {
  const [friends, groups] = await Promise.all([api.call('getFriendsSubscript', {}, { quiet: true }), api.call('getGroupSubscript', {}, { quiet: true })]);
  await replaceAll<UnreadDoc>(e.db.unread, [
    ...friends.list.map((r) => ({ chat_key: r.chat_key, kind: 'direct' as const, count: r.count })),
    ...groups.list.map((r) => ({ chat_key: r.chat_key, kind: 'group' as const, count: r.count })),
  ]);
};

const debounce = (fn: () => void, ms: number) => {
  let t: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(t);
    t = setTimeout(fn, ms);
  };
};

const quietly = (p: Promise<unknown>) => void p.catch(() => undefined);

/**
 * Once the socket is bound to the member: joins it to their rooms, then catches up: lists,
 * unread, both replications, and the outbox. A step that fails (a server still starting) is
 * tried again while this socket stays connected.
 */
const catchUp = async (e: Engine, clientId: string, attempt = 0): Promise<void> => {
  const store = getDefaultStore();
  store.set(connectionAtom, { state: 'syncing' });
  try {
    await api.call('bindGroup', { client_id: clientId }, { quiet: true });
    e.direct.reSync();
    e.group.reSync();
    await Promise.all([refreshFriends(e), refreshGroups(e), refreshModelRooms(e), refreshUnread(e), kickOutbox()]);
    await Promise.all([e.direct.awaitInSync(), e.group.awaitInSync()]);
    if (engine === e && e.socket.connected) store.set(connectionAtom, { state: 'online' });
  } catch (err) {
    if (engine !== e) return;
    store.set(connectionAtom, navigator.onLine ? { state: 'connecting' } : { state: 'offline' });
    console.warn('chat: catching up failed; trying again', err);
    const delay = Math.min(30_000, 1000 * 2 ** attempt);
    setTimeout(() => {
      if (engine === e && e.socket.connected && e.socket.id === clientId) void catchUp(e, clientId, attempt + 1);
    }, delay);
  }
};

const storeMessage = (db: LocalDb) => async (data: unknown) => {
  const { deleted: _deleted, ...message } = data as ChatMessage;
  await raiseHeads(db, [message]);
  await db.messages.upsert(message);
};

export const startChatEngine = (userId: number): Promise<void> => {
  if (engine?.userId === userId) return Promise.resolve();
  return (starting ??= (async () => {
    stopChatEngine();
    const db = await openLocalDb(userId);
    await backfillHeads(db);
    startOutboxRunner(userId);
    onOutboxSent('sendChat', storeMessage(db));
    onOutboxSent('sendGroup', storeMessage(db));
    onOutboxSent('sendModelChat', storeMessage(db));
    const socket = liveSocket(userId);
    const e: Engine = { userId, db, socket, detach: () => undefined, direct: replicate(db, userId, 'direct'), group: replicate(db, userId, 'group') };
    engine = e;
    const store = getDefaultStore();
    store.set(connectionAtom, navigator.onLine ? { state: 'connecting' } : { state: 'offline' });
    const unread = debounce(() => quietly(refreshUnread(e)), 250);

    const listeners: Partial<{ [K in keyof ServerToClient]: ServerToClient[K] }> = {
      'chat:message': (m) => {
        (m.group_id === null ? e.direct : e.group).reSync();
        unread();
      },
      'chat:deleted': (d) => (d.chat_key.startsWith('g') ? e.group : e.direct).reSync(),
      'chat:unread': unread,
      'chat:group': (g) => quietly(db.groups.upsert(g)),
      'chat:group-removed': ({ chat_key }) => quietly(db.groups.findOne(chat_key).remove()),
      'chat:model': (room) => {
        quietly(db.modelrooms.upsert({ ...room, key: modelRoomKey(room) }));
        // Entered on another device: its history arrives with the rooms' stream.
        if (room.joined) e.group.reSync();
      },
      'friends:changed': () => quietly(refreshFriends(e)),
    };
    const onDisconnect = () => store.set(connectionAtom, navigator.onLine ? { state: 'connecting' } : { state: 'offline' });
    const untilBound = onBound((clientId) => catchUp(e, clientId));
    for (const [event, fn] of Object.entries(listeners)) socket.on(event as keyof ServerToClient, fn);
    socket.on('disconnect', onDisconnect);
    e.detach = () => {
      untilBound();
      for (const [event, fn] of Object.entries(listeners)) socket.off(event as keyof ServerToClient, fn);
      socket.off('disconnect', onDisconnect);
    };
    window.addEventListener('offline', onOffline);
  })().finally(() => {
    starting = null;
  }));
};

const onOffline = () => getDefaultStore().set(connectionAtom, { state: 'offline' });

export const stopChatEngine = () => {
  if (!engine) return;
  const e = engine;
  engine = null;
  e.detach();
  void e.direct.cancel();
  void e.group.cancel();
  stopOutboxRunner();
  window.removeEventListener('offline', onOffline);
};

/** Opening a conversation clears its unread counter on the server (and so on every device). */
export const markConversationRead = async (chatKey: string, target: { kind: 'direct' | 'group' | 'model'; id: number }) => {
  const e = engine;
  if (!e) return;
  await e.db.unread.findOne(chatKey).remove();
  if (target.kind === 'direct') await api.call('clearFrienSubscript', { friend_id: target.id }, { quiet: true });
  else await api.call('clearGroupSubscript', { group_id: target.id }, { quiet: true });
};

export const refreshChatLists = async () => {
  if (engine) await Promise.all([refreshFriends(engine), refreshGroups(engine), refreshModelRooms(engine), refreshUnread(engine)]);
};

/**
 * Enters an activity's room: the answer lists it as joined at once, and the rooms' stream
 * brings its history (a newcomer reads what was said before).
 */
export const enterModelRoom = async (model: { model_type: number; model_id: number }) => {
  const room = await api.call('addModelChat', model);
  const e = engine;
  if (e) {
    await e.db.modelrooms.upsert({ ...room, key: modelRoomKey(room) });
    e.group.reSync();
  }
  return room;
};
