import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FEED_PAGE_SIZE_DEFAULT } from '../../../schemas/api/feed.ts';
import { CallError, type BodyOf, type DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { useCachedCall } from '../../store/cache.ts';
import { onlineAtom } from '../../store/online.ts';

export type FeedPost = DataOf<'homePage'>['list'][number];
type FeedPage = DataOf<'homePage'>;

/** The first page is the one kept on this device, so the feed opens offline with what was last seen. */
const FIRST_PAGE = { page: 1, page_size: FEED_PAGE_SIZE_DEFAULT } satisfies BodyOf<'homePage'>;

type FeedChange = { kind: 'created'; post: FeedPost } | { kind: 'deleted'; postId: number };

/** Posting and deleting tell every mounted feed, which then shows the change and refreshes. */
const feedChanges = new EventTarget();
const announce = (change: FeedChange) => feedChanges.dispatchEvent(new CustomEvent<FeedChange>('change', { detail: change }));

const asCallError = (e: unknown): CallError => (e instanceof CallError ? e : new CallError(0, String(e), null, 'network'));
/** No answer came back: the network or a timeout, as opposed to the server refusing. */
export const isUnreachable = (e: CallError): boolean => e.cause_ === 'network' || e.cause_ === 'timeout';

interface Local {
  /** Pages after the first, loaded on demand and kept in memory only. */
  older: FeedPage[];
  /** Posted here, with when: shown at once until a first page fetched after it includes it. */
  created: { post: FeedPost; at: number }[];
  deleted: ReadonlySet<number>;
  loadingMore: boolean;
  moreError: CallError | null;
  /** Bumped when older pages are dropped, so an answer for the old sequence is ignored. */
  generation: number;
}

const initial: Local = { older: [], created: [], deleted: new Set(), loadingMore: false, moreError: null, generation: 0 };

const newestFirst = (a: FeedPost, b: FeedPost) =>
  a.created_at === b.created_at ? b.post_id - a.post_id : a.created_at < b.created_at ? 1 : -1;

export type Feed =
  | { state: 'loading'; online: boolean }
  | { state: 'offline'; online: boolean }
  | { state: 'error'; online: boolean; error: CallError }
  | {
      state: 'ready';
      online: boolean;
      posts: FeedPost[];
      /** When the saved first page was fetched. */
      fetchedAt: number;
      refreshing: boolean;
      /** The last refresh failed; the posts are what was saved. */
      error: CallError | null;
      hasMore: boolean;
      loadingMore: boolean;
      moreError: CallError | null;
    };

/** The member's news feed: the saved first page at once (also offline), refreshed, with older pages on demand. */
export const useFeed = (): Feed & { refresh: () => Promise<void>; loadMore: () => Promise<void> } => {
  const online = useAtomValue(onlineAtom);
  const first = useCachedCall('homePage', FIRST_PAGE);
  const { refresh } = first;
  const [local, setLocal] = useState<Local>(initial);

  useEffect(() => {
    const onChange = (event: Event) => {
      const change = (event as CustomEvent<FeedChange>).detail;
      setLocal((l) =>
        change.kind === 'created'
          ? // A new post shifts every later page by one: older pages are fetched again when asked for.
            {
              ...l,
              older: [],
              created: [{ post: change.post, at: Date.now() }, ...l.created],
              loadingMore: false,
              moreError: null,
              generation: l.generation + 1,
            }
          : { ...l, deleted: new Set(l.deleted).add(change.postId) },
      );
      void refresh();
    };
    feedChanges.addEventListener('change', onChange);
    return () => feedChanges.removeEventListener('change', onChange);
  }, [refresh]);

  const firstPage = first.state === 'ready' ? first.data : null;
  const lastPage = local.older.at(-1) ?? firstPage;

  const loadMore = useCallback(async () => {
    if (!lastPage?.has_more || local.loadingMore) return;
    const { generation } = local;
    setLocal((l) => ({ ...l, loadingMore: true, moreError: null }));
    try {
      const next = await api.call('homePage', { page: lastPage.page + 1, page_size: lastPage.page_size }, { quiet: true });
      setLocal((l) => (l.generation === generation ? { ...l, older: [...l.older, next], loadingMore: false } : l));
    } catch (e) {
      setLocal((l) => (l.generation === generation ? { ...l, loadingMore: false, moreError: asCallError(e) } : l));
    }
  }, [lastPage, local]);

  const fetchedAt = first.state === 'ready' ? first.fetchedAt : 0;
  const posts = useMemo(() => {
    if (!firstPage) return [];
    const pending = local.created.filter((c) => c.at > fetchedAt).map((c) => c.post);
    const byId = new Map<number, FeedPost>();
    // Pages can overlap by a post or two when others post meanwhile; each post shows once.
    for (const post of [...pending, ...firstPage.list, ...local.older.flatMap((p) => p.list)]) {
      if (!local.deleted.has(post.post_id) && !byId.has(post.post_id)) byId.set(post.post_id, post);
    }
    return [...byId.values()].sort(newestFirst);
  }, [firstPage, fetchedAt, local.created, local.older, local.deleted]);

  if (first.state !== 'ready') return { ...first, online, loadMore };
  return {
    state: 'ready',
    online,
    posts,
    fetchedAt,
    refreshing: first.refreshing,
    error: first.error,
    hasMore: lastPage?.has_more ?? false,
    loadingMore: local.loadingMore,
    moreError: local.moreError,
    refresh,
    loadMore,
  };
};

/** The outcome of a feed action: done, or why not (`field` is what the server named, if any). */
export type ActionResult = { ok: true } | { ok: false; error: CallError; field: string | null };

const failed = (e: unknown): ActionResult => {
  const error = asCallError(e);
  const field = error.cause_ === 'answer' && error.status === 4001 ? (/^([a-z_]+):/.exec(error.message)?.[1] ?? null) : null;
  return { ok: false, error, field };
};

/** Publishes a post; on success every mounted feed shows it at once and refreshes. */
export const useCreatePost = () =>
  useCallback(async (body: BodyOf<'createPost'>): Promise<ActionResult> => {
    try {
      const post = await api.call('createPost', body, { quiet: true });
      announce({ kind: 'created', post });
      return { ok: true };
    } catch (e) {
      return failed(e);
    }
  }, []);

/** Deletes one of the member's own posts; on success it leaves every mounted feed at once. */
export const useDeletePost = () =>
  useCallback(async (postId: number): Promise<ActionResult> => {
    try {
      await api.call('delUserPost', { post_id: postId }, { quiet: true });
      announce({ kind: 'deleted', postId });
      return { ok: true };
    } catch (e) {
      return failed(e);
    }
  }, []);
