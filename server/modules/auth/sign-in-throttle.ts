import { ApiError } from '../../http/answer.ts';
import type { Db } from '../../db/client.ts';
import { Status } from '../../../schemas/status.ts';
import {
  ACCOUNT_FAILURES_MAX,
  ACCOUNT_FAILURES_WINDOW_MS,
  IP_FAILURES_MAX,
  IP_FAILURES_WINDOW_MS,
  MAIL_REQUESTS_PER_EMAIL,
  MAIL_REQUESTS_PER_IP,
  MAIL_REQUESTS_WINDOW_MS,
} from './limits.ts';
import { logLogin } from './login-log.ts';
import { clearFailures, emailKey, failuresSince, ipKey, key, recordFailure, retryAfterSeconds } from './throttle.ts';

/**
 * Sign-in throttling (limits.ts): per address and per account, both counted before the password
 * is checked, so a throttled guess learns nothing. The account is keyed by its e-mail's hash, so an
 * unregistered address is throttled exactly like a registered one.
 */
const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export const assertSignInAllowed = async (db: Db, ip: string, email: string): Promise<void> => {
  if ((await failuresSince(db, ipKey(ip), IP_FAILURES_WINDOW_MS)) >= IP_FAILURES_MAX) {
    const wait = await retryAfterSeconds(db, ipKey(ip), IP_FAILURES_WINDOW_MS);
    throw new ApiError(Status.rateLimited, 'tooManySignInsAddress', { minutes: minutes(wait) });
  }
  const account = emailKey(email);
  if ((await failuresSince(db, account, ACCOUNT_FAILURES_WINDOW_MS)) >= ACCOUNT_FAILURES_MAX) {
    const wait = await retryAfterSeconds(db, account, ACCOUNT_FAILURES_WINDOW_MS);
    throw new ApiError(Status.rateLimited, 'tooManySignInsAccount', { minutes: minutes(wait) });
  }
};

export const signInFailed = async (db: Db, ip: string, email: string, known?: { userId: number; userAgent: string }) => {
  await recordFailure(db, [ipKey(ip), emailKey(email)]);
  if (known) await logLogin(db, { userId: known.userId, ip, userAgent: known.userAgent, method: 'password', outcome: 'wrong_password' });
};

/** A right password clears the account's count (its owner is not kept out by someone else's guesses). */
export const signInSucceeded = (db: Db, email: string) => clearFailures(db, emailKey(email));

/**
 * Mails asked for by address (password reset, two-factor reset): counted per address and per IP
 * whether or not the address is registered, then refused with 9988 past the limit.
 */
export const assertMailRequestAllowed = async (db: Db, ip: string, email: string): Promise<void> => {
  const byEmail = key('mail', emailKey(email));
  const byIp = key('mail', ipKey(ip));
  if (
    (await failuresSince(db, byEmail, MAIL_REQUESTS_WINDOW_MS)) >= MAIL_REQUESTS_PER_EMAIL ||
    (await failuresSince(db, byIp, MAIL_REQUESTS_WINDOW_MS)) >= MAIL_REQUESTS_PER_IP
  ) {
    throw new ApiError(Status.rateLimited, 'tooManyMailRequests');
  }
  await recordFailure(db, [byEmail, byIp]);
};
