import { and, eq, sql, type SQL } from 'drizzle-orm';
import * as calls from '../../../schemas/api/channels.ts';
import { PAGE_SIZE_DEFAULT } from '../../../schemas/api/community-fields.ts';
import { Status } from '../../../schemas/status.ts';
import { queryRows } from '../../db/client.ts';
import { channelFollows, channels } from '../../db/schema/index.ts';
import { ApiError, invalid, notFound } from '../../http/answer.ts';
import { implement } from '../../http/context.ts';
import { createClub } from '../clubs/club-actions.ts';
import { clubView, likePattern } from '../clubs/club-views.ts';
import { likersPage } from '../feed/likes.ts';
import { channelPostsPage } from '../feed/posts.ts';
import { deletePost, insertPost } from '../feed/post-writes.ts';
import { postFor } from '../feed/post-views.ts';
import { hiddenFrom } from '../friends/relations.ts';
import { boardSeats, channelDetailOf, channelView, isOnBoard, pageOfChannels, selectChannels, subtreeOf } from './channel-views.ts';

const size = (pageSize: number | undefined) => pageSize ?? PAGE_SIZE_DEFAULT;
const iso = (d: Date | string) => new Date(d).toISOString();

const requireBoard = async (db: Parameters<typeof isOnBoard>[0], channelId: number, userId: number) => {
  if (!(await isOnBoard(db, channelId, userId))) throw new ApiError(Status.forbidden, 'channelNotBoard');
};

