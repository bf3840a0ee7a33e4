import { count, desc, eq } from 'drizzle-orm';
import type { Static } from '@sinclair/typebox';
import type { Db } from '../../db/client.ts';
import { loginLog } from '../../db/schema/index.ts';
import type { LoginLogEntry } from '../../../schemas/api/security.ts';

/** The sign-in history a member reads in settings: every attempt on their account, kept with the account. */
type Entry = Static<typeof LoginLogEntry>;
export type LoginMethod = Entry['method'];
export type LoginOutcome = Entry['outcome'];

export const logLogin = async (
  db: Db,
  e: { userId: number; ip: string; userAgent: string; method: LoginMethod; outcome: LoginOutcome },
): Promise<void> => {
  await db.insert(loginLog).values({ userId: e.userId, ip: e.ip, userAgent: e.userAgent.slice(0, 512), method: e.method, outcome: e.outcome });
};

export const listLoginLog = async (db: Db, userId: number, page: number, pageSize: number) => {
  const rows = await db
    .select()
    .from(loginLog)
    .where(eq(loginLog.userId, userId))
    .orderBy(desc(loginLog.at), desc(loginLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(loginLog).where(eq(loginLog.userId, userId));
  return {
    list: rows.map((r) => ({
      id: r.id,
      time: r.at.toISOString(),
      ip: r.ip,
      user_agent: r.userAgent,
      method: r.method as LoginMethod,
      outcome: r.outcome as LoginOutcome,
    })),
    total: total?.n ?? 0,
    page,
    page_size: pageSize,
  };
};
