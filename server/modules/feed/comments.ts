/* Comments two levels deep: top-level ("lord") comments and their replies ("vice"), with likes. */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { REPLIES_PREVIEW, type CommentView, type LordCommentView, type PostView } from '../../../schemas/api/feed.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { commentLikes, postComments } from '../../db/schema/index.ts';
import { forbidden, invalid, notFound } from '../../http/answer.ts';
import type { Realtime } from '../../realtime/gateway.ts';
import { requireActiveMember } from '../clubs/membership.ts';
import { hiddenFrom } from '../friends/relations.ts';
import { excerptOf, notify, withdraw } from '../notifications/notify.ts';
import { postFor } from './post-views.ts';

type Deps = { db: Db; realtime: Realtime };

interface Row extends Record<string, unknown> {
  id: number;
  client_id: string | null;
  post_id: number;
  parent_id: number | null;
  user_id: number;
  nick_name: string;
  avatar: string;
  reply_to_user_id: number | null;
  reply_nick: string | null;
  reply_avatar: string | null;
  content: string;
  created_at: Date | string;
  like_count: number;
  liked: boolean;
  reply_count: number;
}

/** Comments matching `where` (about `pc`) that the viewer may read, in `order`. */
const selectComments = async (db: Db, viewerId: number, post: PostView, where: SQL, opts: { order?: SQL; limit?: number; offset?: number } = {}) => {
  const rows = await queryRows<Row>(
    db,
    sql`select pc.id, pc.client_id::text as client_id, pc.post_id, pc.parent_id, pc.user_id, u.nick_name, u.avatar,
        pc.reply_to_user_id, ru.nick_name as reply_nick, ru.avatar as reply_avatar, pc.content, pc.created_at,
        (select count(*) from comment_likes cl where cl.comment_id = pc.id)::int as like_count,
        exists (select 1 from comment_likes cl where cl.comment_id = pc.id and cl.user_id = ${viewerId}) as liked,
        (select count(*) from post_comments r where r.parent_id = pc.id and r.deleted_at is null
           and r.user_id not in ${hiddenFrom(viewerId)})::int as reply_count
      from post_comments pc
      join users u on u.id = pc.user_id
      left join users ru on ru.id = pc.reply_to_user_id
      where pc.post_id = ${post.post_id} and pc.deleted_at is null and pc.user_id not in ${hiddenFrom(viewerId)} and ${where}
      order by ${opts.order ?? sql`pc.id asc`}
      ${opts.limit !== undefined ? sql`limit ${opts.limit}` : sql``}
      ${opts.offset ? sql`offset ${opts.offset}` : sql``}`,
  );
  return rows.map((r) => ({ view: viewOf(r, viewerId, post), replyCount: r.reply_count }));
};

const viewOf = (r: Row, viewerId: number, post: PostView): CommentView => ({
  comment_id: r.id,
  client_id: r.client_id,
  post_id: r.post_id,
  parent_id: r.parent_id,
  user_id: r.user_id,
  nick_name: r.nick_name,
  avatar: r.avatar,
  reply_to: r.reply_to_user_id === null ? null : { user_id: r.reply_to_user_id, nick_name: r.reply_nick ?? '', avatar: r.reply_avatar ?? '' },
  content: r.content,
  created_at: new Date(r.created_at).toISOString(),
  like_count: r.like_count,
  liked: r.liked,
  is_mine: r.user_id === viewerId,
  // Its author, the post's author, and the moderators of the post's club or channel.
  can_delete: r.user_id === viewerId || post.can_delete,
});

/** A visible comment and the post it is on, or 4002. */
const commentFor = async (db: Db, viewerId: number, commentId: number) => {
  const [row] = await db
    .select({ postId: postComments.postId })
    .from(postComments)
    .where(and(eq(postComments.id, commentId), isNull(postComments.deletedAt)));
  const post = row ? await postFor(db, viewerId, row.postId) : undefined;
  const [found] = post ? await selectComments(db, viewerId, post, sql`pc.id = ${commentId}`) : [];
  if (!post || !found) throw notFound('comment');
  return { post, comment: found.view, replyCount: found.replyCount };
};

/** A club's post takes comments from the club's members only, and not from banned ones. */
const mayComment = async (db: Db, viewerId: number, post: PostView) => {
  if (post.club_id !== null) await requireActiveMember(db, post.club_id, viewerId);
};

export const addComment = async (
  deps: Deps,
  viewerId: number,
  input: { clientId?: string; postId: number; content: string; replyToId?: number; clubOnly?: boolean },
): Promise<CommentView> => {
  const { db } = deps;
  const clientId = input.clientId ?? uuidv7();
  const post = await postFor(db, viewerId, input.postId);
  if (!post || (input.clubOnly && post.club_id === null)) throw notFound(input.clubOnly ? 'club post' : 'post');
  const earlier = await byClientId(db, viewerId, post, clientId);
  if (earlier) return earlier;
  await mayComment(db, viewerId, post);

  let parentId: number | null = null;
  let replyTo: CommentView | null = null;
  if (input.replyToId !== undefined) {
    const target = await commentFor(db, viewerId, input.replyToId);
    if (target.post.post_id !== post.post_id) throw invalid('reply_to_id', 'must be a comment on the same post');
    replyTo = target.comment;
    parentId = target.comment.parent_id ?? target.comment.comment_id;
  }

  const [inserted] = await db
    .insert(postComments)
    .values({ clientId, postId: post.post_id, userId: viewerId, parentId, replyToUserId: replyTo?.user_id ?? null, content: input.content.trim() })
    .onConflictDoNothing()
    .returning({ id: postComments.id });
  if (!inserted) {
    const winner = await byClientId(db, viewerId, post, clientId);
    if (winner) return winner;
    throw invalid('client_id', 'is already used');
  }
  const [created] = await selectComments(db, viewerId, post, sql`pc.id = ${inserted.id}`);
  const comment = created!.view;

  const excerpt = excerptOf(comment.content);
  if (replyTo) {
    await notify(deps, { userId: replyTo.user_id, kind: 'comment_reply', actorId: viewerId, postId: post.post_id, commentId: comment.comment_id, excerpt });
  }
  if (post.user_id !== replyTo?.user_id) {
    await notify(deps, { userId: post.user_id, kind: 'post_comment', actorId: viewerId, postId: post.post_id, commentId: comment.comment_id, excerpt });
  }
  return comment;
};

