/* What a member does about posts they do not want: hide them from their feed, report them. */
import { and, eq, isNull } from 'drizzle-orm';
import type { REPORT_REASONS } from '../../../schemas/api/feed.ts';
import type { Db } from '../../db/client.ts';
import { contentReports, postComments, postHides } from '../../db/schema/index.ts';
import { notFound } from '../../http/answer.ts';
import { postFor } from './post-views.ts';

export const hidePost = async (db: Db, viewerId: number, postId: number, hide: boolean): Promise<void> => {
  if (!(await postFor(db, viewerId, postId))) throw notFound('post');
  if (hide) await db.insert(postHides).values({ userId: viewerId, postId }).onConflictDoNothing();
  else await db.delete(postHides).where(and(eq(postHides.userId, viewerId), eq(postHides.postId, postId)));
};

/**
 * Files a report once per member and target (reporting again changes nothing). A reported post
 * also leaves the reporter's feed at once.
 */
export const report = async (
  db: Db,
  viewerId: number,
  input: { target: 'post' | 'comment'; targetId: number; reason: (typeof REPORT_REASONS)[number]; details?: string },
): Promise<{ already_reported: boolean }> => {
  let postId: number;
  if (input.target === 'post') {
    postId = input.targetId;
  } else {
    const [comment] = await db
      .select({ postId: postComments.postId })
      .from(postComments)
      .where(and(eq(postComments.id, input.targetId), isNull(postComments.deletedAt)));
    if (!comment) throw notFound('comment');
    postId = comment.postId;
  }
  if (!(await postFor(db, viewerId, postId))) throw notFound(input.target);
  return db.transaction(async (tx) => {
    const filed = await tx
      .insert(contentReports)
      .values({ reporterId: viewerId, targetType: input.target, targetId: input.targetId, reason: input.reason, details: (input.details ?? '').trim() })
      .onConflictDoNothing()
      .returning({ id: contentReports.id });
    if (input.target === 'post') await tx.insert(postHides).values({ userId: viewerId, postId }).onConflictDoNothing();
    return { already_reported: filed.length === 0 };
  });
};
