import { useCallback, useMemo, useState } from 'react';
import type { CallName } from '../../../schemas/api/index.ts';
import { CallError, type BodyOf, type DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { useCachedCall, cacheKey } from '../../store/cache.ts';

type PagedName = { [N in CallName]: DataOf<N> extends { list: unknown[]; has_more: boolean; page: number } ? N : never }[CallName];
type Item<N extends PagedName> = DataOf<N>['list'][number];
interface More<N extends PagedName> {
  key: string;
  pages: DataOf<N>[];
  loading: boolean;
  error: CallError | null;
}

/**
 * A list a page at a time: the first page from the device's saved copy (so it shows offline),
 * the following ones fetched when asked for and kept in memory.
 */
export const usePaged = <N extends PagedName>(name: N, body: BodyOf<N>) => {
  const first = useCachedCall(name, body);
  const key = cacheKey(name, body);
  const [more, setMore] = useState<More<N>>({ key, pages: [], loading: false, error: null });
  const current = useMemo<More<N>>(() => (more.key === key ? more : { key, pages: [], loading: false, error: null }), [more, key]);
  const firstPage: DataOf<N> | null = first.state === 'ready' ? first.data : null;
  const last = current.pages.at(-1) ?? firstPage;

  const loadMore = useCallback(async () => {
    if (!last?.has_more || current.loading) return;
    setMore({ ...current, loading: true, error: null });
    try {
      const next = await api.call(name, { ...body, page: last.page + 1 }, { quiet: true });
      setMore((m) => (m.key === key ? { ...m, pages: [...m.pages, next], loading: false } : m));
    } catch (e) {
      setMore((m) => (m.key === key ? { ...m, loading: false, error: e instanceof CallError ? e : new CallError(0, String(e), null, 'network') } : m));
    }
  }, [last, current, name, body, key]);

  const items = useMemo((): Item<N>[] => (firstPage ? [firstPage, ...current.pages].flatMap((p) => p.list as Item<N>[]) : []), [firstPage, current.pages]);

  return { first, items, hasMore: last?.has_more ?? false, loadMore, loadingMore: current.loading, moreError: current.error };
};
