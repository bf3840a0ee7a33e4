import {
  applyUnfreeze,
  forgotPassword,
  getLoginProblem,
  getUnfreezeProblem,
  problemLogin,
  reset2fa,
  resetPassword,
} from '../../../schemas/api/auth.ts';
import { Status } from '../../../schemas/status.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { Answer, ApiError, invalid, refuse } from '../../http/answer.ts';
import { implementPublic } from '../../http/context.ts';
import { findActionToken, issueActionToken, consumeActionToken, voidActionTokens } from './action-tokens.ts';
import { mailPasswordChanged, mailPasswordReset, mailTwoFactorChanged, mailTwoFactorReset } from './auth-mails.ts';
import { LINK_TOKEN_TTL_MS, UNLOCK_FAILURES_MAX, UNLOCK_FAILURES_WINDOW_MS } from './limits.ts';
import { hashPassword } from './passwords.ts';
import { answersMatch, chosenQuestionIds, questionText } from './security-questions.ts';
import { failSecondFactor, finishSignIn, memberOfLoginToken } from './sign-in-flow.ts';
import { assertMailRequestAllowed } from './sign-in-throttle.ts';
import { clearFailures, emailKey, failuresSince, key, recordFailure } from './throttle.ts';
import { revokeAllSessions } from './tokens.ts';
import { clearSecondFactorFailures, turnOffTwoFactor, unlockAccount } from './two-factor.ts';
import { findUserByEmail, findUserById } from './users.ts';
import { inBackground } from '../../http/background.ts';

/** Getting back in: forgotten password, lost second factor, locked account. */
export const recoveryCalls = [
  implementPublic(forgotPassword, async (body, { deps, ip }) => {
    await assertMailRequestAllowed(deps.db, ip, body.email);
    const user = await findUserByEmail(deps.db, body.email);
    if (user) inBackground(mailPasswordReset(deps, user, await issueActionToken(deps.db, user.id, 'password_reset', LINK_TOKEN_TTL_MS)), deps.log);
    // The same answer for every address: whether one is registered is not ours to tell.
    return new Answer(null, 'resetMailSent', true);
  }),

  implementPublic(resetPassword, async (body, { deps }) => {
    if (body.password !== body.confirm_password) throw invalid('confirm_password', 'Two password entries are inconsistent');
    const row = await findActionToken(deps.db, body.token, 'password_reset');
    if (!row || !(await consumeActionToken(deps.db, row.id))) throw refuse('linkExpired');
    const user = await findUserById(deps.db, row.userId);
    if (!user) throw refuse('linkExpired');
    await deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), passwordChangedAt: new Date() })
      .where(eq(users.id, user.id));
    await revokeAllSessions(deps.db, user.id);
    await clearFailures(deps.db, emailKey(user.email));
    inBackground(mailPasswordChanged(deps, user), deps.log);
    return new Answer(null, 'passwordResetDone', true);
  }),

  implementPublic(reset2fa, async (body, { deps, ip }) => {
    if (body.token) {
      const row = await findActionToken(deps.db, body.token, 'reset_2fa');
      if (!row || !(await consumeActionToken(deps.db, row.id))) throw refuse('linkExpired');
      const user = await findUserById(deps.db, row.userId);
      if (!user) throw refuse('linkExpired');
      await turnOffTwoFactor(deps.db, user.id);
      await unlockAccount(deps.db, user.id);
      await clearSecondFactorFailures(deps.db, user.id);
      await voidActionTokens(deps.db, user.id, ['login_2fa', 'unlock']);
      await revokeAllSessions(deps.db, user.id);
      inBackground(mailTwoFactorChanged(deps, user, false), deps.log);
      return new Answer(null, 'twoFactorResetDone', true);
    }
    if (!body.email) throw invalid('email', 'is required');
    await assertMailRequestAllowed(deps.db, ip, body.email);
    const user = await findUserByEmail(deps.db, body.email);
    if (user && (user.twoFactor !== 'off' || user.status === 'locked')) {
      inBackground(mailTwoFactorReset(deps, user, await issueActionToken(deps.db, user.id, 'reset_2fa', LINK_TOKEN_TTL_MS)), deps.log);
    }
    return new Answer(null, 'reset2faMailSent', true);
  }),

  implementPublic(getLoginProblem, async (body, { deps, lang }) => {
    const { user } = await memberOfLoginToken(deps, body.login_token);
    return { questions: (await chosenQuestionIds(deps.db, user.id)).map((id) => questionText(id, lang)) };
  }),

  implementPublic(problemLogin, async (body, { deps, ip, userAgent }) => {
    const { tokenId, user } = await memberOfLoginToken(deps, body.login_token);
    if ((await chosenQuestionIds(deps.db, user.id)).length === 0) throw refuse('noSecurityQuestions');
    if (!(await answersMatch(deps.db, user.id, body.answers))) {
      return failSecondFactor(deps, user, { ip, userAgent }, 'security_questions', 'wrong_answers');
    }
    if (!(await consumeActionToken(deps.db, tokenId))) throw refuse('loginTokenExpired');
    await clearSecondFactorFailures(deps.db, user.id);
    return finishSignIn(deps, user, { ip, userAgent }, 'security_questions');
  }),

  implementPublic(getUnfreezeProblem, async (body, { deps, lang }) => {
    const row = await findActionToken(deps.db, body.unlock_token, 'unlock');
    if (!row) throw refuse('unlockExpired');
    return { questions: (await chosenQuestionIds(deps.db, row.userId)).map((id) => questionText(id, lang)) };
  }),

  implementPublic(applyUnfreeze, async (body, { deps }) => {
    const row = await findActionToken(deps.db, body.unlock_token, 'unlock');
    if (!row) throw refuse('unlockExpired');
    const counter = key('unlock', row.userId);
    if ((await failuresSince(deps.db, counter, UNLOCK_FAILURES_WINDOW_MS)) >= UNLOCK_FAILURES_MAX) {
      throw new ApiError(Status.rateLimited, 'tooManyUnlockTries');
    }
    if ((await chosenQuestionIds(deps.db, row.userId)).length === 0) throw refuse('noSecurityQuestions');
    if (!(await answersMatch(deps.db, row.userId, body.answers))) {
      await recordFailure(deps.db, [counter]);
      throw refuse('answersWrong');
    }
    if (!(await consumeActionToken(deps.db, row.id))) throw refuse('unlockExpired');
    await unlockAccount(deps.db, row.userId);
    await clearFailures(deps.db, counter);
    return new Answer(null, 'accountUnlocked', true);
  }),
];
