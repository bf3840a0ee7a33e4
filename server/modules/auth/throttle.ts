import crypto from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authFailures } from '../../db/schema/index.ts';
import { normaliseEmail } from './users.ts';

/**
 * Counting failed attempts per key within a time window (limits.ts has the numbers). Rows live in
 * the database, so every server process behind a load balancer counts the same failures.
 */
export const ipKey = (ip: string) => `ip:${ip}`;
/** Keyed by a hash of the address, known or not, so throttling says nothing about registration. */
export const emailKey = (email: string) => `email:${crypto.createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;
export const key = (kind: string, id: string | number) => `${kind}:${id}`;

export const recordFailure = async (db: Db, keys: string[], at = new Date()): Promise<void> => {
  if (keys.length) await db.insert(authFailures).values(keys.map((k) => ({ key: k, at })));
};

export const failuresSince = async (db: Db, k: string, windowMs: number, now = new Date()): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.key, k), gt(authFailures.at, new Date(now.getTime() - windowMs))));
  return row?.n ?? 0;
};

/** Seconds until the oldest counted failure leaves the window (when the member may try again). */
export const retryAfterSeconds = async (db: Db, k: string, windowMs: number, now = new Date()): Promise<number> => {
  const [oldest] = await db
    .select({ at: authFailures.at })
    .from(authFailures)
    .where(and(eq(authFailures.key, k), gt(authFailures.at, new Date(now.getTime() - windowMs))))
    .orderBy(authFailures.at)
    .limit(1);
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((oldest.at.getTime() + windowMs - now.getTime()) / 1000));
};

export const clearFailures = async (db: Db, k: string): Promise<void> => {
  await db.delete(authFailures).where(eq(authFailures.key, k));
};

/** Forgets failures older than the longest window; the hourly sweep calls it. */
export const pruneFailures = async (db: Db, olderThan: Date): Promise<void> => {
  await db.delete(authFailures).where(lt(authFailures.at, olderThan));
};
