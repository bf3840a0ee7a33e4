import { sql, type SQL } from 'drizzle-orm';
import type { MemberCard } from '../../../schemas/api/people.ts';
import { blocks, chapters, friendRequests, friendships, profiles } from '../../db/schema/index.ts';

/**
 * A member as lists show them (search, friends, requests), with how the viewer relates to them,
 * computed in the same query. Use with `from users u`: `select ${cardColumns(v)} from users u ${cardJoins(v)}`.
 */
export const cardColumns = (viewerId: number): SQL => sql`
  u.id as user_id, u.nick_name, u.avatar,
  ch.id as chapter_id, ch.name as chapter_name, ch.level as chapter_level,
  case when u.id = ${viewerId} then 'self'
       when exists (select 1 from ${blocks} b where b.blocker_id = ${viewerId} and b.blocked_id = u.id) then 'blocked'
       when exists (select 1 from ${friendships} f where f.user_id = ${viewerId} and f.friend_id = u.id) then 'friend'
       when pr.from_user_id = ${viewerId} then 'request_sent'
       when pr.to_user_id = ${viewerId} then 'request_received'
       else 'none' end as relation,
  pr.id as pending_request_id`;

export const cardJoins = (viewerId: number): SQL => sql`
  left join ${profiles} pf on pf.user_id = u.id
  left join ${chapters} ch on ch.id = pf.chapter_id
  left join lateral (
    select r.id, r.from_user_id, r.to_user_id from ${friendRequests} r
    where r.status = 'pending'
      and ((r.from_user_id = ${viewerId} and r.to_user_id = u.id) or (r.from_user_id = u.id and r.to_user_id = ${viewerId}))
    order by r.id desc limit 1
  ) pr on true`;

export interface CardRow extends Record<string, unknown> {
  user_id: number;
  nick_name: string;
  avatar: string;
  chapter_id: number | null;
  chapter_name: string | null;
  chapter_level: string | null;
  relation: MemberCard['relation'];
  pending_request_id: number | null;
}

export const toCard = (r: CardRow): MemberCard => ({
  user_id: r.user_id,
  nick_name: r.nick_name,
  avatar: r.avatar,
  chapter:
    r.chapter_id === null ? null : { id: r.chapter_id, name: r.chapter_name ?? '', level: (r.chapter_level ?? 'local') as NonNullable<MemberCard['chapter']>['level'] },
  relation: r.relation,
  request_id: r.relation === 'request_sent' || r.relation === 'request_received' ? r.pending_request_id : null,
});
