/**
 * Live notifications: the page's live socket (bound to the member's room after every reconnect)
 * brings each new notification and the unread counts as they change; both go into this device's
 * saved copies, so the badge and the list update at once and still show offline.
 */
import type { NotificationView, UnreadCountsView } from '../../../schemas/api/notifications.ts';
import { api } from '../../api/instance.ts';
import { liveSocket, onBound } from '../../realtime/live.ts';
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

let live: { userId: number; stop: () => void } | null = null;

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
  const socket = liveSocket(userId);
  // Whatever happened while the socket was away: the counts say it. Unreachable or signed out:
  // the next connection tries again, and the saved counts stay shown.
  const untilBound = onBound(async () => storeUnread(userId, await api.call('UnreadMessage', {}, { quiet: true })));
  const onNew = (n: NotificationView) => void storeNew(userId, n);
  const onUnread = (counts: UnreadCountsView) => void storeUnread(userId, counts);
  socket.on('notification:new', onNew);
  socket.on('notification:unread', onUnread);
  live = {
    userId,
    stop: () => {
      untilBound();
      socket.off('notification:new', onNew);
      socket.off('notification:unread', onUnread);
    },
  };
};

export const stopNotificationLive = () => {
  live?.stop();
  live = null;
};
