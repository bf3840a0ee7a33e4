/* Friend requests: sending, accepting, declining or cancelling, and the list waiting for an answer. */
import { and, eq, sql } from 'drizzle-orm';
import type { MemberCard } from '../../../schemas/api/people.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { blocks, friendRequests, users } from '../../db/schema/index.ts';
import { forbidden, notFound, refuse } from '../../http/answer.ts';
import type { Realtime } from '../../realtime/gateway.ts';

/** What friend changes need of the real-time gateway (the seed passes one that tells nobody). */
export type Announcer = Pick<Realtime, 'toUsers'>;
import { cardColumns, cardJoins, toCard, type CardRow } from './cards.ts';
import { areFriends, befriend, hasBlocked, isActiveMember, isBlockedEitherWay, pendingRequestBetween } from './relations.ts';

/** Friend lists changed for these members: their open screens and chat rosters refresh. */
export const announceFriends = (realtime: Announcer, ...userIds: number[]) => realtime.toUsers(userIds).emit('friends:changed', {});

export const nameOf = async (db: Db, userId: number): Promise<string> =>
  (await db.select({ name: users.nickName }).from(users).where(eq(users.id, userId)))[0]?.name ?? '';

/** One member as `viewerId` sees them in a list. */
export const cardOf = async (db: Db, viewerId: number, userId: number): Promise<MemberCard> => {
  const [row] = await queryRows<CardRow>(db, sql`select ${cardColumns(viewerId)} from ${users} u ${cardJoins(viewerId)} where u.id = ${userId}`);
  if (!row) throw notFound('member');
  return toCard(row);
};

/** Accepts a pending request in one transaction: the request is decided and both friendship rows exist. */
const accept = async (db: Db, requestId: number, from: number, to: number): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [done] = await tx
      .update(friendRequests)
      .set({ status: 'accepted', decidedAt: new Date() })
      .where(and(eq(friendRequests.id, requestId), eq(friendRequests.status, 'pending')))
      .returning({ id: friendRequests.id });
    if (!done) return false;
    await befriend(tx, from, to);
    return true;
  });

export type SendOutcome = { request_id: number; status: 'pending' | 'accepted'; name: string };

/**
 * Sends a request from `from` to `to`. A request the other member already sent is accepted
 * instead, so two members who ask each other simply become friends.
 */
export const sendRequest = async (db: Db, realtime: Announcer, from: number, to: number, message: string): Promise<SendOutcome> => {
  if (from === to) throw refuse('friendRequestSelf');
  if (!(await isActiveMember(db, to))) throw notFound('member');
  if (await hasBlocked(db, from, to)) throw refuse('friendRequestYouBlocked');
  // Someone who blocked you cannot be asked; the message does not say who blocked whom.
  if (await isBlockedEitherWay(db, from, to)) throw refuse('friendRequestBlocked');
  const name = await nameOf(db, to);
  if (await areFriends(db, from, to)) throw refuse('alreadyFriends', { name });
  const pending = await pendingRequestBetween(db, from, to);
  if (pending && pending.fromUserId === from) throw refuse('friendRequestDuplicate', { name });
  if (pending && (await accept(db, pending.id, to, from))) {
    announceFriends(realtime, from, to);
    return { request_id: pending.id, status: 'accepted', name };
  }
  const [created] = await db
    .insert(friendRequests)
    .values({ fromUserId: from, toUserId: to, message: message.trim() })
    .onConflictDoNothing()
    .returning({ id: friendRequests.id });
  // A second tab sent the same request a moment earlier: the unique pending index kept one.
  if (!created) throw refuse('friendRequestDuplicate', { name });
  announceFriends(realtime, to);
  return { request_id: created.id, status: 'pending', name };
};

const requestFor = async (db: Db, requestId: number) => {
  const [row] = await db.select().from(friendRequests).where(eq(friendRequests.id, requestId));
  if (!row || row.status !== 'pending') throw notFound('friend request');
  return row;
};

/** The recipient accepts: both become friends, and both friend lists update live. */
export const confirmRequest = async (db: Db, realtime: Announcer, me: number, requestId: number): Promise<MemberCard> => {
  const request = await requestFor(db, requestId);
  if (request.toUserId !== me) throw forbidden();
  if (await isBlockedEitherWay(db, request.fromUserId, me)) throw refuse('friendRequestBlocked');
  if (!(await isActiveMember(db, request.fromUserId))) throw notFound('member');
  if (!(await accept(db, request.id, request.fromUserId, me))) throw notFound('friend request');
  announceFriends(realtime, request.fromUserId, me);
  return cardOf(db, me, request.fromUserId);
};

/** The recipient declines, or the sender cancels; anyone else is refused. */
export const dropRequest = async (db: Db, realtime: Announcer, me: number, requestId: number): Promise<'declined' | 'cancelled'> => {
  const request = await requestFor(db, requestId);
  const outcome = request.toUserId === me ? 'declined' : request.fromUserId === me ? 'cancelled' : null;
  if (!outcome) throw forbidden();
  const [done] = await db
    .update(friendRequests)
    .set({ status: outcome, decidedAt: new Date() })
    .where(and(eq(friendRequests.id, requestId), eq(friendRequests.status, 'pending')))
    .returning({ id: friendRequests.id });
  if (!done) throw notFound('friend request');
  announceFriends(realtime, request.fromUserId, request.toUserId);
  return outcome;
};

interface RequestRow extends CardRow {
  request_id: number;
  message: string;
  created_at: string | Date;
}

/** Pending requests to (received) or from (sent) a member, newest first; members gone or blocked are left out. */
export const listRequests = async (db: Db, me: number, direction: 'received' | 'sent', page: number, pageSize: number) => {
  const mine = direction === 'received' ? sql`r.to_user_id` : sql`r.from_user_id`;
  const other = direction === 'received' ? sql`r.from_user_id` : sql`r.to_user_id`;
  const where = sql`r.status = 'pending' and ${mine} = ${me} and u.status = 'active'
    and not exists (select 1 from ${blocks} b where (b.blocker_id = ${me} and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = ${me}))`;
  const rows = await queryRows<RequestRow>(
    db,
    sql`select r.id as request_id, r.message, r.created_at, ${cardColumns(me)}
        from ${friendRequests} r join ${users} u on u.id = ${other} ${cardJoins(me)}
        where ${where}
        order by r.created_at desc, r.id desc limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${friendRequests} r join ${users} u on u.id = ${other} where ${where}`,
  );
  return {
    list: rows.slice(0, pageSize).map((r) => ({
      request_id: r.request_id,
      direction,
      member: toCard(r),
      message: r.message,
      created_at: new Date(r.created_at).toISOString(),
    })),
    page,
    page_size: pageSize,
    has_more: rows.length > pageSize,
    total: count?.n ?? 0,
  };
};

/** How many requests wait for this member's answer. */
export const receivedCount = async (db: Db, me: number): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${friendRequests} r join ${users} u on u.id = r.from_user_id
        where r.status = 'pending' and r.to_user_id = ${me} and u.status = 'active'
          and not exists (select 1 from ${blocks} b where (b.blocker_id = ${me} and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = ${me}))`,
  );
  return row?.n ?? 0;
};

