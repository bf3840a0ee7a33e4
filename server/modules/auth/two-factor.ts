import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { SECOND_FACTOR_MAX_FAILURES } from './limits.ts';
import { revokeAllSessions } from './tokens.ts';

/**
 * A member's second factor and the lock that guards it: the state changes, written once, used by
 * the calls and by the demo seed alike.
 */
export type TwoFactor = 'off' | 'google' | 'email';

/** Binds an authenticator app; `step` is the time step of the code that confirmed it (not usable again). */
export const bindAuthenticator = async (db: Db, userId: number, secret: string, step: number | null): Promise<void> => {
  await db
    .update(users)
    .set({ twoFactor: 'google', totpSecret: secret, totpLastStep: step, totpPendingSecret: null, totpPendingUntil: null })
    .where(eq(users.id, userId));
};

export const enableEmailCodes = async (db: Db, userId: number): Promise<void> => {
  await db
    .update(users)
    .set({ twoFactor: 'email', totpSecret: null, totpLastStep: null, totpPendingSecret: null, totpPendingUntil: null })
    .where(eq(users.id, userId));
};

export const turnOffTwoFactor = async (db: Db, userId: number): Promise<void> => {
  await db
    .update(users)
    .set({ twoFactor: 'off', totpSecret: null, totpLastStep: null, totpPendingSecret: null, totpPendingUntil: null })
    .where(eq(users.id, userId));
};

/**
 * Records that a TOTP step was used; false when it (or a later one) was used already, so the
 * same code cannot sign in twice, even by two requests at the same moment.
 */
export const claimTotpStep = async (db: Db, userId: number, step: number): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
};

export const lockAccount = async (db: Db, userId: number): Promise<void> => {
  await db.update(users).set({ status: 'locked', lockedAt: new Date() }).where(and(eq(users.id, userId), eq(users.status, 'active')));
  await revokeAllSessions(db, userId);
};

export const unlockAccount = async (db: Db, userId: number): Promise<void> => {
  await db
    .update(users)
    .set({ status: 'active', lockedAt: null, secondFactorFailures: 0 })
    .where(and(eq(users.id, userId), eq(users.status, 'locked')));
};

/**
 * Counts a failed second factor. More than SECOND_FACTOR_MAX_FAILURES in a row lock the account
 * (spec section 5): the 6th wrong code locks. `left` is how many more wrong codes lock it.
 */
export const recordSecondFactorFailure = async (db: Db, userId: number): Promise<{ locked: boolean; left: number }> => {
  const [row] = await db
    .update(users)
    .set({ secondFactorFailures: sql`${users.secondFactorFailures} + 1` })
    .where(eq(users.id, userId))
    .returning({ failures: users.secondFactorFailures });
  const failures = row?.failures ?? SECOND_FACTOR_MAX_FAILURES + 1;
  if (failures > SECOND_FACTOR_MAX_FAILURES) {
    await lockAccount(db, userId);
    return { locked: true, left: 0 };
  }
  return { locked: false, left: SECOND_FACTOR_MAX_FAILURES + 1 - failures };
};

export const clearSecondFactorFailures = async (db: Db, userId: number): Promise<void> => {
  await db.update(users).set({ secondFactorFailures: 0 }).where(eq(users.id, userId));
};
