/* Clubs as a member sees them: lists, one club's page, its members and applications, its album. */
import { sql, type SQL } from 'drizzle-orm';
import type { ClubMediaView, ClubPersonView, ClubView } from '../../../schemas/api/clubs.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound } from '../../http/answer.ts';
import { hiddenFrom } from '../friends/relations.ts';

interface ClubRow extends Record<string, unknown> {
  id: number;
  name: string;
  intro: string;
  avatar: string;
  cover: string;
  category: ClubView['category'];
  join_mode: ClubView['join_mode'];
  contact: string;
  channel_id: number | null;
  channel_name: string | null;
  creator_id: number | null;
  created_at: Date | string;
  member_count: number;
  leader_id: number | null;
  leader_name: string | null;
  leader_avatar: string | null;
  my_role: 'leader' | 'admin' | 'member' | null;
  my_status: 'active' | 'banned' | null;
  join_pending: boolean;
  admin_pending: boolean;
}

/** `LIKE` text that matches itself literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Clubs (aliased `c`, not dissolved) matching `where`, as `viewerId` sees them. */
export const selectClubs = async (db: Db, viewerId: number, opts: { where?: SQL; order?: SQL; limit?: number; offset?: number } = {}): Promise<ClubView[]> => {
  const rows = await queryRows<ClubRow>(
    db,
    sql`select c.id, c.name, c.intro, c.avatar, c.cover, c.category, c.join_mode, c.contact, c.channel_id, ch.name as channel_name,
        c.creator_id, c.created_at,
        (select count(*) from club_members m where m.club_id = c.id and m.status = 'active')::int as member_count,
        lm.user_id as leader_id, lu.nick_name as leader_name, lu.avatar as leader_avatar,
        me.role as my_role, me.status as my_status,
        exists (select 1 from club_applications a where a.club_id = c.id and a.user_id = ${viewerId} and a.kind = 'join' and a.status = 'pending') as join_pending,
        exists (select 1 from club_applications a where a.club_id = c.id and a.user_id = ${viewerId} and a.kind = 'admin' and a.status = 'pending') as admin_pending
      from clubs c
      left join chapters ch on ch.id = c.channel_id
      left join club_members lm on lm.club_id = c.id and lm.role = 'leader'
      left join users lu on lu.id = lm.user_id
      left join club_members me on me.club_id = c.id and me.user_id = ${viewerId}
      where c.dissolved_at is null ${opts.where ? sql`and ${opts.where}` : sql``}
      order by ${opts.order ?? sql`c.created_at desc, c.id desc`}
      ${opts.limit !== undefined ? sql`limit ${opts.limit}` : sql``}
      ${opts.offset ? sql`offset ${opts.offset}` : sql``}`,
  );
  return rows.map((r) => ({
    club_id: r.id,
    name: r.name,
    intro: r.intro,
    avatar: r.avatar,
    cover: r.cover,
    category: r.category,
    join_mode: r.join_mode,
    contact: r.contact,
    channel_id: r.channel_id,
    channel_name: r.channel_name ?? '',
    creator_id: r.creator_id,
    leader: r.leader_id === null ? null : { user_id: r.leader_id, nick_name: r.leader_name ?? '', avatar: r.leader_avatar ?? '' },
    member_count: r.member_count,
    created_at: new Date(r.created_at).toISOString(),
    my_state: r.my_status === 'active' ? 'member' : r.my_status === 'banned' ? 'banned' : r.join_pending ? 'pending' : 'none',
    my_role: r.my_status === 'active' && r.my_role ? r.my_role : 'none',
    is_creator: r.creator_id === viewerId,
    admin_pending: r.admin_pending,
  }));
};

export const clubView = async (db: Db, viewerId: number, clubId: number): Promise<ClubView> => {
  const [club] = await selectClubs(db, viewerId, { where: sql`c.id = ${clubId}` });
  if (!club) throw notFound('club');
  return club;
};

export const pageOfClubs = async (db: Db, viewerId: number, where: SQL, page: number, pageSize: number) => {
  const rows = await selectClubs(db, viewerId, { where, limit: pageSize + 1, offset: (page - 1) * pageSize });
  return { list: rows.slice(0, pageSize), page, page_size: pageSize, has_more: rows.length > pageSize };
};

interface PersonRow extends Record<string, unknown> {
  user_id: number;
  nick_name: string;
  avatar: string;
  role: ClubPersonView['role'];
  status: ClubPersonView['status'];
  since: Date | string;
  application_id: number | null;
  application_kind: ClubPersonView['application_kind'];
  message: string;
}

