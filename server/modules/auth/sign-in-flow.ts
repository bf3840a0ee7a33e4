import { Status } from '../../../schemas/status.ts';
import { ApiError, refuse } from '../../http/answer.ts';
import type { Deps } from '../../http/context.ts';
import { findActionToken, issueActionToken, voidActionTokens } from './action-tokens.ts';
import { eraseAfter } from './account-deletion.ts';
import { mailCode } from './auth-mails.ts';
import { issueEmailCode, maskEmail } from './email-codes.ts';
import { LOGIN_TOKEN_TTL_MS, RECOVERY_TOKEN_TTL_MS } from './limits.ts';
import { logLogin, type LoginMethod, type LoginOutcome } from './login-log.ts';
import { chosenQuestionIds } from './security-questions.ts';
import { createSession } from './tokens.ts';
import { recordSecondFactorFailure } from './two-factor.ts';
import { findUserById, userInfoOf, type UserRow } from './users.ts';
import { inBackground } from '../../http/background.ts';

/**
 * The steps of a sign-in after the password: the account's state decides what comes next
 * (a session, a second factor, unlocking or reactivating), and each step is logged.
 */
export interface Client {
  ip: string;
  userAgent: string;
}

const log = (deps: Deps, user: UserRow, client: Client, method: LoginMethod, outcome: LoginOutcome) =>
  logLogin(deps.db, { userId: user.id, ip: client.ip, userAgent: client.userAgent, method, outcome });

/** 10088 with the token that opens the security-question recovery. */
export const lockedError = async (deps: Deps, user: UserRow, msgKey: 'accountLocked' | 'accountLockedNow' = 'accountLocked') =>
  new ApiError(Status.locked, msgKey, {}, {
    unlock_token: await issueActionToken(deps.db, user.id, 'unlock', RECOVERY_TOKEN_TTL_MS),
    has_questions: (await chosenQuestionIds(deps.db, user.id)).length > 0,
  });

/** Signs the member in: a new session, logged. */
export const finishSignIn = async (deps: Deps, user: UserRow, client: Client, method: LoginMethod) => {
  const { token } = await createSession(deps.db, user.id, client);
  await log(deps, user, client, method, 'ok');
  return { token, user_info: userInfoOf(user) };
};

/** After a correct password: a session, or the answer that names the next step. */
export const afterPassword = async (deps: Deps, user: UserRow, client: Client) => {
  if (user.status === 'locked') {
    await log(deps, user, client, 'password', 'locked');
    throw await lockedError(deps, user);
  }
  if (user.status === 'frozen') {
    await log(deps, user, client, 'password', 'frozen');
    throw new ApiError(Status.frozen, 'accountFrozen', {}, {
      reactivate_token: await issueActionToken(deps.db, user.id, 'reactivate', RECOVERY_TOKEN_TTL_MS),
      erase_after: eraseAfter(user.deletedAt ?? new Date()).toISOString(),
    });
  }
  if (user.twoFactor === 'google' || user.twoFactor === 'email') {
    const loginToken = await issueActionToken(deps.db, user.id, 'login_2fa', LOGIN_TOKEN_TTL_MS);
    if (user.twoFactor === 'email') {
      // A code is sent with each sign-in; within the resend minute the last one still stands.
      const code = await issueEmailCode(deps.db, user.id, 'login', user.email).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === Status.rateLimited) return null;
        throw e;
      });
      if (code) inBackground(mailCode(deps, user, 'login', code), deps.log);
    }
    await log(deps, user, client, 'password', 'second_factor_needed');
    throw new ApiError(Status.secondFactorRequired, user.twoFactor === 'google' ? 'secondFactorApp' : 'secondFactorEmail', {}, {
      login_token: loginToken,
      type: user.twoFactor,
      email: maskEmail(user.email),
      expires_in: LOGIN_TOKEN_TTL_MS / 1000,
    });
  }
  return finishSignIn(deps, user, client, 'password');
};

/** The member behind a login_token, still active and still asked for a second factor. */
export const memberOfLoginToken = async (deps: Deps, loginToken: string) => {
  const row = await findActionToken(deps.db, loginToken, 'login_2fa');
  const user = row ? await findUserById(deps.db, row.userId) : undefined;
  if (!row || !user) throw refuse('loginTokenExpired');
  if (user.status === 'locked') throw await lockedError(deps, user);
  if (user.status !== 'active' || user.twoFactor === 'off') throw refuse('loginTokenExpired');
  return { tokenId: row.id, user };
};

/** A wrong code or wrong answers: counted, and the 6th in a row locks the account (10088). */
export const failSecondFactor = async (deps: Deps, user: UserRow, client: Client, method: LoginMethod, outcome: LoginOutcome): Promise<never> => {
  const { locked, left } = await recordSecondFactorFailure(deps.db, user.id);
  await log(deps, user, client, method, locked ? 'locked' : outcome);
  if (locked) {
    await voidActionTokens(deps.db, user.id, ['login_2fa']);
    throw await lockedError(deps, user, 'accountLockedNow');
  }
  throw refuse(outcome === 'wrong_answers' ? 'answersWrongLock' : 'secondFactorWrong', { left });
};