export const channelCalls = [
  implement(calls.channelList, async ({ parent_id, level, keyword, page = 1, page_size }, { deps, member }) => {
    const where: SQL[] = [];
    const words = (keyword ?? '').trim();
    if (parent_id !== undefined) where.push(sql`k.parent_id = ${parent_id}`);
    if (level) where.push(sql`k.level = ${level}`);
    if (words) where.push(sql`k.name ilike ${likePattern(words)}`);
    // Nothing asked: the top of the hierarchy.
    if (where.length === 0) where.push(sql`k.parent_id is null`);
    return pageOfChannels(deps.db, member.userId, sql.join(where, sql` and `), page, size(page_size));
  }),
  implement(calls.channelDetail, async ({ channel_id }, { deps, member }) => channelDetailOf(deps.db, member.userId, channel_id)),
  implement(calls.channelTwinning, async ({ channel_id }, { deps, member }) => {
    await channelView(deps.db, member.userId, channel_id);
    const twins = await queryRows<{ id: number; since: number }>(
      deps.db,
      sql`select case when t.low_id = ${channel_id} then t.high_id else t.low_id end as id, t.since
        from channel_twins t where t.low_id = ${channel_id} or t.high_id = ${channel_id}`,
    );
    if (twins.length === 0) return [];
    const views = await selectChannels(deps.db, member.userId, {
      where: sql`k.id in (${sql.join(
        twins.map((t) => sql`${t.id}`),
        sql`, `,
      )})`,
    });
    const since = new Map(twins.map((t) => [t.id, t.since]));
    return views.map((channel) => ({ channel, since: since.get(channel.channel_id)! })).sort((a, b) => a.since - b.since || a.channel.name.localeCompare(b.channel.name));
  }),
  implement(calls.getChannelPost, async ({ channel_id, page = 1, page_size }, { deps, member }) => {
    await channelView(deps.db, member.userId, channel_id);
    return channelPostsPage(deps.db, member.userId, channel_id, page, size(page_size));
  }),
  implement(calls.channelFollow, async ({ channel_id, follow = true }, { deps, member }) => {
    await channelView(deps.db, member.userId, channel_id);
    if (follow) await deps.db.insert(channelFollows).values({ channelId: channel_id, userId: member.userId }).onConflictDoNothing();
    else await deps.db.delete(channelFollows).where(and(eq(channelFollows.channelId, channel_id), eq(channelFollows.userId, member.userId)));
    return channelView(deps.db, member.userId, channel_id);
  }),
  implement(calls.channelAbout, async ({ channel_id }, { deps, member }) => {
    await channelView(deps.db, member.userId, channel_id);
    const [page] = await deps.db.select().from(channels).where(eq(channels.chapterId, channel_id));
    const seats = await boardSeats(deps.db, channel_id, true);
    return {
      channel_id,
      about: page?.about ?? '',
      founded: page?.founded ?? null,
      website: page?.website ?? '',
      email: page?.email ?? '',
      board_year: seats[0]?.year ?? null,
      board: seats.map(({ user_id, nick_name, avatar, title }) => ({ user_id, nick_name, avatar, title })),
    };
  }),
  implement(calls.channelFile, async ({ channel_id, page = 1, page_size }, { deps, member }) => {
    await channelView(deps.db, member.userId, channel_id);
    const pageSize = size(page_size);
    const rows = await queryRows<{ file_id: number; title: string; url: string; kind: string; created_at: Date | string }>(
      deps.db,
      sql`select id as file_id, title, url, kind, created_at from channel_files where channel_id = ${channel_id}
        order by created_at desc, id desc limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
    );
    return { list: rows.slice(0, pageSize).map((r) => ({ ...r, created_at: iso(r.created_at) })), page, page_size: pageSize, has_more: rows.length > pageSize };
  }),
  implement(calls.operationChannelPost, async (body, { deps, member }) => {
    await channelView(deps.db, member.userId, body.channel_id);
    await requireBoard(deps.db, body.channel_id, member.userId);
    if (body.action === 'create') {
      if (body.content === undefined) throw invalid('content', 'is required to post');
      return insertPost(deps.db, member.userId, { clientId: body.client_id, content: body.content, images: body.images, visibility: 'channel', channelId: body.channel_id });
    }
    if (body.post_id === undefined) throw invalid('post_id', 'is required to delete');
    const post = await postFor(deps.db, member.userId, body.post_id);
    if (post?.channel_id !== body.channel_id) throw notFound('channel post');
    await deletePost(deps.db, member.userId, body.post_id);
    return null;
  }),
  implement(calls.userAuth, async (_body, { deps, member }) => {
    const memberOf = await queryRows<{ channel_id: number; name: string; level: calls.ChapterLevel; is_senator: boolean }>(
      deps.db,
      sql`with recursive up(id, depth) as (
          select pr.chapter_id, 0 from profiles pr where pr.user_id = ${member.userId} and pr.chapter_id is not null
          union all select c.parent_id, up.depth + 1 from chapters c join up on c.id = up.id where c.parent_id is not null)
        select k.id as channel_id, k.name, k.level,
          exists (select 1 from chapter_senators s where s.channel_id = k.id and s.user_id = ${member.userId}) as is_senator
        from up join chapters k on k.id = up.id order by up.depth`,
    );
    const boardOf = await queryRows<{ channel_id: number; name: string; level: calls.ChapterLevel; title: string }>(
      deps.db,
      sql`select k.id as channel_id, k.name, k.level, b.title from channel_board b join chapters k on k.id = b.channel_id
        where b.user_id = ${member.userId} and b.year = (select max(b2.year) from channel_board b2 where b2.channel_id = b.channel_id)
        order by k.name`,
    );
    return { member_of: memberOf, board_of: boardOf };
  }),
  implement(calls.createOrganizationGroup, async ({ channel_id, join_mode, ...fields }, { deps, member }) => {
    await channelView(deps.db, member.userId, channel_id);
    await requireBoard(deps.db, channel_id, member.userId);
    const id = await createClub(deps.db, member.userId, { ...fields, joinMode: join_mode }, channel_id);
    return clubView(deps.db, member.userId, id);
  }),
  implement(calls.channelPostLikePage, async ({ post_id, page = 1, page_size }, { deps, member }) =>
    likersPage(deps.db, member.userId, post_id, page, size(page_size), { channelOnly: true }),
  ),
  implement(calls.getOrganizationCareerList, async ({ channel_id }, { deps, member }) => {
    await channelView(deps.db, member.userId, channel_id);
    const seats = await boardSeats(deps.db, channel_id, false);
    const years: { year: number; current: boolean; board: { user_id: number | null; nick_name: string; avatar: string; title: string }[] }[] = [];
    for (const { year, user_id, nick_name, avatar, title } of seats) {
      let entry = years.at(-1);
      if (entry?.year !== year) {
        entry = { year, current: years.length === 0, board: [] };
        years.push(entry);
      }
      entry.board.push({ user_id, nick_name, avatar, title });
    }
    return years;
  }),
  implement(calls.getOrganizationMembersList, async ({ channel_id, keyword, page = 1, page_size }, { deps, member }) => {
    await channelView(deps.db, member.userId, channel_id);
    const pageSize = size(page_size);
    const words = (keyword ?? '').trim();
    const rows = await queryRows<{ user_id: number; nick_name: string; avatar: string; since: Date | string; is_senator: boolean }>(
      deps.db,
      sql`select u.id as user_id, u.nick_name, u.avatar, u.created_at as since,
          exists (select 1 from chapter_senators s where s.user_id = u.id) as is_senator
        from profiles pr join users u on u.id = pr.user_id
        where pr.chapter_id in ${subtreeOf(channel_id)} and u.status = 'active' and u.id not in ${hiddenFrom(member.userId)}
          ${words ? sql`and u.nick_name ilike ${likePattern(words)}` : sql``}
        order by u.nick_name, u.id limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
    );
    return { list: rows.slice(0, pageSize).map((r) => ({ ...r, since: iso(r.since) })), page, page_size: pageSize, has_more: rows.length > pageSize };
  }),
  implement(calls.getOrganizationSenateList, async ({ channel_id, page = 1, page_size }, { deps, member }) => {
    await channelView(deps.db, member.userId, channel_id);
    const pageSize = size(page_size);
    const rows = await queryRows<{ user_id: number; nick_name: string; avatar: string; senate_number: number; since: Date | string }>(
      deps.db,
      sql`select u.id as user_id, u.nick_name, u.avatar, s.senate_number, s.since
        from chapter_senators s join users u on u.id = s.user_id
        where s.channel_id in ${subtreeOf(channel_id)} and u.id not in ${hiddenFrom(member.userId)}
        order by s.senate_number, u.id limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
    );
    return { list: rows.slice(0, pageSize).map((r) => ({ ...r, since: iso(r.since) })), page, page_size: pageSize, has_more: rows.length > pageSize };
  }),
  implement(calls.myChannel, async ({ page = 1, page_size }, { deps, member }) =>
    pageOfChannels(
      deps.db,
      member.userId,
      sql`exists (select 1 from channel_follows f where f.channel_id = k.id and f.user_id = ${member.userId})`,
      page,
      size(page_size),
      sql`(select f.created_at from channel_follows f where f.channel_id = k.id and f.user_id = ${member.userId}) desc, k.id`,
    ),
  ),
  implement(calls.cancelChannel, async ({ channel_id }, { deps, member }) => {
    await channelView(deps.db, member.userId, channel_id);
    await deps.db.delete(channelFollows).where(and(eq(channelFollows.channelId, channel_id), eq(channelFollows.userId, member.userId)));
    return null;
  }),
];
