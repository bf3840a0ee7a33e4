import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blocks, friendships } from '../../db/schema/index.ts';

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
