/* Rows a member owns (skills, jobs, albums…): the checks every edit and delete goes through. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../http/answer.ts';

export type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/**
 * Answers for a row someone tried to change: 4002 when there is no such row, 4101 when it is
 * another member's. Callers change rows with `where id = … and user_id = me`, so a row that is
 * not theirs is never touched, whatever happens between the check and the write.
 */
export const refuseNotOwned = async (db: Db, table: OwnedTable, id: number, what: string): Promise<never> => {
  const [row] = await db.select({ one: sql<number>`1` }).from(table).where(eq(table.id, id)).limit(1);
  throw row ? forbidden() : notFound(what);
};

export const ownedBy = (table: OwnedTable, id: number, userId: number): SQL => and(eq(table.id, id), eq(table.userId, userId))!;

export const countOwned = async (db: Db, table: OwnedTable, userId: number): Promise<number> => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.userId, userId));
  return row?.n ?? 0;
};

/** Deletes one owned row, or refuses as refuseNotOwned says. */
export const deleteOwned = async (db: Db, table: OwnedTable, id: number, userId: number, what: string): Promise<void> => {
  const gone = await db.delete(table).where(ownedBy(table, id, userId)).returning({ id: table.id });
  if (gone.length === 0) await refuseNotOwned(db, table, id, what);
};
