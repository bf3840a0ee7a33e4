/**
 * Which notifications a member wants (getNotification / notificationSet). Notification and push
 * code asks `wantsNotification` before telling a member anything; a member who never chose
 * gets every kind.
 */
import { eq } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind, type Notifications } from '../../../schemas/api/profile.ts';
import type { Db } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema/index.ts';

type Row = typeof notificationSettings.$inferSelect;
const columnOf: Record<NotificationKind, keyof Omit<Row, 'userId'>> = {
  friend_requests: 'friendRequests',
  messages: 'messages',
  comments: 'comments',
  likes: 'likes',
  club_decisions: 'clubDecisions',
  system_notices: 'systemNotices',
};

export const notificationSettingsOf = async (db: Db, userId: number): Promise<Notifications> => {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, row ? row[columnOf[k]] : true])) as Notifications;
};

export const setNotificationSettings = async (db: Db, userId: number, changes: Partial<Notifications>): Promise<Notifications> => {
  const values = Object.fromEntries(Object.entries(changes).map(([k, v]) => [columnOf[k as NotificationKind], v]));
  const insert = db.insert(notificationSettings).values({ ...values, userId });
  await (Object.keys(values).length ? insert.onConflictDoUpdate({ target: notificationSettings.userId, set: values }) : insert.onConflictDoNothing());
  return notificationSettingsOf(db, userId);
};

/** Whether `userId` wants notifications of this kind (true unless they turned it off). */
export const wantsNotification = async (db: Db, userId: number, kind: NotificationKind): Promise<boolean> => {
  const [row] = await db.select({ on: notificationSettings[columnOf[kind]] }).from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row ? row.on : true;
};
