/* Friend lists: one's own, and another member's as their privacy allows. */
import { sql } from 'drizzle-orm';
import { Status } from '../../../schemas/status.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { friendships, users } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/answer.ts';
import { visibilityFor } from '../profile/privacy.ts';
import { cardColumns, cardJoins, toCard, type CardRow } from './cards.ts';
import { hiddenFrom, isActiveMember, isBlockedEitherWay } from './relations.ts';

/** Refuses a viewer who may not see `ownerId`'s friends: blocked either way (4002), or privacy (4101). */
export const assertMayListFriends = async (db: Db, viewerId: number, ownerId: number): Promise<void> => {
  if (viewerId === ownerId) return;
  if (!(await isActiveMember(db, ownerId)) || (await isBlockedEitherWay(db, viewerId, ownerId))) throw notFound('member');
  if (!(await visibilityFor(db, viewerId, ownerId)).sees('friends_list')) throw new ApiError(Status.forbidden, 'friendsListHidden');
};

const friendsWhere = (viewerId: number, ownerId: number, keyword: string) => sql`
  f.user_id = ${ownerId} and u.status = 'active' and u.id not in ${hiddenFrom(viewerId)}
  ${keyword ? sql`and position(${keyword.toLowerCase()} in lower(u.nick_name)) > 0` : sql``}`;

/** One page of friends by name; `keyword` keeps those whose name contains it. */
export const friendList = async (db: Db, viewerId: number, ownerId: number, keyword: string, page: number, pageSize: number) => {
  await assertMayListFriends(db, viewerId, ownerId);
  const kw = keyword.trim();
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${cardColumns(viewerId)} from ${friendships} f join ${users} u on u.id = f.friend_id ${cardJoins(viewerId)}
        where ${friendsWhere(viewerId, ownerId, kw)}
        order by lower(u.nick_name), u.id limit ${pageSize + 1} offset ${(page - 1) * pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${friendships} f join ${users} u on u.id = f.friend_id where ${friendsWhere(viewerId, ownerId, kw)}`,
  );
  return { list: rows.slice(0, pageSize).map(toCard), page, page_size: pageSize, has_more: rows.length > pageSize, total: count?.n ?? 0 };
};

/** How many active friends a member has, as `viewerId` may count them (blocked members left out). */
export const friendTotal = async (db: Db, viewerId: number, ownerId: number): Promise<number> => {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${friendships} f join ${users} u on u.id = f.friend_id where ${friendsWhere(viewerId, ownerId, '')}`,
  );
  return count?.n ?? 0;
};
