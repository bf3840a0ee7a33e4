import { and, eq, sql } from 'drizzle-orm';
import type { ChatMessage } from '../../../schemas/api/chat.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { conversationMembers, conversations, messages, users } from '../../db/schema/index.ts';
import { invalid, notFound, forbidden } from '../../http/answer.ts';
import { chatKeyOf } from './keys.ts';

type Row = typeof messages.$inferSelect;
type Conversation = typeof conversations.$inferSelect;

/** PostgreSQL's unique_violation, whether the driver's error arrives bare or wrapped by Drizzle. */
const isUniqueViolation = (e: unknown): boolean => {
  for (let err = e, depth = 0; typeof err === 'object' && err !== null && depth < 4; err = (err as { cause?: unknown }).cause, depth++) {
    if ((err as { code?: string }).code === '23505') return true;
  }
  return false;
};

/** A stored message as clients see it. */
export const toChatMessage = (row: Row, conv: Pick<Conversation, 'kind' | 'id' | 'lowUserId' | 'highUserId'>, sender?: { nickName: string; avatar: string } | null): ChatMessage => ({
  id: row.id,
  chat_key: chatKeyOf(conv),
  group_id: conv.kind === 'direct' ? null : conv.id,
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

/**
 * Stores a message once. Messages of one conversation take consecutive orders in commit order;
 * a resend of an id already stored returns that message unchanged (`created` false) and takes
 * no new order.
 */
export const appendMessage = async (
  db: Db,
  input: {
    conversation: Pick<Conversation, 'kind' | 'id' | 'lowUserId' | 'highUserId'>;
    id: string;
    senderId: number | null;
    /** The sender's card as messages show it; null for system messages. */
    sender: { nickName: string; avatar: string } | null;
    content: string;
    msgType: number;
  },
): Promise<{ message: ChatMessage; created: boolean }> => {
  const conv = input.conversation;
  try {
    // One statement, so one round trip and atomic by itself: take the conversation's next value
    // (its row stays locked until the statement commits) and insert the message under it.
    const [row] = await queryRows<{ id: string; seq: number; rev: number; send_time: string | Date }>(
      db,
      sql`with clock as (
            update ${conversations} set counter = counter + 1, last_message_at = now()
            where id = ${conv.id} returning counter
          )
          insert into ${messages} (id, conversation_id, seq, rev, sender_id, msg_type, content, send_time)
          select ${input.id}, ${conv.id}, counter, counter, ${input.senderId}, ${input.msgType}, ${input.content}, now() from clock
          returning id, seq, rev, send_time`,
    );
    if (!row) throw notFound('conversation');
    const stored = { id: row.id, conversationId: conv.id, seq: row.seq, rev: row.rev, senderId: input.senderId, msgType: input.msgType, content: input.content, sendTime: new Date(row.send_time), deletedAt: null };
    return { message: toChatMessage(stored, conv, input.sender), created: true };
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // A resend: the failed statement took no value. Return the stored message, if it is this one.
    const [existing] = await db.select().from(messages).where(eq(messages.id, input.id));
    if (!existing || existing.conversationId !== conv.id || existing.senderId !== input.senderId) {
      throw invalid('id', 'is already used by another message');
    }
    return { message: toChatMessage(existing, conv, input.sender), created: false };
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
 * Everything that changed in this member's conversations of one stream after the checkpoint
 * (`direct`, or `group`: every room, groups and activity rooms alike):
 * per conversation, revisions above the one the client holds, in revision order, from the time
 * the member joined. The new checkpoint says how far this answer goes.
 */
export const pullMessages = async (db: Db, userId: number, kind: 'direct' | 'group', checkpoint: Record<string, number>, limit: number) => {
  const rows = await queryRows<PulledRow>(db, sql`
    select m.id, m.conversation_id, m.seq, m.rev, m.sender_id, m.msg_type, m.content, m.send_time, m.deleted_at,
           c.kind, c.low_user_id, c.high_user_id, u.nick_name, u.avatar
    from ${conversationMembers} cm
    join ${conversations} c on c.id = cm.conversation_id and ${kind === 'direct' ? sql`c.kind = 'direct'` : sql`c.kind <> 'direct'`}
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
