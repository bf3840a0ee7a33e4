import { and, eq, sql } from 'drizzle-orm';
import type { ChatMessage } from '../../../schemas/api/chat.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { conversationMembers, conversations, messages, users } from '../../db/schema/index.ts';
import { invalid, notFound, forbidden } from '../../http/answer.ts';
import { chatKeyOf } from './keys.ts';

type Row = typeof messages.$inferSelect;
type Conversation = typeof conversations.$inferSelect;

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

/** A stored message as clients see it. */
export const toChatMessage = (row: Row, conv: Pick<Conversation, 'kind' | 'id' | 'lowUserId' | 'highUserId'>, sender?: { nickName: string; avatar: string } | null): ChatMessage => ({
  id: row.id,
  chat_key: chatKeyOf(conv),
  group_id: conv.kind === 'group' ? conv.id : null,
  order: row.seq,
  rev: row.rev,
  send_user_id: row.senderId,
  nick_name: sender?.nickName ?? '',
  avatar: sender?.avatar ?? '',
  msg_type: row.msgType,
  content: row.deletedAt ? '' : row.content,
  send_time: row.sendTime.toISOString(),
  deleted: row.deletedAt !== null,
});

const senderOf = async (db: Db, userId: number | null) =>
  userId === null ? null : ((await db.select({ nickName: users.nickName, avatar: users.avatar }).from(users).where(eq(users.id, userId)))[0] ?? null);

/**
 * Stores a message once. The conversation row is locked first, so messages of one conversation
 * take consecutive orders in commit order; a resend of an id already stored returns that message
 * unchanged (`created` false) instead of writing it again.
 */
export const appendMessage = async (
  db: Db,
  input: { conversationId: number; id: string; senderId: number | null; content: string; msgType: number },
): Promise<{ message: ChatMessage; created: boolean }> => {
  try {
    return await db.transaction(async (tx) => {
      const [conv] = await tx.select().from(conversations).where(eq(conversations.id, input.conversationId)).for('update');
      if (!conv) throw notFound('conversation');
      const [existing] = await tx.select().from(messages).where(eq(messages.id, input.id));
      if (existing) {
        if (existing.conversationId !== input.conversationId || existing.senderId !== input.senderId) {
          throw invalid('id', 'is already used by another message');
        }
        return { message: toChatMessage(existing, conv, await senderOf(tx, existing.senderId)), created: false };
      }
      const next = conv.counter + 1;
      const now = new Date();
      await tx.update(conversations).set({ counter: next, lastMessageAt: now }).where(eq(conversations.id, conv.id));
      const [row] = await tx
        .insert(messages)
        .values({ id: input.id, conversationId: conv.id, seq: next, rev: next, senderId: input.senderId, msgType: input.msgType, content: input.content, sendTime: now })
        .returning();
      return { message: toChatMessage(row!, conv, await senderOf(tx, input.senderId)), created: true };
    });
  } catch (e) {
    // The same id sent at the same instant into another conversation: the key decides.
    if (isUniqueViolation(e)) throw invalid('id', 'is already used by another message');
    throw e;
  }
};

/** Deletes a message for everyone: it keeps its place, loses its text, and takes a new revision. */
export const deleteMessage = async (db: Db, id: string, byUserId: number) =>
  db.transaction(async (tx) => {
    const [found] = await tx.select().from(messages).where(eq(messages.id, id));
    if (!found || found.deletedAt) throw notFound('message');
    if (found.senderId !== byUserId) throw forbidden();
    const [conv] = await tx.select().from(conversations).where(eq(conversations.id, found.conversationId)).for('update');
    const [member] = await tx
      .select({ one: sql`1` })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conv!.id), eq(conversationMembers.userId, byUserId)));
    if (!member) throw forbidden();
    const rev = conv!.counter + 1;
    await tx.update(conversations).set({ counter: rev }).where(eq(conversations.id, conv!.id));
    await tx.update(messages).set({ rev, deletedAt: new Date(), content: '' }).where(eq(messages.id, id));
    return { conv: conv!, rev };
  });

interface PulledRow extends Record<string, unknown> {
  id: string;
  conversation_id: number;
  seq: number;
  rev: number;
  sender_id: number | null;
  msg_type: number;
  content: string;
  send_time: string | Date;
  deleted_at: string | Date | null;
  kind: string;
  low_user_id: number | null;
  high_user_id: number | null;
  nick_name: string | null;
  avatar: string | null;
}

/**
 * Everything that changed in this member's conversations of one kind after the checkpoint:
 * per conversation, revisions above the one the client holds, in revision order, from the time
 * the member joined. The new checkpoint says how far this answer goes.
 */
export const pullMessages = async (db: Db, userId: number, kind: 'direct' | 'group', checkpoint: Record<string, number>, limit: number) => {
  const rows = await queryRows<PulledRow>(db, sql`
    select m.id, m.conversation_id, m.seq, m.rev, m.sender_id, m.msg_type, m.content, m.send_time, m.deleted_at,
           c.kind, c.low_user_id, c.high_user_id, u.nick_name, u.avatar
    from ${conversationMembers} cm
    join ${conversations} c on c.id = cm.conversation_id and c.kind = ${kind}
    join ${messages} m on m.conversation_id = cm.conversation_id
      and m.seq > cm.joined_seq
      and m.rev > coalesce((${JSON.stringify(checkpoint)}::jsonb ->> cm.conversation_id::text)::int, 0)
    left join ${users} u on u.id = m.sender_id
    where cm.user_id = ${userId}
    order by m.conversation_id, m.rev
    limit ${limit}
  `);
  const next = { ...checkpoint };
  const list = rows.map((r) => {
    const key = String(r.conversation_id);
    next[key] = Math.max(next[key] ?? 0, r.rev);
    return toChatMessage(
      {
        id: r.id,
        conversationId: r.conversation_id,
        seq: r.seq,
        rev: r.rev,
        senderId: r.sender_id,
        msgType: r.msg_type,
        content: r.content,
        sendTime: new Date(r.send_time),
        deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at),
      },
      { kind: r.kind, id: r.conversation_id, lowUserId: r.low_user_id, highUserId: r.high_user_id },
      r.nick_name === null ? null : { nickName: r.nick_name, avatar: r.avatar ?? '' },
    );
  });
  return { list, checkpoint: next, has_more: rows.length === limit };
};
