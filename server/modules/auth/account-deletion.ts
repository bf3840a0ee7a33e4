import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actionTokens, emailCodes, users } from '../../db/schema/index.ts';
import { clock } from './clock.ts';
import { DELETION_GRACE_MS, SWEEP_INTERVAL_MS } from './limits.ts';
import { revokeAllSessions } from './tokens.ts';
import { pruneFailures } from './throttle.ts';

/**
 * Deleting an account: it is frozen at once (no session, no sign-in) and can be reactivated for
 * DELETION_GRACE_DAYS; then the sweep removes the member's row, and with it, through ON DELETE
 * CASCADE, every row of personal data that references it. Areas that must keep a record (money)
 * reference users with ON DELETE SET NULL instead.
 */
export const eraseAfter = (deletedAt: Date): Date => new Date(deletedAt.getTime() + DELETION_GRACE_MS);

export const freezeAccount = async (db: Db, userId: number, at = new Date(clock.now())): Promise<Date> => {
  await db.update(users).set({ status: 'frozen', deletedAt: at }).where(eq(users.id, userId));
  await revokeAllSessions(db, userId);
  return eraseAfter(at);
};

export const reactivateAccount = async (db: Db, userId: number): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({ status: 'active', deletedAt: null })
    .where(and(eq(users.id, userId), eq(users.status, 'frozen')))
    .returning({ id: users.id });
  return rows.length === 1;
};

/** Erases every account whose grace period is over; returns how many. Also drops spent tokens and old counters. */
export const sweepDeletedAccounts = async (db: Db, now = new Date(clock.now())): Promise<number> => {
  const cutoff = new Date(now.getTime() - DELETION_GRACE_MS);
  const erased = await db
    .delete(users)
    .where(and(eq(users.status, 'frozen'), lt(users.deletedAt, cutoff)))
    .returning({ id: users.id });
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.delete(emailCodes).where(lt(emailCodes.expiresAt, dayAgo));
  await db.delete(actionTokens).where(lt(actionTokens.expiresAt, dayAgo));
  await pruneFailures(db, dayAgo);
  return erased.length;
};

/** Runs the sweep now and every hour; returns a function that stops it. */
export const startAccountSweep = (db: Db, log: FastifyBaseLogger): (() => void) => {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = sweepDeletedAccounts(db)
      .then((n) => {
        if (n > 0) log.info({ erased: n }, 'erased deleted accounts after their grace period');
      })
      .catch((err: unknown) => log.error({ err }, 'the deleted-accounts sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
};
