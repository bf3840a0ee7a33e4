/* Reading posts as one member may see them: the visibility rule, and the post as the client shows it. */
import { sql, type SQL } from 'drizzle-orm';
import type { PostView } from '../../../schemas/api/feed.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { friendIdsOf, hiddenFrom } from '../friends/relations.ts';

/**
 * Whether the post aliased `p` may be read by `viewerId`: not deleted, no block between the two
 * members either way, and its audience includes the viewer — everyone, the author's friends, the
 * active members of its (not dissolved) club, or anyone for a channel's post.
 */
export const canSee = (viewerId: number): SQL => sql`(
  p.deleted_at is null
  and p.user_id not in ${hiddenFrom(viewerId)}
  and (p.club_id is null or exists (select 1 from clubs c where c.id = p.club_id and c.dissolved_at is null))
  and (
    p.user_id = ${viewerId}
    or p.visibility in ('public', 'channel')
    or (p.visibility = 'friends' and p.user_id in ${friendIdsOf(viewerId)})
    or (p.visibility = 'club' and exists (
      select 1 from club_members m where m.club_id = p.club_id and m.user_id = ${viewerId} and m.status = 'active'))
  )
)`;

/** The board of a channel is the one of its latest year. */
const onCurrentBoard = (channel: SQL, viewerId: number) => sql`exists (
  select 1 from channel_board b where b.channel_id = ${channel} and b.user_id = ${viewerId}
    and b.year = (select max(b2.year) from channel_board b2 where b2.channel_id = ${channel}))`;

interface Row extends Record<string, unknown> {
  id: number;
  client_id: string | null;
  user_id: number;
  nick_name: string;
  avatar: string;
  content: string;
  images: string[];
  visibility: PostView['visibility'];
  club_id: number | null;
  club_name: string;
  channel_id: number | null;
  channel_name: string;
  channel_avatar: string;
  location: string;
  shared_post_id: number | null;
  created_at: Date | string;
  edited_at: Date | string | null;
  like_count: number;
  comment_count: number;
  share_count: number;
  liked: boolean;
  can_moderate: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Posts matching `where` (about the post aliased `p`) that the viewer may see, as the client
 * shows them, in `order`; `limit`/`offset` page them.
 */
export const selectPosts = async (
  db: Db,
  viewerId: number,
  opts: { where?: SQL; order?: SQL; limit?: number; offset?: number },
): Promise<PostView[]> => {
  const rows = await queryRows<Row>(
    db,
    sql`select p.id, p.client_id::text as client_id, p.user_id, u.nick_name, u.avatar, p.content, p.images, p.visibility,
        p.club_id, coalesce(c.name, '') as club_name, p.channel_id, coalesce(chp.name, '') as channel_name,
        coalesce(ch.avatar, '') as channel_avatar, p.location, p.shared_post_id, p.created_at, p.edited_at,
        (select count(*) from post_likes l where l.post_id = p.id)::int as like_count,
        (select count(*) from post_comments pc where pc.post_id = p.id and pc.deleted_at is null
           and pc.user_id not in ${hiddenFrom(viewerId)})::int as comment_count,
        (select count(*) from posts s where s.shared_post_id = p.id and s.deleted_at is null)::int as share_count,
        exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ${viewerId}) as liked,
        (exists (select 1 from club_members m where m.club_id = p.club_id and m.user_id = ${viewerId}
                   and m.status = 'active' and m.role in ('leader', 'admin'))
         or (p.channel_id is not null and ${onCurrentBoard(sql`p.channel_id`, viewerId)})) as can_moderate
      from posts p
      join users u on u.id = p.user_id
      left join clubs c on c.id = p.club_id
      left join chapters chp on chp.id = p.channel_id
      left join channels ch on ch.chapter_id = p.channel_id
      where ${canSee(viewerId)} ${opts.where ? sql`and ${opts.where}` : sql``}
      order by ${opts.order ?? sql`p.created_at desc, p.id desc`}
      ${opts.limit !== undefined ? sql`limit ${opts.limit}` : sql``}
      ${opts.offset ? sql`offset ${opts.offset}` : sql``}`,
  );
  const shared = await sharedPosts(
    db,
    viewerId,
    rows.map((r) => r.shared_post_id).filter((id): id is number => id !== null),
  );
  return rows.map((r) => ({
    post_id: r.id,
    client_id: r.client_id,
    user_id: r.user_id,
    nick_name: r.nick_name,
    avatar: r.avatar,
    content: r.content,
    images: r.images,
    visibility: r.visibility,
    club_id: r.club_id,
    club_name: r.club_name,
    channel_id: r.channel_id,
    channel_name: r.channel_name,
    channel_avatar: r.channel_avatar,
    location: r.location,
    shared: r.shared_post_id === null ? null : (shared.get(r.shared_post_id) ?? gone(r.shared_post_id)),
    created_at: iso(r.created_at),
    edited_at: r.edited_at === null ? null : iso(r.edited_at),
    like_count: r.like_count,
    comment_count: r.comment_count,
    share_count: r.share_count,
    liked: r.liked,
    is_mine: r.user_id === viewerId,
    can_delete: r.user_id === viewerId || r.can_moderate,
  }));
};

const gone = (postId: number): NonNullable<PostView['shared']> => ({
  post_id: postId,
  available: false,
  user_id: 0,
  nick_name: '',
  avatar: '',
  content: '',
  images: [],
  created_at: new Date(0).toISOString(),
});

/** The originals that shares point at, as far as the viewer may see them. */
const sharedPosts = async (db: Db, viewerId: number, ids: number[]) => {
  const out = new Map<number, NonNullable<PostView['shared']>>();
  if (ids.length === 0) return out;
  const rows = await queryRows<{ id: number; user_id: number; nick_name: string; avatar: string; content: string; images: string[]; created_at: Date | string }>(
    db,
    sql`select p.id, p.user_id, u.nick_name, u.avatar, p.content, p.images, p.created_at
      from posts p join users u on u.id = p.user_id
      where p.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${canSee(viewerId)}`,
  );
  for (const r of rows) {
    out.set(r.id, {
      post_id: r.id,
      available: true,
      user_id: r.user_id,
      nick_name: r.nick_name,
      avatar: r.avatar,
      content: r.content,
      images: r.images,
      created_at: iso(r.created_at),
    });
  }
  return out;
};

/** One post as the viewer sees it, or undefined when it does not exist for them. */
export const postFor = async (db: Db, viewerId: number, postId: number): Promise<PostView | undefined> =>
  (await selectPosts(db, viewerId, { where: sql`p.id = ${postId}` }))[0];

/** A page of posts: one extra row tells whether more follow. */
export const pageOfPosts = async (db: Db, viewerId: number, where: SQL, page: number, pageSize: number) => {
  const rows = await selectPosts(db, viewerId, { where, limit: pageSize + 1, offset: (page - 1) * pageSize });
  return { list: rows.slice(0, pageSize), page, page_size: pageSize, has_more: rows.length > pageSize };
};

export { onCurrentBoard };
