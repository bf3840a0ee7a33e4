import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailCodes } from '../../db/schema/index.ts';
import { ApiError, refuse } from '../../http/answer.ts';
import { Status } from '../../../schemas/status.ts';
import { EMAIL_CODE_DIGITS, EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_RESEND_MS, EMAIL_CODE_TTL_MS } from './limits.ts';

/**
 * Six-digit codes sent by e-mail. Each purpose has its own code; a new one replaces the last.
 * Stored as a salted SHA-256: ten minutes and five tries leave nothing worth a slow hash.
 */
export type CodePurpose = 'login' | 'two_factor_on' | 'two_factor_off' | 'edit_email' | 'payment_password';

const hashCode = (code: string, salt: string) => crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex');

export const newCode = (): string => crypto.randomInt(0, 10 ** EMAIL_CODE_DIGITS).toString().padStart(EMAIL_CODE_DIGITS, '0');

const latest = async (db: Db, userId: number, purpose: CodePurpose) =>
  (
    await db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
      .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
      .limit(1)
  )[0];

/** Seconds until another code of this purpose may be sent. */
export const resendIn = async (db: Db, userId: number, purpose: CodePurpose, now = Date.now()): Promise<number> => {
  const last = await latest(db, userId, purpose);
  if (!last) return 0;
  return Math.max(0, Math.ceil((last.createdAt.getTime() + EMAIL_CODE_RESEND_MS - now) / 1000));
};

/** Makes a new code (one a minute per purpose, else 9988) and returns it for the mail. */
export const issueEmailCode = async (db: Db, userId: number, purpose: CodePurpose, target: string): Promise<string> => {
  const wait = await resendIn(db, userId, purpose);
  if (wait > 0) throw new ApiError(Status.rateLimited, 'codeResendWait', { seconds: wait });
  await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
  const code = newCode();
  const salt = crypto.randomBytes(16).toString('hex');
  await db.insert(emailCodes).values({
    userId,
    purpose,
    target,
    salt,
    codeHash: hashCode(code, salt),
    expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MS),
  });
  return code;
};

export type CodeCheck = { ok: true; target: string } | { ok: false; reason: 'none' | 'other_target' | 'wrong' | 'exhausted'; left: number };

/**
 * Checks a code once: a right one is used up; a wrong one counts, and the 5th wrong voids it.
 * With `target`, a code sent to another address is not even compared (nor used up).
 */
export const checkEmailCode = async (db: Db, userId: number, purpose: CodePurpose, code: string, target?: string): Promise<CodeCheck> => {
  const row = await latest(db, userId, purpose);
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'none', left: 0 };
  if (target !== undefined && row.target !== target) return { ok: false, reason: 'other_target', left: 0 };
  const a = Buffer.from(hashCode(code, row.salt), 'hex');
  const b = Buffer.from(row.codeHash, 'hex');
  if (crypto.timingSafeEqual(a, b)) {
    const used = await db
      .update(emailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id });
    return used.length ? { ok: true, target: row.target } : { ok: false, reason: 'none', left: 0 };
  }
  const [after] = await db
    .update(emailCodes)
    .set({
      attempts: sql`${emailCodes.attempts} + 1`,
      usedAt: sql`case when ${emailCodes.attempts} + 1 >= ${EMAIL_CODE_MAX_ATTEMPTS} then now() else null end`,
    })
    .where(eq(emailCodes.id, row.id))
    .returning({ attempts: emailCodes.attempts });
  const left = Math.max(0, EMAIL_CODE_MAX_ATTEMPTS - (after?.attempts ?? EMAIL_CODE_MAX_ATTEMPTS));
  return { ok: false, reason: left === 0 ? 'exhausted' : 'wrong', left };
};

/** The usual refusal for a failed check: no live code, a wrong one (with tries left), or one used up. */
export const codeRefusal = (check: Exclude<CodeCheck, { ok: true }>): ApiError => {
  if (check.reason === 'none') return refuse('codeExpired');
  if (check.reason === 'other_target') return refuse('codeOtherEmail');
  if (check.reason === 'exhausted') return refuse('codeExhausted');
  return refuse('codeWrong', { left: check.left });
};

/** Checks a code and throws the usual refusal when it fails; returns the address it went to. */
export const requireEmailCode = async (db: Db, userId: number, purpose: CodePurpose, code: string, target?: string): Promise<string> => {
  const check = await checkEmailCode(db, userId, purpose, code, target);
  if (!check.ok) throw codeRefusal(check);
  return check.target;
};

/** `a***@example.org`: enough to recognise one's own address, not enough to harvest it. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const name = email.slice(0, at);
  return `${name[0]}${'*'.repeat(Math.max(3, Math.min(name.length - 1, 6)))}${email.slice(at)}`;
};
