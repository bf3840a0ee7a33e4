import { sql, type SQL } from 'drizzle-orm';
import { allSystemList, delSystemList, systemList, UnreadMessage } from '../../../schemas/api/notifications.ts';
import { PAGE_SIZE_DEFAULT } from '../../../schemas/api/community-fields.ts';
import { queryRows } from '../../db/client.ts';
import { invalid } from '../../http/answer.ts';
import { implement } from '../../http/context.ts';
import { announceUnread } from './notify.ts';
import { kindsOf, unreadCounts, viewsOf } from './views.ts';

const idList = (ids: number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

export const notificationCalls = [
  implement(systemList, async ({ category, unread_only, page = 1, page_size = PAGE_SIZE_DEFAULT }, { deps, member }) => {
    const where: SQL[] = [sql`true`];
    if (category) where.push(sql`n.kind in ${kindsOf(category)}`);
    if (unread_only) where.push(sql`n.read_at is null`);
    const rows = await viewsOf(deps.db, member.userId, sql.join(where, sql` and `), { limit: page_size + 1, offset: (page - 1) * page_size });
    return {
      list: rows.slice(0, page_size),
      page,
      page_size,
      has_more: rows.length > page_size,
      unread: await unreadCounts(deps.db, member.userId),
    };
  }),

  implement(allSystemList, async ({ ids, category }, { deps, member }) => {
    await queryRows(
      deps.db,
      sql`update notifications n set read_at = now() where n.user_id = ${member.userId} and n.read_at is null
        ${ids ? sql`and n.id in ${idList(ids)}` : sql``} ${category ? sql`and n.kind in ${kindsOf(category)}` : sql``}`,
    );
    return announceUnread(deps, member.userId);
  }),

  implement(delSystemList, async ({ ids, read }, { deps, member }) => {
    if (!ids && !read) throw invalid('ids', 'must list the notifications to delete, or read must be true');
    await queryRows(
      deps.db,
      sql`delete from notifications n where n.user_id = ${member.userId}
        ${ids ? sql`and n.id in ${idList(ids)}` : sql``} ${read ? sql`and n.read_at is not null` : sql``}`,
    );
    return announceUnread(deps, member.userId);
  }),

  implement(UnreadMessage, async (_body, { deps, member }) => unreadCounts(deps.db, member.userId)),
];
