import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ChatGroup } from '../../../schemas/api/chat.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { blocks, conversationMembers, conversations, friendships, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/answer.ts';
import { groupKey } from './keys.ts';

export type Conversation = typeof conversations.$inferSelect;
export type Membership = typeof conversationMembers.$inferSelect;

/** The conversation of two members, made on first use with both as members. */
export const ensureDirect = async (db: Db, a: number, b: number): Promise<Conversation> => {
  const [low, high] = a < b ? [a, b] : [b, a];
  const find = async (on: Db) =>
    (await on.select().from(conversations).where(and(eq(conversations.kind, 'direct'), eq(conversations.lowUserId, low), eq(conversations.highUserId, high))))[0];
  const existing = await find(db);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ kind: 'direct', lowUserId: low, highUserId: high })
      .onConflictDoNothing()
      .returning();
    // Lost the race: read the winner's row in this transaction, never through the pool, which
    // concurrent first messages may have used up.
    const conv = created ?? (await find(tx))!;
    await tx
      .insert(conversationMembers)
      .values([
        { conversationId: conv.id, userId: low },
        { conversationId: conv.id, userId: high },
      ])
      .onConflictDoNothing();
    return conv;
  });
};

type RoomKind = 'group' | 'model';

/**
 * A group (or, with `kinds`, any room: a group or an activity's room) and this member's place
 * in it; refused alike when it is unknown or not theirs.
 */
export const groupForMember = async (db: Db, groupId: number, userId: number, kinds: readonly RoomKind[] = ['group']): Promise<{ conv: Conversation; me: Membership }> => {
  const [row] = await db
    .select({ conv: conversations, me: conversationMembers })
    .from(conversations)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, userId)))
    .where(and(eq(conversations.id, groupId), inArray(conversations.kind, [...kinds])));
  if (!row) {
    const [exists] = await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.id, groupId), inArray(conversations.kind, [...kinds])));
    throw exists ? forbidden() : notFound('group');
  }
  return row;
};

/** Any room this member is in: a group or an activity's room (what every member of a room may do). */
export const roomForMember = (db: Db, roomId: number, userId: number) => groupForMember(db, roomId, userId, ['group', 'model']);

/** The rooms (groups and activity rooms) this member is in. */
export const roomIdsOf = async (db: Db, userId: number): Promise<number[]> =>
  (
    await db
      .select({ id: conversations.id })
      .from(conversationMembers)
      .innerJoin(conversations, and(eq(conversations.id, conversationMembers.conversationId), inArray(conversations.kind, ['group', 'model'])))
      .where(eq(conversationMembers.userId, userId))
      .orderBy(asc(conversations.id))
  ).map((r) => r.id);

export const canManage = (role: string) => role === 'owner' || role === 'admin';

export const groupView = async (db: Db, conv: Conversation, me: Membership): Promise<ChatGroup> => {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(conversationMembers).where(eq(conversationMembers.conversationId, conv.id));
  return {
    group_id: conv.id,
    chat_key: groupKey(conv.id),
    name: conv.name,
    notice: conv.notice,
    intro: conv.intro,
    owner_id: conv.ownerId,
    member_count: count?.n ?? 0,
    my_role: me.role,
    my_alias: me.alias,
  };
};

export const groupsOf = async (db: Db, userId: number): Promise<ChatGroup[]> => {
  const rows = await db
    .select({ conv: conversations, me: conversationMembers })
    .from(conversationMembers)
    .innerJoin(conversations, and(eq(conversations.id, conversationMembers.conversationId), eq(conversations.kind, 'group')))
    .where(eq(conversationMembers.userId, userId))
    .orderBy(asc(conversations.name), asc(conversations.id));
  return Promise.all(rows.map((r) => groupView(db, r.conv, r.me)));
};

export const memberIdsOf = async (db: Db, conversationId: number): Promise<number[]> =>
  (await db.select({ id: conversationMembers.userId }).from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId))).map((r) => r.id);

export const namesOf = async (db: Db, ids: number[]): Promise<string[]> =>
  ids.length === 0 ? [] : (await db.select({ name: users.nickName }).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id))).map((r) => r.name);

interface UnreadRow extends Record<string, unknown> {
  conversation_id: number;
  kind: string;
  low_user_id: number | null;
  high_user_id: number | null;
  n: number;
}

/**
 * Unread messages per conversation: by others, after the member's read mark, not deleted, not
 * system tags. `group` counts every room (groups and activity rooms): groupInfoNum.
 */
export const unreadOf = async (db: Db, userId: number, kind?: 'direct' | 'group') => {
  return queryRows<UnreadRow>(db, sql`
    select c.id as conversation_id, c.kind, c.low_user_id, c.high_user_id, count(m.id)::int as n
    from ${conversationMembers} cm
    join ${conversations} c on c.id = cm.conversation_id
    join messages m on m.conversation_id = cm.conversation_id
      and m.seq > greatest(cm.read_seq, cm.joined_seq)
      and m.deleted_at is null and m.msg_type <> 8
      and m.sender_id is distinct from ${userId}
    where cm.user_id = ${userId} ${kind === 'direct' ? sql`and c.kind = 'direct'` : kind === 'group' ? sql`and c.kind <> 'direct'` : sql``}
    group by c.id, c.kind, c.low_user_id, c.high_user_id
  `);
};

/** Marks a conversation read up to its newest message. */
export const markRead = async (db: Db, conversationId: number, userId: number) => {
  await db
    .update(conversationMembers)
    .set({ readSeq: sql`(select ${conversations.counter} from ${conversations} where ${conversations.id} = ${conversationId})` })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
};

/**
 * Everything sending to a friend needs to know, in one statement (the hot path of chat): are
 * they friends, is either blocked, and their conversation if it exists yet.
 */
export const directStanding = async (db: Db, me: number, other: number) => {
  const [low, high] = me < other ? [me, other] : [other, me];
  const [row] = await queryRows<{ friends: boolean; blocked: boolean; conversation_id: number | null }>(
    db,
    sql`select
      exists(select 1 from ${friendships} where ${friendships.userId} = ${me} and ${friendships.friendId} = ${other}) as friends,
      exists(select 1 from ${blocks} where (${blocks.blockerId} = ${me} and ${blocks.blockedId} = ${other})
                                     or (${blocks.blockerId} = ${other} and ${blocks.blockedId} = ${me})) as blocked,
      (select ${conversations.id} from ${conversations}
        where ${conversations.kind} = 'direct' and ${conversations.lowUserId} = ${low} and ${conversations.highUserId} = ${high}) as conversation_id`,
  );
  return { friends: row!.friends, blocked: row!.blocked, conversation: row!.conversation_id === null ? null : { kind: 'direct', id: row!.conversation_id, lowUserId: low, highUserId: high } };
};
