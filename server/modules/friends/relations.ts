import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blocks, friendRequests, friendships, users } from '../../db/schema/index.ts';

/**
 * The questions every area asks about two members. Keep them here so chat, feed, search and
 * profiles agree on what "friends" and "blocked" mean.
 */
export const areFriends = async (db: Db, a: number, b: number): Promise<boolean> => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(friendships)
    .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)))
    .limit(1);
  return row !== undefined;
};

/** True when either member has blocked the other. */
export const isBlockedEitherWay = async (db: Db, a: number, b: number): Promise<boolean> => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return row !== undefined;
};

/** SQL for "the ids of members `userId` must not see": those they blocked and those who blocked them. */
export const hiddenFrom = (userId: number) =>
  sql`(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${userId}
       union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${userId})`;

/** SQL for "the ids of `userId`'s friends". */
export const friendIdsOf = (userId: number) => sql`(select ${friendships.friendId} from ${friendships} where ${friendships.userId} = ${userId})`;

/** Makes two members friends (both rows), in the caller's transaction. */
export const befriend = async (db: Db, a: number, b: number): Promise<void> => {
  await db
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing();
};

/** Ends a friendship on both sides. */
export const unfriend = async (db: Db, a: number, b: number): Promise<void> => {
  await db
    .delete(friendships)
    .where(or(and(eq(friendships.userId, a), eq(friendships.friendId, b)), and(eq(friendships.userId, b), eq(friendships.friendId, a))));
};

/** Whether a member exists and is active (not locked, not deleted): the only ones others can reach. */
export const isActiveMember = async (db: Db, userId: number): Promise<boolean> => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  return row !== undefined;
};

/** True when `blockerId` has blocked `blockedId` (one direction only). */
export const hasBlocked = async (db: Db, blockerId: number, blockedId: number): Promise<boolean> => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
};

/** The pending request between two members, whichever way it goes. */
export const pendingRequestBetween = async (db: Db, a: number, b: number) => {
  const [row] = await db
    .select()
    .from(friendRequests)
    .where(
      and(
        eq(friendRequests.status, 'pending'),
        or(and(eq(friendRequests.fromUserId, a), eq(friendRequests.toUserId, b)), and(eq(friendRequests.fromUserId, b), eq(friendRequests.toUserId, a))),
      ),
    )
    .limit(1);
  return row;
};

/** Cancels every pending request between two members (a block ends them). */
export const cancelRequestsBetween = async (db: Db, a: number, b: number): Promise<void> => {
  await db
    .update(friendRequests)
    .set({ status: 'cancelled', decidedAt: new Date() })
    .where(
      and(
        eq(friendRequests.status, 'pending'),
        or(and(eq(friendRequests.fromUserId, a), eq(friendRequests.toUserId, b)), and(eq(friendRequests.fromUserId, b), eq(friendRequests.toUserId, a))),
      ),
    );
};
