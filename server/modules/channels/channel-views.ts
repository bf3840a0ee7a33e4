/* Channels as a member sees them: the hierarchy of chapters, a channel's page, its people. */
import { sql, type SQL } from 'drizzle-orm';
import type { ChannelView } from '../../../schemas/api/channels.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound } from '../../http/answer.ts';
import { onCurrentBoard } from '../feed/post-views.ts';

/** SQL for the ids of a chapter and every chapter below it. */
export const subtreeOf = (channelId: number): SQL => sql`(
  with recursive sub(id) as (select ${channelId}::int union all select c.id from chapters c join sub on c.parent_id = sub.id)
  select id from sub)`;

interface Row extends Record<string, unknown> {
  id: number;
  name: string;
  level: ChannelView['level'];
  parent_id: number | null;
  country: string;
  avatar: string;
  cover: string;
  follower_count: number;
  child_count: number;
  is_following: boolean;
  is_board: boolean;
}

/** Channels (chapters aliased `k`) matching `where`, as `viewerId` sees them. */
export const selectChannels = async (db: Db, viewerId: number, opts: { where: SQL; order?: SQL; limit?: number; offset?: number }): Promise<ChannelView[]> => {
  const rows = await queryRows<Row>(
    db,
    sql`select k.id, k.name, k.level, k.parent_id, k.country, coalesce(ch.avatar, '') as avatar, coalesce(ch.cover, '') as cover,
        (select count(*) from channel_follows f where f.channel_id = k.id)::int as follower_count,
        (select count(*) from chapters c2 where c2.parent_id = k.id)::int as child_count,
        exists (select 1 from channel_follows f where f.channel_id = k.id and f.user_id = ${viewerId}) as is_following,
        ${onCurrentBoard(sql`k.id`, viewerId)} as is_board
      from chapters k left join channels ch on ch.chapter_id = k.id
      where ${opts.where}
      order by ${opts.order ?? sql`k.name, k.id`}
      ${opts.limit !== undefined ? sql`limit ${opts.limit}` : sql``}
      ${opts.offset ? sql`offset ${opts.offset}` : sql``}`,
  );
  return rows.map((r) => ({
    channel_id: r.id,
    name: r.name,
    level: r.level,
    parent_id: r.parent_id,
    country: r.country,
    avatar: r.avatar,
    cover: r.cover,
    follower_count: r.follower_count,
    child_count: r.child_count,
    is_following: r.is_following,
    is_board: r.is_board,
  }));
};

export const channelView = async (db: Db, viewerId: number, channelId: number): Promise<ChannelView> => {
  const [channel] = await selectChannels(db, viewerId, { where: sql`k.id = ${channelId}` });
  if (!channel) throw notFound('channel');
  return channel;
};

export const pageOfChannels = async (db: Db, viewerId: number, where: SQL, page: number, pageSize: number, order?: SQL) => {
  const rows = await selectChannels(db, viewerId, { where, order, limit: pageSize + 1, offset: (page - 1) * pageSize });
  return { list: rows.slice(0, pageSize), page, page_size: pageSize, has_more: rows.length > pageSize };
};

/** A channel with the way up to the global channel and its counts. */
export const channelDetailOf = async (db: Db, viewerId: number, channelId: number) => {
  const channel = await channelView(db, viewerId, channelId);
  const ancestors = await queryRows<{ channel_id: number; name: string; level: ChannelView['level'] }>(
    db,
    sql`with recursive up(id, name, level, parent_id, depth) as (
        select c.id, c.name, c.level, c.parent_id, 0 from chapters c where c.id = ${channel.parent_id ?? 0}
        union all
        select c.id, c.name, c.level, c.parent_id, up.depth + 1 from chapters c join up on c.id = up.parent_id)
      select id as channel_id, name, level from up order by depth desc`,
  );
  const [counts] = await queryRows<{ members: number; senators: number; twins: number }>(
    db,
    sql`select
      (select count(*) from profiles pr join users u on u.id = pr.user_id where pr.chapter_id in ${subtreeOf(channelId)} and u.status = 'active')::int as members,
      (select count(*) from chapter_senators s where s.channel_id in ${subtreeOf(channelId)})::int as senators,
      (select count(*) from channel_twins t where t.low_id = ${channelId} or t.high_id = ${channelId})::int as twins`,
  );
  return { ...channel, ancestors, member_count: counts?.members ?? 0, senator_count: counts?.senators ?? 0, twin_count: counts?.twins ?? 0 };
};

/** Whether the member sits on the chapter's current board (the seats of its latest year). */
export const isOnBoard = async (db: Db, channelId: number, userId: number): Promise<boolean> => {
  const [row] = await queryRows<{ yes: boolean }>(db, sql`select ${onCurrentBoard(sql`${channelId}::int`, userId)} as yes`);
  return row?.yes ?? false;
};

export interface Seat extends Record<string, unknown> {
  year: number;
  user_id: number | null;
  nick_name: string;
  avatar: string;
  title: string;
}

/** Board seats of a chapter, latest year first, in the board's own order. */
export const boardSeats = (db: Db, channelId: number, onlyLatest: boolean) =>
  queryRows<Seat>(
    db,
    sql`select b.year, b.user_id, coalesce(u.nick_name, b.name) as nick_name, coalesce(u.avatar, '') as avatar, b.title
      from channel_board b left join users u on u.id = b.user_id
      where b.channel_id = ${channelId}
        ${onlyLatest ? sql`and b.year = (select max(b2.year) from channel_board b2 where b2.channel_id = ${channelId})` : sql``}
      order by b.year desc, b.sort_order, b.id`,
  );
