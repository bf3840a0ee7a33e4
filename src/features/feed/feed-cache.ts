/**
 * Keeps the posts and comments saved on this device (the read-through cache, one document per
 * call and parameters) in step with what the member did: when the server accepts a post, a like
 * or a comment — at once, or later from the outbox — every saved list that holds the post shows
 * the change exactly once, with no refetch needed and also offline.
 */
import { getDefaultStore } from 'jotai';
import type { CommentView, LordCommentView, PostView } from '../../../schemas/api/feed.ts';
import { meAtom } from '../../api/session.ts';
import { openLocalDb } from '../../store/database.ts';

interface PageOf<T> {
  list: T[];
  page: number;
  page_size: number;
  has_more: boolean;
}

/** Calls whose answer is a page of posts, and those whose answer is one post. */
const POST_PAGES = ['homePage', 'userPostList', 'getUserPostList', 'getGroupPostList', 'getChannelPost'];
const ONE_POST = ['getPostInfo', 'getGroupPostInfo'];

const localDb = async () => {
  const me = getDefaultStore().get(meAtom);
  return me ? openLocalDb(me.user_id) : null;
};

/** Rewrites every saved answer of `names` through `fn` (which returns the same object when nothing changes). */
const rewrite = async (names: string[], fn: (name: string, value: unknown, key: string) => unknown) => {
  const db = await localDb();
  if (!db) return;
  const docs = await db.cache.find({ selector: { name: { $in: names } } }).exec();
  for (const doc of docs) {
    const value = doc.data.value;
    const next = fn(doc.name, value, doc.key);
    if (next !== value) await doc.incrementalPatch({ data: { value: next } });
  }
};

/** Applies `fn` to the post wherever it is saved; `null` removes it from lists. */
export const patchPost = (postId: number, fn: (post: PostView) => PostView | null) =>
  rewrite([...POST_PAGES, ...ONE_POST], (name, value) => {
    if (ONE_POST.includes(name)) {
      const post = value as PostView;
      return post.post_id === postId ? (fn(post) ?? post) : post;
    }
    const page = value as PageOf<PostView>;
    if (!page.list.some((p) => p.post_id === postId)) return page;
    return { ...page, list: page.list.flatMap((p) => (p.post_id === postId ? (fn(p) ?? []) : [p])) };
  });

/** Puts a new post at the top of the first page of the lists it belongs to (once). */
export const addPost = (post: PostView) =>
  rewrite(POST_PAGES, (name, value, key) => {
    const page = value as PageOf<PostView>;
    if (page.page !== 1 || page.list.some((p) => p.post_id === post.post_id)) return page;
    const params = JSON.parse(key.slice(name.length + 1)) as { user_id?: number; club_id?: number; channel_id?: number };
    const belongs =
      (name === 'homePage' && post.visibility !== 'channel') ||
      (name === 'getUserPostList' && (params.user_id ?? post.user_id) === post.user_id && (post.visibility === 'public' || post.visibility === 'friends')) ||
      (name === 'getGroupPostList' && params.club_id === post.club_id) ||
      (name === 'getChannelPost' && params.channel_id === post.channel_id);
    return belongs ? { ...page, list: [post, ...page.list] } : page;
  });

const adjustCount = (postId: number, by: number) => patchPost(postId, (p) => ({ ...p, comment_count: Math.max(0, p.comment_count + by) }));

/** A comment the server accepted joins the saved comment pages of its post (once), and the post's count. */
export const addComment = async (comment: CommentView) => {
  let added = false;
  await rewrite(['getPostComment'], (name, value, key) => {
    const params = JSON.parse(key.slice(name.length + 1)) as { post_id: number };
    const page = value as PageOf<LordCommentView>;
    if (params.post_id !== comment.post_id) return page;
    if (comment.parent_id === null) {
      if (page.has_more || page.list.some((c) => c.comment_id === comment.comment_id)) return page;
      added = true;
      return { ...page, list: [...page.list, { ...comment, reply_count: 0, replies: [] }] };
    }
    const lord = page.list.find((c) => c.comment_id === comment.parent_id);
    if (!lord || lord.replies.some((r) => r.comment_id === comment.comment_id)) return page;
    added = true;
    return {
      ...page,
      list: page.list.map((c) => (c === lord ? { ...c, reply_count: c.reply_count + 1, replies: [...c.replies, comment] } : c)),
    };
  });
  if (added) await adjustCount(comment.post_id, 1);
};

/** A deleted comment (and, for a top-level one, its replies) leaves the saved pages and the count. */
export const removeComment = async (postId: number, commentId: number) => {
  let removed = 0;
  await rewrite(['getPostComment'], (_name, value) => {
    const page = value as PageOf<LordCommentView>;
    const lord = page.list.find((c) => c.comment_id === commentId);
    if (lord) {
      removed = 1 + lord.reply_count;
      return { ...page, list: page.list.filter((c) => c !== lord) };
    }
    const parent = page.list.find((c) => c.replies.some((r) => r.comment_id === commentId));
    if (!parent) return page;
    removed = 1;
    return {
      ...page,
      list: page.list.map((c) => (c === parent ? { ...c, reply_count: c.reply_count - 1, replies: c.replies.filter((r) => r.comment_id !== commentId) } : c)),
    };
  });
  if (removed) await adjustCount(postId, -removed);
};

/** A comment's like count and the member's own like, wherever the comment is saved. */
export const patchCommentLike = (commentId: number, likeCount: number, liked: boolean) =>
  rewrite(['getPostComment'], (_name, value) => {
    const page = value as PageOf<LordCommentView>;
    const hit = (c: CommentView) => c.comment_id === commentId;
    if (!page.list.some((c) => hit(c) || c.replies.some(hit))) return page;
    const patch = <C extends CommentView>(c: C): C => (hit(c) ? { ...c, like_count: likeCount, liked } : c);
    return { ...page, list: page.list.map((c) => patch({ ...c, replies: c.replies.map(patch) })) };
  });
