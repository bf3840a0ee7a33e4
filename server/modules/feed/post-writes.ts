/* Writing posts: publishing (idempotent by the device's id), editing one's own, deleting. */
import { and, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { PostView } from '../../../schemas/api/feed.ts';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';
import { forbidden, invalid, notFound, refuse } from '../../http/answer.ts';
import { postFor } from './post-views.ts';

type Visibility = typeof posts.$inferInsert.visibility;

export interface NewPost {
  clientId?: string;
  content: string;
  visibility: Visibility;
  images?: string[];
  location?: string;
  clubId?: number;
  channelId?: number;
  sharePostId?: number;
}

/**
 * Stores a post once per client id: a resend (the outbox after a lost answer, a second tab)
 * returns the post already stored instead of writing another. An id used by another member is
 * refused.
 */
export const insertPost = async (db: Db, userId: number, input: NewPost): Promise<PostView> => {
  const clientId = input.clientId ?? uuidv7();
  const earlier = await byClientId(db, userId, clientId);
  if (earlier) return earlier;

  let sharedPostId: number | null = null;
  if (input.sharePostId !== undefined) {
    const original = await postFor(db, userId, input.sharePostId);
    if (!original) throw notFound('post');
    // A club's post stays among its members.
    if (original.visibility === 'club') throw refuse('postShareClub');
    // A share of a share points at the original.
    sharedPostId = original.shared?.post_id ?? original.post_id;
  }

  const [inserted] = await db
    .insert(posts)
    .values({
      clientId,
      userId,
      // The schema has checked the text has a non-space character, so the trimmed text is never empty.
      content: input.content.trim(),
      visibility: input.visibility,
      images: input.images ?? [],
      location: (input.location ?? '').trim(),
      clubId: input.clubId ?? null,
      channelId: input.channelId ?? null,
      sharedPostId,
    })
    .onConflictDoNothing()
    .returning({ id: posts.id });
  if (!inserted) {
    // A concurrent resend of the same post won the race.
    const winner = await byClientId(db, userId, clientId);
    if (winner) return winner;
    throw invalid('client_id', 'is already used');
  }
  return (await postFor(db, userId, inserted.id))!;
};

const byClientId = async (db: Db, userId: number, clientId: string): Promise<PostView | undefined> => {
  const [row] = await db.select({ id: posts.id, userId: posts.userId, deletedAt: posts.deletedAt }).from(posts).where(eq(posts.clientId, clientId));
  if (!row) return undefined;
  if (row.userId !== userId) throw invalid('client_id', 'is already used');
  if (row.deletedAt) throw notFound('post');
  return postFor(db, userId, row.id);
};

export const updatePost = async (
  db: Db,
  userId: number,
  postId: number,
  changes: { content?: string; visibility?: 'public' | 'friends'; images?: string[]; location?: string },
): Promise<PostView> => {
  const current = await postFor(db, userId, postId);
  if (!current) throw notFound('post');
  if (!current.is_mine) throw forbidden();
  if (changes.visibility && (current.visibility === 'club' || current.visibility === 'channel')) {
    throw invalid('visibility', `cannot change on a ${current.visibility} post`);
  }
  await db
    .update(posts)
    .set({
      ...(changes.content !== undefined ? { content: changes.content.trim() } : {}),
      ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
      ...(changes.images !== undefined ? { images: changes.images } : {}),
      ...(changes.location !== undefined ? { location: changes.location.trim() } : {}),
      editedAt: new Date(),
    })
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
  return (await postFor(db, userId, postId))!;
};

/**
 * Soft-deletes a post: its author may, and so may a moderator of its club (administrators and
 * the leader) or of its channel (the current board). Others get 4101; an unknown, deleted or
 * unseen post 4002.
 */
export const deletePost = async (db: Db, userId: number, postId: number): Promise<PostView> => {
  const post = await postFor(db, userId, postId);
  if (!post) throw notFound('post');
  if (!post.can_delete) throw forbidden();
  await db.update(posts).set({ deletedAt: new Date(), deletedBy: userId }).where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
  return post;
};
