import { forgotPaymentPassword, resetPaymentPassword, verifyPaymentPassword } from '../../../schemas/api/security.ts';
import { Status } from '../../../schemas/status.ts';
import type { Db } from '../../db/client.ts';
import { Answer, ApiError, invalid, refuse } from '../../http/answer.ts';
import { implement } from '../../http/context.ts';
import { mailCode } from './auth-mails.ts';
import { issueEmailCode, maskEmail, requireEmailCode } from './email-codes.ts';
import { EMAIL_CODE_RESEND_MS, EMAIL_CODE_TTL_MS, PAYMENT_FAILURES_MAX, PAYMENT_FAILURES_WINDOW_MS } from './limits.ts';
import { verifyPassword } from './passwords.ts';
import { requirePaymentPassword, setPaymentPassword } from './payment-password.ts';
import { clearFailures, failuresSince, key, recordFailure, retryAfterSeconds } from './throttle.ts';
import { findUserById } from './users.ts';
import { inBackground } from '../../http/background.ts';

/**
 * Checks a payment password against the stored one: 5 wrong entries in 15 minutes and further
 * tries wait (9988); a right one clears the count.
 */
const checkPaymentPassword = async (db: Db, userId: number, entered: string): Promise<void> => {
  const hash = await requirePaymentPassword(db, userId);
  const counter = key('pay', userId);
  if ((await failuresSince(db, counter, PAYMENT_FAILURES_WINDOW_MS)) >= PAYMENT_FAILURES_MAX) {
    const wait = await retryAfterSeconds(db, counter, PAYMENT_FAILURES_WINDOW_MS);
    throw new ApiError(Status.rateLimited, 'paymentPasswordThrottled', { minutes: Math.max(1, Math.ceil(wait / 60)) });
  }
  if (!(await verifyPassword(entered, hash))) {
    await recordFailure(db, [counter]);
    const left = PAYMENT_FAILURES_MAX - (await failuresSince(db, counter, PAYMENT_FAILURES_WINDOW_MS));
    throw refuse('paymentPasswordWrong', { left: Math.max(0, left) });
  }
  await clearFailures(db, counter);
};

export const paymentCalls = [
  implement(verifyPaymentPassword, async (body, { deps, member }) => {
    await checkPaymentPassword(deps.db, member.userId, body.payment_password);
    return { verified: true };
  }),

  implement(forgotPaymentPassword, async (_body, { deps, member }) => {
    const user = await findUserById(deps.db, member.userId);
    if (!user) throw new ApiError(Status.tokenInvalid, 'tokenInvalid');
    const code = await issueEmailCode(deps.db, user.id, 'payment_password', user.email);
    inBackground(mailCode(deps, user, 'payment_password', code), deps.log);
    return { sent_to: maskEmail(user.email), expires_in: EMAIL_CODE_TTL_MS / 1000, resend_in: EMAIL_CODE_RESEND_MS / 1000 };
  }),

  implement(resetPaymentPassword, async (body, { deps, member }) => {
    if (body.payment_password !== body.confirm_payment_password) {
      throw invalid('confirm_payment_password', 'Two password entries are inconsistent');
    }
    if (body.old_payment_password !== undefined) {
      await checkPaymentPassword(deps.db, member.userId, body.old_payment_password);
    } else if (body.code !== undefined) {
      await requireEmailCode(deps.db, member.userId, 'payment_password', body.code);
    } else {
      throw invalid('code', 'is required (or old_payment_password)');
    }
    await setPaymentPassword(deps.db, member.userId, body.payment_password);
    return new Answer(null, 'paymentPasswordSaved', true);
  }),
];
