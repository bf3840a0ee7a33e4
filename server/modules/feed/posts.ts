/* News-feed posts: writing one, the feed a member sees, and deleting one's own. */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Static } from '@sinclair/typebox';
import type { Post, PostVisibility } from '../../../schemas/api/feed.ts';
import type { Db } from '../../db/client.ts';
import { posts, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/answer.ts';

type PostView = Static<typeof Post>;
type Visibility = Static<typeof PostVisibility>;

const columns = {
  id: posts.id,
  userId: posts.userId,
  content: posts.content,
  visibility: posts.visibility,
  createdAt: posts.createdAt,
  nickName: users.nickName,
  avatar: users.avatar,
};

type Row = { id: number; userId: number; content: string; visibility: string; createdAt: Date; nickName: string; avatar: string };

const viewOf = (row: Row, viewerId: number): PostView => ({
  post_id: row.id,
  user_id: row.userId,
  nick_name: row.nickName,
  avatar: row.avatar,
  content: row.content,
  visibility: row.visibility as Visibility,
  created_at: row.createdAt.toISOString(),
  is_mine: row.userId === viewerId,
});

export const createPost = async (db: Db, userId: number, input: { content: string; visibility: Visibility }): Promise<PostView> => {
  // The schema has checked the text has a non-space character, so the trimmed text is never empty.
  const [inserted] = await db
    .insert(posts)
    .values({ userId, content: input.content.trim(), visibility: input.visibility })
    .returning({ id: posts.id });
  const [row] = await db.select(columns).from(posts).innerJoin(users, eq(users.id, posts.userId)).where(eq(posts.id, inserted!.id));
  return viewOf(row!, userId);
};

/** One page of what `viewerId` may read, newest first; one extra row tells whether more follow. */
export const feedPage = async (db: Db, viewerId: number, page: number, pageSize: number) => {
  const rows = await db
    .select(columns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    // Public posts and the viewer's own; friendships will widen this to friends' friends-only posts.
    .where(and(isNull(posts.deletedAt), or(eq(posts.visibility, 'public'), eq(posts.userId, viewerId))))
    // Spelled as posts_created_idx is built, so the index serves the order.
    .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    list: rows.slice(0, pageSize).map((row) => viewOf(row, viewerId)),
    page,
    page_size: pageSize,
    has_more: rows.length > pageSize,
  };
};

/** Soft-deletes a post of `userId`'s own; someone else's post is forbidden, an unknown or deleted one not found. */
export const deletePost = async (db: Db, userId: number, postId: number): Promise<void> => {
  const deleted = await db
    .update(posts)
    .set({ deletedAt: new Date() })
    .where(and(eq(posts.id, postId), eq(posts.userId, userId), isNull(posts.deletedAt)))
    .returning({ id: posts.id });
  if (deleted.length) return;
  const [other] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
  throw other ? forbidden() : notFound('post');
};