const byClientId = async (db: Db, viewerId: number, post: PostView, clientId: string): Promise<CommentView | undefined> => {
  const [row] = await db
    .select({ id: postComments.id, userId: postComments.userId, postId: postComments.postId, deletedAt: postComments.deletedAt })
    .from(postComments)
    .where(eq(postComments.clientId, clientId));
  if (!row) return undefined;
  if (row.userId !== viewerId || row.postId !== post.post_id) throw invalid('client_id', 'is already used');
  if (row.deletedAt) throw notFound('comment');
  const [found] = await selectComments(db, viewerId, post, sql`pc.id = ${row.id}`);
  return found?.view;
};

/** A page of a post's top-level comments, oldest first, each with its first replies. */
export const commentPage = async (db: Db, viewerId: number, postId: number, page: number, pageSize: number) => {
  const post = await postFor(db, viewerId, postId);
  if (!post) throw notFound('post');
  const lords = await selectComments(db, viewerId, post, sql`pc.parent_id is null`, { limit: pageSize + 1, offset: (page - 1) * pageSize });
  const shown = lords.slice(0, pageSize);
  const ids = shown.map((l) => l.view.comment_id);
  const replies = ids.length
    ? await selectComments(
        db,
        viewerId,
        post,
        sql`pc.parent_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and (select count(*) from post_comments e where e.parent_id = pc.parent_id and e.id < pc.id and e.deleted_at is null
              and e.user_id not in ${hiddenFrom(viewerId)}) < ${REPLIES_PREVIEW}`,
      )
    : [];
  const list: LordCommentView[] = shown.map(({ view, replyCount }) => ({
    ...view,
    reply_count: replyCount,
    replies: replies.filter((r) => r.view.parent_id === view.comment_id).map((r) => r.view),
  }));
  return { list, page, page_size: pageSize, has_more: lords.length > pageSize };
};

/** One top-level comment (or the one a reply sits under) with a page of its replies. */
export const commentThread = async (db: Db, viewerId: number, commentId: number, page: number, pageSize: number) => {
  const found = await commentFor(db, viewerId, commentId);
  const lord = found.comment.parent_id === null ? found : await commentFor(db, viewerId, found.comment.parent_id);
  const replies = await selectComments(db, viewerId, lord.post, sql`pc.parent_id = ${lord.comment.comment_id}`, {
    limit: pageSize + 1,
    offset: (page - 1) * pageSize,
  });
  return {
    comment: lord.comment,
    reply_count: lord.replyCount,
    replies: { list: replies.slice(0, pageSize).map((r) => r.view), page, page_size: pageSize, has_more: replies.length > pageSize },
  };
};

/** Deletes a comment (a top-level one takes its replies with it): its author, the post's author or a moderator. */
export const deleteComment = async (db: Db, viewerId: number, commentId: number, level: 'lord' | 'vice'): Promise<void> => {
  const { comment } = await commentFor(db, viewerId, commentId);
  if (level === 'lord' && comment.parent_id !== null) throw invalid('comment_id', 'must be a top-level comment; use delUserPostCommentVice for a reply');
  if (level === 'vice' && comment.parent_id === null) throw invalid('comment_id', 'must be a reply; use delUserPostCommentLord for a top-level comment');
  if (!comment.can_delete) throw forbidden();
  await db
    .update(postComments)
    .set({ deletedAt: new Date() })
    .where(and(or(eq(postComments.id, commentId), eq(postComments.parentId, commentId)), isNull(postComments.deletedAt)));
};

export const likeComment = async (deps: Deps, viewerId: number, commentId: number, like: boolean) => {
  const { db } = deps;
  const { post, comment } = await commentFor(db, viewerId, commentId);
  const dedupeKey = `comment_like:${commentId}:${viewerId}`;
  if (like) {
    if (post.club_id !== null) await requireActiveMember(db, post.club_id, viewerId);
    const added = await db.insert(commentLikes).values({ commentId, userId: viewerId }).onConflictDoNothing().returning({ id: commentLikes.commentId });
    if (added.length) {
      await notify(deps, { userId: comment.user_id, kind: 'comment_like', actorId: viewerId, postId: post.post_id, commentId, excerpt: excerptOf(comment.content), dedupeKey });
    }
  } else {
    const removed = await db
      .delete(commentLikes)
      .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, viewerId)))
      .returning({ id: commentLikes.commentId });
    if (removed.length) await withdraw(deps, comment.user_id, dedupeKey);
  }
  const [counts] = await queryRows<{ n: number; mine: boolean }>(
    db,
    sql`select count(*)::int as n, coalesce(bool_or(user_id = ${viewerId}), false) as mine from comment_likes where comment_id = ${commentId}`,
  );
  return { comment_id: commentId, like_count: counts?.n ?? 0, liked: counts?.mine ?? false };
};
