import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { actionTokens } from '../../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Single-purpose tokens: 256 random bits, given out once, stored as SHA-256. A token of one
 * purpose is never accepted for another, and a new one voids the earlier ones of its purpose.
 */
export type ActionPurpose = 'password_reset' | 'reset_2fa' | 'login_2fa' | 'unlock' | 'reactivate';

export const issueActionToken = async (db: Db, userId: number, purpose: ActionPurpose, ttlMs: number): Promise<string> => {
  const token = newToken();
  await db
    .update(actionTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(actionTokens.userId, userId), eq(actionTokens.purpose, purpose), isNull(actionTokens.usedAt)));
  await db.insert(actionTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
};

/** The live token's row (unused, unexpired, of this purpose), or null. */
export const findActionToken = async (db: Db, token: string, purpose: ActionPurpose) => {
  const [row] = await db
    .select({ id: actionTokens.id, userId: actionTokens.userId, expiresAt: actionTokens.expiresAt })
    .from(actionTokens)
    .where(
      and(
        eq(actionTokens.tokenHash, hashToken(token)),
        eq(actionTokens.purpose, purpose),
        isNull(actionTokens.usedAt),
        gt(actionTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
};

/** Uses a token up; false when another request used it first (single use under concurrency). */
export const consumeActionToken = async (db: Db, id: number): Promise<boolean> => {
  const rows = await db
    .update(actionTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(actionTokens.id, id), isNull(actionTokens.usedAt)))
    .returning({ id: actionTokens.id });
  return rows.length === 1;
};

export const voidActionTokens = async (db: Db, userId: number, purposes: ActionPurpose[]): Promise<void> => {
  for (const purpose of purposes) {
    await db
      .update(actionTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(actionTokens.userId, userId), eq(actionTokens.purpose, purpose), isNull(actionTokens.usedAt)));
  }
};
