import { and, desc, eq, gt, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationMembers, pushSubscriptions, sessions, users } from '../../db/schema/index.ts';
import { hiddenFrom } from '../friends/relations.ts';

/** A device to push to, with what RFC 8291 encryption needs. */
export interface Device {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Who a push goes to: named members, or every member of a conversation. */
export type Recipients = { userIds: number[] } | { conversationId: number };

/** Devices kept per member; one more drops the one subscribed longest ago. */
export const DEVICES_MAX = 10;

/** Saves a device for the member's session; the same device (endpoint) moves to whoever subscribes last. */
export const saveSubscription = async (db: Db, row: Omit<Device, 'id'> & { sessionId: number }) => {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: row.userId, sessionId: row.sessionId, p256dh: row.p256dh, auth: row.auth, createdAt: sql`now()` },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, row.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(DEVICES_MAX);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, row.userId), notInArray(pushSubscriptions.id, newest)));
  });
};

export const removeSubscription = (db: Db, userId: number, endpoint: string) =>
  db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));

/** The push service said the subscription is gone (404/410): it never comes back. */
export const forgetDevice = (db: Db, id: number) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

/**
 * In one query, the devices of the recipients that may be notified: signed in there (the session
 * that subscribed is still live), the account active, not the sender, and no block either way
 * between recipient and sender.
 */
export const devicesOf = async (db: Db, to: Recipients, from?: number): Promise<Device[]> => {
  const who: SQL =
    'conversationId' in to
      ? inArray(
          pushSubscriptions.userId,
          db.select({ id: conversationMembers.userId }).from(conversationMembers).where(eq(conversationMembers.conversationId, to.conversationId)),
        )
      : inArray(pushSubscriptions.userId, to.userIds.length ? to.userIds : [-1]);
  return db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .innerJoin(sessions, and(eq(sessions.id, pushSubscriptions.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .innerJoin(users, and(eq(users.id, pushSubscriptions.userId), eq(users.status, 'active')))
    .where(and(who, ...(from === undefined ? [] : [ne(pushSubscriptions.userId, from), notInArray(pushSubscriptions.userId, hiddenFrom(from))])));
};
