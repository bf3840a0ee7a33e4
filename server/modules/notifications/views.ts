/* Reading a member's notifications and their unread counts. */
import { sql, type SQL } from 'drizzle-orm';
import { CATEGORY_OF, NOTIFICATION_KINDS, type NotificationCategory, type NotificationView, type UnreadCountsView } from '../../../schemas/api/notifications.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { hiddenFrom } from '../friends/relations.ts';

/** Notifications caused by a member either side has blocked since are not shown. */
const notBlocked = (userId: number) => sql`(n.actor_id is null or n.actor_id not in ${hiddenFrom(userId)})`;

/** The SQL list of kinds in one category. */
export const kindsOf = (category: NotificationCategory): SQL =>
  sql`(${sql.join(
    NOTIFICATION_KINDS.filter((k) => CATEGORY_OF[k] === category).map((k) => sql`${k}`),
    sql`, `,
  )})`;

interface Row extends Record<string, unknown> {
  id: number;
  kind: NotificationView['kind'];
  actor_id: number | null;
  actor_name: string | null;
  actor_avatar: string | null;
  post_id: number | null;
  comment_id: number | null;
  club_id: number | null;
  club_name: string | null;
  topic: string;
  excerpt: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

/** The member's notifications matching `where` (about `n`), newest first. */
export const viewsOf = async (db: Db, userId: number, where: SQL, page: { limit: number; offset: number }): Promise<NotificationView[]> => {
  const rows = await queryRows<Row>(
    db,
    sql`select n.id, n.kind, n.actor_id, a.nick_name as actor_name, a.avatar as actor_avatar, n.post_id, n.comment_id,
        n.club_id, c.name as club_name, n.topic, n.excerpt, n.created_at, n.read_at
      from notifications n
      left join users a on a.id = n.actor_id
      left join clubs c on c.id = n.club_id
      where n.user_id = ${userId} and ${notBlocked(userId)} and ${where}
      order by n.created_at desc, n.id desc
      limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    actor: r.actor_id === null ? null : { user_id: r.actor_id, nick_name: r.actor_name ?? '', avatar: r.actor_avatar ?? '' },
    post_id: r.post_id,
    comment_id: r.comment_id,
    club_id: r.club_id,
    club_name: r.club_name ?? '',
    excerpt: r.excerpt,
    topic: r.topic,
    created_at: new Date(r.created_at).toISOString(),
    is_read: r.read_at !== null,
  }));
};

export const unreadCounts = async (db: Db, userId: number): Promise<UnreadCountsView> => {
  const rows = await queryRows<{ kind: NotificationView['kind']; n: number }>(
    db,
    sql`select n.kind, count(*)::int as n from notifications n
      where n.user_id = ${userId} and n.read_at is null and ${notBlocked(userId)} group by n.kind`,
  );
  const counts: UnreadCountsView = { total: 0, friends: 0, posts: 0, clubs: 0, system: 0 };
  for (const { kind, n } of rows) {
    counts[CATEGORY_OF[kind]] += n;
    counts.total += n;
  }
  return counts;
};
