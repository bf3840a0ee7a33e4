import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { conversationMembers } from '../../db/schema/index.ts';

/**
 * Each member's unread message total, for the app badge a push sets. The same count as the chat
 * calls' (server/modules/chat/conversations.ts unreadOf): messages by others after the member's
 * read mark and their joining, not deleted, not system messages.
 */
export const unreadTotals = async (db: Db, userIds: number[]): Promise<Map<number, number>> => {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ user_id: number; n: number }>(db, sql`
    select cm.user_id, count(m.id)::int as n
    from ${conversationMembers} cm
    join messages m on m.conversation_id = cm.conversation_id
      and m.seq > greatest(cm.read_seq, cm.joined_seq)
      and m.deleted_at is null and m.msg_type <> 8
      and m.sender_id is distinct from cm.user_id
    where cm.user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})
    group by cm.user_id`);
  return new Map(rows.map((r) => [r.user_id, r.n]));
};
