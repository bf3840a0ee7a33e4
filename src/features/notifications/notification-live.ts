/**
 * Live notifications: a socket bound to the member's room (through the `bind` call, after every
 * (re)connect) brings each new notification and the unread counts as they change; both go into
 * this device's saved copies, so the badge and the list update at once and still show offline.
 */
import { io, type Socket } from 'socket.io-client';
import type { NotificationView, UnreadCountsView } from '../../../schemas/api/notifications.ts';
import type { ClientToServer, ServerToClient } from '../../../schemas/socket-events.ts';
import { api } from '../../api/instance.ts';
import { cacheKey } from '../../store/cache.ts';
import { openLocalDb } from '../../store/database.ts';
import { CATEGORY_OF } from '../../../schemas/api/notifications.ts';

interface ListPage {
  list: NotificationView[];
  page: number;
  page_size: number;
  has_more: boolean;
  unread: UnreadCountsView;
}

let live: { userId: number; socket: Socket<ServerToClient, ClientToServer> } | null = null;

/** Saves the unread counts where the badge and the lists read them. */
export const storeUnread = async (userId: number, counts: UnreadCountsView) => {
  const db = await openLocalDb(userId);
  await db.cache.upsert({ key: cacheKey('UnreadMessage', {}), name: 'UnreadMessage', data: { value: counts }, fetchedAt: Date.now() });
  const lists = await db.cache.find({ selector: { name: 'systemList' } }).exec();
  for (const doc of lists) await doc.incrementalPatch({ data: { value: { ...(doc.data.value as ListPage), unread: counts } } });
};

/** Puts a new notification at the top of every saved first page it belongs to (once). */
const storeNew = async (userId: number, n: NotificationView) => {
  const db = await openLocalDb(userId);
  const lists = await db.cache.find({ selector: { name: 'systemList' } }).exec();
  for (const doc of lists) {
    const page = doc.data.value as ListPage;
    const params = JSON.parse(doc.key.slice('systemList:'.length)) as { category?: string; page?: number };
    if ((params.page ?? 1) !== 1 || (params.category && params.category !== CATEGORY_OF[n.kind]) || page.list.some((x) => x.id === n.id)) continue;
    await doc.incrementalPatch({ data: { value: { ...page, list: [n, ...page.list] } } });
  }
};

export const startNotificationLive = (userId: number) => {
  if (live?.userId === userId) return;
  stopNotificationLive();
  const socket: Socket<ServerToClient, ClientToServer> = io({ path: '/socket.io', transports: ['websocket', 'polling'] });
  live = { userId, socket };
  socket.on('client_id', ({ client_id }) => {
    void (async () => {
      try {
        await api.call('bind', { client_id }, { quiet: true });
        // Whatever happened while the socket was away: the counts say it.
        await storeUnread(userId, await api.call('UnreadMessage', {}, { quiet: true }));
      } catch {
        // Unreachable or signed out: the next connection binds again, and the saved counts stay shown.
      }
    })();
  });
  socket.on('notification:new', (n) => void storeNew(userId, n));
  socket.on('notification:unread', (counts) => void storeUnread(userId, counts));
};

export const stopNotificationLive = () => {
  live?.socket.close();
  live = null;
};
