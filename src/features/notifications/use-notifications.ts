import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { NotificationCategory, NotificationView } from '../../../schemas/api/notifications.ts';
import { CallError, type DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { meAtom } from '../../api/session.ts';
import { useCachedCall } from '../../store/cache.ts';
import { onlineAtom } from '../../store/online.ts';
import { startNotificationLive, stopNotificationLive, storeUnread } from './notification-live.ts';

const PAGE_SIZE = 20;

/** Keeps the live notification socket running while a member is signed in. */
export const useNotificationsLive = () => {
  const me = useAtomValue(meAtom);
  useEffect(() => {
    if (!me) return;
    startNotificationLive(me.user_id);
    return () => stopNotificationLive();
  }, [me]);
};

/** The unread counts for the badge, from this device's copy (updated live). */
export const useUnreadCounts = () => {
  const res = useCachedCall('UnreadMessage', {});
  return res.state === 'ready' ? res.data : null;
};

/** A category's notifications: the first page saved on this device, older ones on demand. */
export const useNotificationList = (category: NotificationCategory | undefined) => {
  const online = useAtomValue(onlineAtom);
  const first = useCachedCall('systemList', { ...(category ? { category } : {}), page: 1, page_size: PAGE_SIZE });
  const [more, setMore] = useState<{ category: NotificationCategory | undefined; pages: DataOf<'systemList'>[]; loading: boolean; error: CallError | null }>({
    category,
    pages: [],
    loading: false,
    error: null,
  });
  const mine = useMemo(() => (more.category === category ? more : { category, pages: [], loading: false, error: null }), [more, category]);
  const firstPage = first.state === 'ready' ? first.data : null;
  const last = mine.pages.at(-1) ?? firstPage;
  const loadMore = useCallback(async () => {
    if (!last?.has_more || mine.loading) return;
    setMore({ ...mine, loading: true, error: null });
    try {
      const next = await api.call('systemList', { ...(category ? { category } : {}), page: last.page + 1, page_size: PAGE_SIZE }, { quiet: true });
      setMore((m) => (m.category === category ? { ...m, pages: [...m.pages, next], loading: false } : m));
    } catch (e) {
      setMore((m) => (m.category === category ? { ...m, loading: false, error: e instanceof CallError ? e : new CallError(0, String(e), null, 'network') } : m));
    }
  }, [last, mine, category]);
  const seen = new Set<number>();
  const list: NotificationView[] = [];
  for (const n of [...(firstPage?.list ?? []), ...mine.pages.flatMap((p) => p.list)]) {
    if (!seen.has(n.id)) {
      seen.add(n.id);
      list.push(n);
    }
  }
  return { online, first, list, hasMore: last?.has_more ?? false, loadMore, loadingMore: mine.loading, moreError: mine.error };
};

/** Marks notifications read (some, or all of a category) and deletes them; counts follow on every device. */
export const useNotificationActions = () => {
  const me = useAtomValue(meAtom);
  const markRead = useCallback(
    async (body: { ids?: number[]; category?: NotificationCategory }) => {
      const counts = await api.call('allSystemList', body, { quiet: true });
      if (me) await storeUnread(me.user_id, counts);
    },
    [me],
  );
  const remove = useCallback(
    async (body: { ids?: number[]; read?: boolean }) => {
      const counts = await api.call('delSystemList', body, { quiet: true });
      if (me) await storeUnread(me.user_id, counts);
    },
    [me],
  );
  return { markRead, remove };
};
