import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { refuse } from '../../http/answer.ts';
import { hashPassword } from './passwords.ts';

/**
 * The 6-digit payment password, hashed like the account password (scrypt, OWASP parameters).
 * Payment areas call requirePaymentPassword before taking money (spec section 5).
 */
export const requirePaymentPassword = async (db: Db, userId: number): Promise<string> => {
  const [row] = await db.select({ hash: users.paymentPasswordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.hash) throw refuse('paymentPasswordNotSet');
  return row.hash;
};

export const setPaymentPassword = async (db: Db, userId: number, paymentPassword: string): Promise<void> => {
  await db.update(users).set({ paymentPasswordHash: await hashPassword(paymentPassword) }).where(eq(users.id, userId));
};
