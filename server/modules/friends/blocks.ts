/* Blocking: a block ends any friendship and pending request, and hides each member from the other. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blocks, users } from '../../db/schema/index.ts';
import { notFound, refuse } from '../../http/answer.ts';
import { announceFriends, nameOf, type Announcer } from './requests.ts';
import { cancelRequestsBetween, unfriend } from './relations.ts';

export const block = async (db: Db, realtime: Announcer, me: number, other: number): Promise<string> => {
  if (me === other) throw refuse('blockSelf');
  const name = await nameOf(db, other);
  if (!name) throw notFound('member');
  await db.transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId: me, blockedId: other }).onConflictDoNothing();
    await unfriend(tx, me, other);
    await cancelRequestsBetween(tx, me, other);
  });
  announceFriends(realtime, me, other);
  return name;
};

export const unblock = async (db: Db, realtime: Announcer, me: number, other: number): Promise<string> => {
  const [gone] = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, me), eq(blocks.blockedId, other)))
    .returning({ id: blocks.blockedId });
  if (!gone) throw notFound('block');
  announceFriends(realtime, me, other);
  return nameOf(db, other);
};

export const blockList = async (db: Db, me: number, page: number, pageSize: number) => {
  const rows = await db
    .select({ user_id: users.id, nick_name: users.nickName, avatar: users.avatar, at: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, me))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(blocks).where(eq(blocks.blockerId, me));
  return {
    list: rows.slice(0, pageSize).map(({ at, ...r }) => ({ ...r, blocked_at: at.toISOString() })),
    page,
    page_size: pageSize,
    has_more: rows.length > pageSize,
    total: count?.n ?? 0,
  };
};
