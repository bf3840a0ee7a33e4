/* Creating notifications: every area calls `notify`; the member's settings decide, the socket tells them at once. */
import { sql } from 'drizzle-orm';
import type { NotificationKind, NotificationView, UnreadCountsView } from '../../../schemas/api/notifications.ts';
import type { NotificationKind as SettingKind } from '../../../schemas/api/profile.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Realtime } from '../../realtime/gateway.ts';
import { isBlockedEitherWay } from '../friends/relations.ts';
import { wantsNotification } from '../profile/notification-settings.ts';
import { unreadCounts, viewsOf } from './views.ts';

/** Which switch of notificationSet governs each kind. */
const SETTING_OF: Record<NotificationKind, SettingKind> = {
  friend_request: 'friend_requests',
  friend_accepted: 'friend_requests',
  post_like: 'likes',
  comment_like: 'likes',
  post_comment: 'comments',
  comment_reply: 'comments',
  club: 'club_decisions',
  system: 'system_notices',
};

export const EXCERPT_MAX = 120;
/** The start of a text, cut at a whole character. */
export const excerptOf = (text: string) => {
  const chars = [...text.trim()];
  return chars.length > EXCERPT_MAX ? `${chars.slice(0, EXCERPT_MAX - 1).join('')}…` : chars.join('');
};

export interface NotifyInput {
  userId: number;
  kind: NotificationKind;
  actorId?: number | null;
  postId?: number | null;
  commentId?: number | null;
  clubId?: number | null;
  /** For `club`: what happened; for `system`: which notice. */
  topic?: string;
  excerpt?: string;
  /** The same key for the same member is stored once: a like taken back and given again notifies once. */
  dedupeKey?: string;
}

/**
 * Notifies a member, unless it is their own doing, a block stands between them and the actor,
 * or they turned this kind off. The member's sockets get the notification and the new unread
 * counts at once.
 */
export const notify = async (deps: { db: Db; realtime: Realtime }, input: NotifyInput): Promise<NotificationView | null> => {
  const { db, realtime } = deps;
  const actorId = input.actorId ?? null;
  if (actorId === input.userId) return null;
  if (actorId !== null && (await isBlockedEitherWay(db, input.userId, actorId))) return null;
  if (!(await wantsNotification(db, input.userId, SETTING_OF[input.kind]))) return null;
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      actorId,
      postId: input.postId ?? null,
      commentId: input.commentId ?? null,
      clubId: input.clubId ?? null,
      topic: input.topic ?? '',
      excerpt: input.excerpt ?? '',
      dedupeKey: input.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!row) return null;
  const [view] = await viewsOf(db, input.userId, sql`n.id = ${row.id}`, { limit: 1, offset: 0 });
  if (!view) return null;
  realtime.toUsers([input.userId]).emit('notification:new', view);
  await announceUnread(deps, input.userId);
  return view;
};

/** Sends a member's sockets their unread counts (after a change on any of their devices). */
export const announceUnread = async (deps: { db: Db; realtime: Realtime }, userId: number): Promise<UnreadCountsView> => {
  const counts = await unreadCounts(deps.db, userId);
  deps.realtime.toUsers([userId]).emit('notification:unread', counts);
  return counts;
};

/** Takes back a notification whose cause is gone (a like withdrawn before it was read). */
export const withdraw = async (deps: { db: Db; realtime: Realtime }, userId: number, dedupeKey: string): Promise<void> => {
  const removed = await queryRows<{ id: number }>(
    deps.db,
    sql`delete from notifications where user_id = ${userId} and dedupe_key = ${dedupeKey} and read_at is null returning id`,
  );
  if (removed.length) await announceUnread(deps, userId);
};
