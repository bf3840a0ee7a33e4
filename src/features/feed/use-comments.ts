import { useCallback, useMemo, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { CommentView, LordCommentView, PostView } from '../../../schemas/api/feed.ts';
import { CallError, type DataOf } from '../../api/client.ts';
import { api } from '../../api/instance.ts';
import { useCachedCall } from '../../store/cache.ts';
import { removeComment } from './feed-cache.ts';
import { queueWrite, usePendingWrites, type PendingWrite } from './use-feed-outbox.ts';
import { attempt } from './use-feed.ts';

const PAGE_SIZE = 20;

/** A comment the member wrote that the server has not taken yet. */
export interface PendingComment {
  clientId: string;
  content: string;
  /** The comment it answers, for a reply. */
  replyToId: number | null;
  error: string | null;
}

type ThreadPage = DataOf<'getPostCommentInfo'>['replies'];

/** The last pending like of a comment wins over the server's state, until it is sent. */
const withPendingLike = <C extends CommentView>(comment: C, pending: PendingWrite[]): C => {
  const last = pending.filter((i) => i.call === 'likePostComment' && i.status === 'pending' && (i.body as { comment_id: number }).comment_id === comment.comment_id).at(-1);
  if (!last) return comment;
  const liked = (last.body as { like?: boolean }).like !== false;
  return liked === comment.liked ? comment : { ...comment, liked, like_count: Math.max(0, comment.like_count + (liked ? 1 : -1)) };
};

/**
 * A post's comments: the first page from this device's copy (also offline), older pages and all
 * replies of a comment on demand, and the member's own comments that wait in the outbox.
 */
export const useComments = (post: PostView) => {
  const first = useCachedCall('getPostComment', { post_id: post.post_id, page: 1, page_size: PAGE_SIZE });
  const pendingWrites = usePendingWrites();
  const [more, setMore] = useState<{ pages: DataOf<'getPostComment'>[]; loading: boolean; error: CallError | null }>({ pages: [], loading: false, error: null });
  const [threads, setThreads] = useState<Record<number, { replies: CommentView[]; next: number | null; loading: boolean; error: CallError | null }>>({});

  const firstPage = first.state === 'ready' ? first.data : null;
  const lastPage = more.pages.at(-1) ?? firstPage;

  const loadMore = useCallback(async () => {
    if (!lastPage?.has_more || more.loading) return;
    setMore((m) => ({ ...m, loading: true, error: null }));
    try {
      const next = await api.call('getPostComment', { post_id: post.post_id, page: lastPage.page + 1, page_size: PAGE_SIZE }, { quiet: true });
      setMore((m) => ({ ...m, pages: [...m.pages, next], loading: false }));
    } catch (e) {
      setMore((m) => ({ ...m, loading: false, error: e instanceof CallError ? e : new CallError(0, String(e), null, 'network') }));
    }
  }, [lastPage, more.loading, post.post_id]);

  /** All replies of one comment, page by page. */
  const loadReplies = useCallback(
    async (lordId: number) => {
      const current = threads[lordId];
      const page = current?.next ?? 1;
      setThreads((t) => ({ ...t, [lordId]: { replies: current?.replies ?? [], next: page, loading: true, error: null } }));
      try {
        const res = await api.call('getPostCommentInfo', { comment_id: lordId, page, page_size: 50 }, { quiet: true });
        const replies: ThreadPage = res.replies;
        setThreads((t) => ({
          ...t,
          [lordId]: { replies: [...(t[lordId]?.replies ?? []), ...replies.list], next: replies.has_more ? page + 1 : null, loading: false, error: null },
        }));
      } catch (e) {
        setThreads((t) => ({ ...t, [lordId]: { ...t[lordId]!, loading: false, error: e instanceof CallError ? e : new CallError(0, String(e), null, 'network') } }));
      }
    },
    [threads],
  );

  const comments = useMemo(() => {
    if (!firstPage) return [];
    const seen = new Set<number>();
    const out: LordCommentView[] = [];
    for (const lord of [...firstPage.list, ...more.pages.flatMap((p) => p.list)]) {
      if (seen.has(lord.comment_id)) continue;
      seen.add(lord.comment_id);
      const loaded = threads[lord.comment_id]?.replies;
      const replies = new Map<number, CommentView>();
      for (const r of [...lord.replies, ...(loaded ?? [])]) replies.set(r.comment_id, withPendingLike(r, pendingWrites));
      out.push({ ...withPendingLike(lord, pendingWrites), replies: [...replies.values()].sort((a, b) => a.comment_id - b.comment_id) });
    }
    return out;
  }, [firstPage, more.pages, threads, pendingWrites]);

  const known = useMemo(() => new Set(comments.flatMap((c) => [c.client_id, ...c.replies.map((r) => r.client_id)])), [comments]);
  const pending = useMemo(
    () =>
      pendingWrites
        .filter((i) => (i.call === 'postComment' || i.call === 'groupPostComment') && (i.body as { post_id: number }).post_id === post.post_id && !known.has(i.id))
        .map((i): PendingComment => {
          const body = i.body as { content: string; reply_to_id?: number };
          return { clientId: i.id, content: body.content, replyToId: body.reply_to_id ?? null, error: i.status === 'failed' ? (i.error?.message ?? '') : null };
        }),
    [pendingWrites, post.post_id, known],
  );

  return { first, comments, pending, hasMore: lastPage?.has_more ?? false, loadMore, loadingMore: more.loading, moreError: more.error, threads, loadReplies };
};

/** Writes a comment or a reply through the outbox (a club's post takes groupPostComment). */
export const useAddComment = (post: PostView) =>
  useCallback(
    async (content: string, replyToId?: number) => {
      const id = uuidv7();
      const body = { client_id: id, post_id: post.post_id, content, ...(replyToId ? { reply_to_id: replyToId } : {}) };
      await queueWrite(post.club_id !== null ? 'groupPostComment' : 'postComment', body, { lane: `post:${post.post_id}`, id });
    },
    [post.post_id, post.club_id],
  );

export const useLikeComment = () =>
  useCallback(async (comment: CommentView) => {
    await queueWrite('likePostComment', { comment_id: comment.comment_id, like: !comment.liked }, { lane: `post:${comment.post_id}` });
  }, []);

/** Deletes a comment (a top-level one takes its replies with it). */
export const useDeleteComment = () =>
  useCallback(
    (comment: CommentView) =>
      attempt(async () => {
        if (comment.parent_id === null) await api.call('delUserPostCommentLord', { comment_id: comment.comment_id }, { quiet: true });
        else await api.call('delUserPostCommentVice', { comment_id: comment.comment_id }, { quiet: true });
        await removeComment(comment.post_id, comment.comment_id);
      }),
    [],
  );