const personOf = (r: PersonRow): ClubPersonView => ({ ...r, since: new Date(r.since).toISOString() });

/** Members (leader, administrators, then by joining), administrators, or banned members of a club. */
export const peoplePage = async (db: Db, viewerId: number, clubId: number, list: 'members' | 'admins' | 'banned', page: number, pageSize: number) => {
  const filter = list === 'banned' ? sql`m.status = 'banned'` : list === 'admins' ? sql`m.status = 'active' and m.role in ('leader', 'admin')` : sql`m.status = 'active'`;
  const rows = await queryRows<PersonRow>(
    db,
    sql`select u.id as user_id, u.nick_name, u.avatar, m.role, m.status, m.joined_at as since,
        null::int as application_id, '' as application_kind, '' as message
      from club_members m join users u on u.id = m.user_id
      where m.club_id = ${clubId} and ${filter} and m.user_id not in ${hiddenFrom(viewerId)}
      order by case m.role when 'leader' then 0 when 'admin' then 1 else 2 end, m.joined_at, u.id
      limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
  );
  return { list: rows.slice(0, pageSize).map(personOf), page, page_size: pageSize, has_more: rows.length > pageSize };
};

/** Open applications to a club (to join, or to become an administrator), oldest first. */
export const applicationsPage = async (db: Db, clubId: number, page: number, pageSize: number) => {
  const rows = await queryRows<PersonRow>(
    db,
    sql`select u.id as user_id, u.nick_name, u.avatar, coalesce(m.role, 'none') as role, 'pending' as status, a.created_at as since,
        a.id as application_id, a.kind as application_kind, a.message
      from club_applications a join users u on u.id = a.user_id
      left join club_members m on m.club_id = a.club_id and m.user_id = a.user_id
      where a.club_id = ${clubId} and a.status = 'pending'
      order by a.created_at, a.id
      limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
  );
  return { list: rows.slice(0, pageSize).map(personOf), page, page_size: pageSize, has_more: rows.length > pageSize };
};

export const personView = async (db: Db, clubId: number, userId: number): Promise<ClubPersonView> => {
  const [row] = await queryRows<PersonRow>(
    db,
    sql`select u.id as user_id, u.nick_name, u.avatar, m.role, m.status, m.joined_at as since,
        null::int as application_id, '' as application_kind, '' as message
      from club_members m join users u on u.id = m.user_id where m.club_id = ${clubId} and m.user_id = ${userId}`,
  );
  if (!row) throw notFound('member');
  return personOf(row);
};

interface MediaRow extends Record<string, unknown> {
  id: number;
  kind: ClubMediaView['kind'];
  url: string;
  cover: string;
  caption: string;
  user_id: number | null;
  nick_name: string | null;
  avatar: string | null;
  created_at: Date | string;
}

const mediaOf = (r: MediaRow): ClubMediaView => ({
  media_id: r.id,
  kind: r.kind,
  url: r.url,
  cover: r.cover,
  caption: r.caption,
  user_id: r.user_id ?? 0,
  nick_name: r.nick_name ?? '',
  avatar: r.avatar ?? '',
  created_at: new Date(r.created_at).toISOString(),
});

const selectMedia = (db: Db, where: SQL, limit: number, offset: number) =>
  queryRows<MediaRow>(
    db,
    sql`select x.id, x.kind, x.url, x.cover, x.caption, x.user_id, u.nick_name, u.avatar, x.created_at
      from club_media x left join users u on u.id = x.user_id
      where ${where} order by x.created_at desc, x.id desc limit ${limit} offset ${offset}`,
  );

export const mediaPage = async (db: Db, viewerId: number, clubId: number, kind: 'photo' | 'video', page: number, pageSize: number) => {
  const rows = await selectMedia(
    db,
    sql`x.club_id = ${clubId} and x.kind = ${kind} and (x.user_id is null or x.user_id not in ${hiddenFrom(viewerId)})`,
    pageSize + 1,
    (page - 1) * pageSize,
  );
  return { list: rows.slice(0, pageSize).map(mediaOf), page, page_size: pageSize, has_more: rows.length > pageSize };
};

export const mediaView = async (db: Db, mediaId: number): Promise<ClubMediaView> => {
  const [row] = await selectMedia(db, sql`x.id = ${mediaId}`, 1, 0);
  if (!row) throw notFound('media');
  return mediaOf(row);
};
