import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { FEED_PAGE_SIZE_DEFAULT, type PostView } from '../../../schemas/api/feed.ts';
import { CallError, type BodyOf, type DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { meAtom } from '../../api/session.ts';
import { useCachedCall, type Cached } from '../../store/cache.ts';
import { onlineAtom } from '../../store/online.ts';
import { addPost, patchPost } from './feed-cache.ts';
import { queueWrite, usePendingWrites, type PendingWrite } from './use-feed-outbox.ts';


/** The calls that answer a page of posts; their first page is kept on this device. */
type PostListCall = 'homePage' | 'userPostList' | 'getUserPostList' | 'getGroupPostList' | 'getChannelPost';

const asCallError = (e: unknown): CallError => (e instanceof CallError ? e : new CallError(0, String(e), null, 'network'));

/** A post the member wrote that the server has not taken yet, shown at the top until it has. */
export interface PendingPost {
  clientId: string;
  content: string;
  images: string[];
  /** Why the server refused it; null while it waits to be sent. */
  error: string | null;
}

/** The outbox item of a post, as a pending post, when it is one for this list. */
const pendingPostOf = (item: PendingWrite, list: { clubId?: number; channelId?: number }): PendingPost | null => {
  const body = item.body as { client_id?: string; content?: string; images?: string[]; club_id?: number; channel_id?: number; action?: string };
  const matches =
    (item.call === 'createPost' && list.clubId === undefined && list.channelId === undefined) ||
    (item.call === 'addGroupPost' && body.club_id === list.clubId) ||
    (item.call === 'operationChannelPost' && body.action === 'create' && body.channel_id === list.channelId);
  if (!matches) return null;
  return { clientId: item.id, content: body.content ?? '', images: body.images ?? [], error: item.status === 'failed' ? (item.error?.message ?? '') : null };
};

/** Likes waiting in the outbox change how a post looks at once: the last one for a post wins. */
export const withPendingLikes = (post: PostView, pending: PendingWrite[]): PostView => {
  const likes = pending.filter((i) => i.call === 'likePost' && i.status === 'pending' && (i.body as { post_id: number }).post_id === post.post_id);
  const last = likes.at(-1);
  if (!last) return post;
  const liked = (last.body as { like?: boolean }).like !== false;
  if (liked === post.liked) return post;
  return { ...post, liked, like_count: Math.max(0, post.like_count + (liked ? 1 : -1)) };
};

export type PostList = {
  online: boolean;
  first: Cached<DataOf<PostListCall>> & { refresh: () => Promise<void> };
  posts: PostView[];
  pending: PendingPost[];
  hasMore: boolean;
  loadingMore: boolean;
  moreError: CallError | null;
  loadMore: () => Promise<void>;
};

/**
 * A list of posts as the member sees it: the first page from this device's saved copy at once
 * (also offline), refreshed from the server; older pages on demand; with the member's own posts
 * and likes that still wait in the outbox shown in place, exactly once.
 */
export const usePostList = <N extends PostListCall>(name: N, params: Omit<BodyOf<N>, 'page' | 'page_size'>, scope: { clubId?: number; channelId?: number } = {}): PostList => {
  const online = useAtomValue(onlineAtom);
  const body = useMemo(() => ({ ...params, page: 1, page_size: FEED_PAGE_SIZE_DEFAULT }), [params]);
  const first = useCachedCall(name, body);
  const pendingWrites = usePendingWrites();
  const [older, setOlder] = useState<{ key: string; pages: DataOf<PostListCall>[]; loading: boolean; error: CallError | null }>({ key: '', pages: [], loading: false, error: null });
  const key = JSON.stringify(body);
  const mine = useMemo(() => (older.key === key ? older : { key, pages: [], loading: false, error: null }), [older, key]);

  const firstPage = first.state === 'ready' ? (first.data as DataOf<PostListCall>) : null;
  const lastPage = mine.pages.at(-1) ?? firstPage;

  const loadMore = useCallback(async () => {
    if (!lastPage?.has_more || mine.loading) return;
    setOlder({ ...mine, loading: true, error: null });
    try {
      const next = await api.call(name, { ...body, page: lastPage.page + 1 }, { quiet: true });
      setOlder((o) => (o.key === key ? { ...o, pages: [...o.pages, next], loading: false } : o));
    } catch (e) {
      setOlder((o) => (o.key === key ? { ...o, loading: false, error: asCallError(e) } : o));
    }
  }, [lastPage, mine, name, body, key]);

  const pending = useMemo(
    () => pendingWrites.map((i) => pendingPostOf(i, scope)).filter((p): p is PendingPost => p !== null),
    [pendingWrites, scope],
  );
  const posts = useMemo(() => {
    if (!firstPage) return [];
    const seen = new Set<number>();
    const out: PostView[] = [];
    // Pages can overlap when others post meanwhile; each post shows once.
    for (const post of [...firstPage.list, ...mine.pages.flatMap((p) => p.list)]) {
      if (seen.has(post.post_id)) continue;
      seen.add(post.post_id);
      out.push(withPendingLikes(post, pendingWrites));
    }
    return out;
  }, [firstPage, mine.pages, pendingWrites]);
  // A post the server has (it came back in a list) is no longer shown as pending.
  const known = new Set(posts.map((p) => p.client_id));

  return {
    online,
    first: first,
    posts,
    pending: pending.filter((p) => !known.has(p.clientId)),
    hasMore: lastPage?.has_more ?? false,
    loadingMore: mine.loading,
    moreError: mine.error,
    loadMore,
  };
};

/** The outcome of an action: done, or why not (`field` is what the server named, if any). */
export type ActionResult = { ok: true } | { ok: false; error: CallError; field: string | null };

export const failed = (e: unknown): ActionResult => {
  const error = asCallError(e);
  const field = error.cause_ === 'answer' && error.status === 4001 ? (/^([a-z_]+)/.exec(error.message)?.[1] ?? null) : null;
  return { ok: false, error, field };
};

/** Runs a call and reports the outcome without throwing. */
export const attempt = async (fn: () => Promise<unknown>): Promise<ActionResult> => {
  try {
    await fn();
    return { ok: true };
  } catch (e) {
    return failed(e);
  }
};

/** Likes or unlikes a post through the outbox; the post shows the change at once. */
export const useLikePost = () =>
  useCallback(async (post: PostView) => {
    await queueWrite('likePost', { post_id: post.post_id, like: !post.liked }, { lane: `post:${post.post_id}` });
  }, []);

/** Deletes a post (its author, or a moderator); it leaves every saved list at once. */
export const useDeletePost = () =>
  useCallback(
    (postId: number) =>
      attempt(async () => {
        await api.call('delUserPost', { post_id: postId }, { quiet: true });
        await patchPost(postId, () => null);
      }),
    [],
  );

/** Hides a post from the member's feed. */
export const useHidePost = () =>
  useCallback(
    (postId: number) =>
      attempt(async () => {
        await api.call('hidePosts', { post_id: postId, hide: true }, { quiet: true });
        await patchPost(postId, () => null);
      }),
    [],
  );

/** Edits one of the member's own posts. */
export const useEditPost = () =>
  useCallback(
    (body: BodyOf<'updatePostInfo'>) =>
      attempt(async () => {
        const post = await api.call('updatePostInfo', body, { quiet: true });
        await patchPost(post.post_id, () => post);
      }),
    [],
  );

/** Reports a post or a comment; a reported post leaves the feed. */
export const useReport = () =>
  useCallback(
    (body: BodyOf<'complain'>) =>
      attempt(async () => {
        await api.call('complain', body, { quiet: true });
        if (body.target === 'post') await patchPost(body.target_id, () => null);
      }),
    [],
  );

/** Shares a post to the member's own feed (online: the original must still be there). */
export const useSharePost = () =>
  useCallback(
    (body: { share_post_id: number; content: string; visibility: 'public' | 'friends' }) =>
      attempt(async () => {
        const post = await api.call('createPost', body, { quiet: true });
        await addPost(post);
        await patchPost(body.share_post_id, (p) => ({ ...p, share_count: p.share_count + 1 }));
      }),
    [],
  );

/** One post by id, from this device's copy at once, refreshed from the server. */
export const usePost = (postId: number) => useCachedCall('getPostInfo', { post_id: postId });

/** The signed-in member, for "is this mine" checks in lists. */
export const useMe = () => useAtomValue(meAtom);
