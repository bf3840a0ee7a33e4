/* Likes on posts (one per member and post, so a resend changes nothing), who liked, and shares. */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { postLikes } from '../../db/schema/index.ts';
import { notFound } from '../../http/answer.ts';
import type { Realtime } from '../../realtime/gateway.ts';
import { requireActiveMember } from '../clubs/membership.ts';
import { hiddenFrom } from '../friends/relations.ts';
import { excerptOf, notify, withdraw } from '../notifications/notify.ts';
import { postFor, selectPosts } from './post-views.ts';

export const likePost = async (deps: { db: Db; realtime: Realtime }, viewerId: number, postId: number, like: boolean) => {
  const { db } = deps;
  const post = await postFor(db, viewerId, postId);
  if (!post) throw notFound('post');
  const dedupeKey = `post_like:${postId}:${viewerId}`;
  if (like) {
    if (post.club_id !== null) await requireActiveMember(db, post.club_id, viewerId);
    const added = await db.insert(postLikes).values({ postId, userId: viewerId }).onConflictDoNothing().returning({ id: postLikes.postId });
    if (added.length) {
      await notify(deps, { userId: post.user_id, kind: 'post_like', actorId: viewerId, postId, excerpt: excerptOf(post.content), dedupeKey });
    }
  } else {
    const removed = await db
      .delete(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, viewerId)))
      .returning({ id: postLikes.postId });
    // A like taken back before it was seen leaves no notification behind.
    if (removed.length) await withdraw(deps, post.user_id, dedupeKey);
  }
  const [counts] = await queryRows<{ n: number; mine: boolean }>(
    db,
    sql`select count(*)::int as n, coalesce(bool_or(user_id = ${viewerId}), false) as mine from post_likes where post_id = ${postId}`,
  );
  return { post_id: postId, like_count: counts?.n ?? 0, liked: counts?.mine ?? false };
};

/** Who liked a post the viewer may see, most recent first, without members blocked either way. */
export const likersPage = async (db: Db, viewerId: number, postId: number, page: number, pageSize: number, opts: { channelOnly?: boolean } = {}) => {
  const post = await postFor(db, viewerId, postId);
  if (!post || (opts.channelOnly && post.channel_id === null)) throw notFound(opts.channelOnly ? 'channel post' : 'post');
  const rows = await queryRows<{ user_id: number; nick_name: string; avatar: string; liked_at: Date | string }>(
    db,
    sql`select u.id as user_id, u.nick_name, u.avatar, l.created_at as liked_at
      from post_likes l join users u on u.id = l.user_id
      where l.post_id = ${postId} and l.user_id not in ${hiddenFrom(viewerId)}
      order by l.created_at desc, u.id desc
      limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
  );
  return {
    list: rows.slice(0, pageSize).map((r) => ({ ...r, liked_at: new Date(r.liked_at).toISOString() })),
    page,
    page_size: pageSize,
    has_more: rows.length > pageSize,
  };
};

/** The shares of a post that the viewer may see, most recent first. */
export const sharesPage = async (db: Db, viewerId: number, postId: number, page: number, pageSize: number) => {
  if (!(await postFor(db, viewerId, postId))) throw notFound('post');
  const rows = await selectPosts(db, viewerId, { where: sql`p.shared_post_id = ${postId}`, limit: pageSize + 1, offset: (page - 1) * pageSize });
  return {
    list: rows.slice(0, pageSize).map((p) => ({ user_id: p.user_id, nick_name: p.nick_name, avatar: p.avatar, share_post_id: p.post_id, content: p.content, created_at: p.created_at })),
    page,
    page_size: pageSize,
    has_more: rows.length > pageSize,
  };
};
