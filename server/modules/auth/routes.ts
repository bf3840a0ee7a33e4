import {
  captcha,
  deleteAccount,
  emailGet2faStatus,
  login,
  login2fa,
  reactivate,
  register,
  signOut,
} from '../../../schemas/api/auth.ts';
import { verifyToken } from '../../../schemas/api/shared.ts';
import { Status } from '../../../schemas/status.ts';
import { Answer, ApiError, invalid, refuse } from '../../http/answer.ts';
import { implement, implementPublic } from '../../http/context.ts';
import { findActionToken, consumeActionToken, voidActionTokens } from './action-tokens.ts';
import { freezeAccount, reactivateAccount } from './account-deletion.ts';
import { mailAccountDeleted, mailCode } from './auth-mails.ts';
import { checkCaptcha, createCaptcha } from './captchas.ts';
import { clock } from './clock.ts';
import { checkEmailCode, issueEmailCode, maskEmail, resendIn } from './email-codes.ts';
import { DELETION_GRACE_DAYS } from './limits.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import { confirmOwnPassword } from './own-password.ts';
import { paymentCalls } from './payment-routes.ts';
import { recoveryCalls } from './recovery-routes.ts';
import { chosenQuestionIds } from './security-questions.ts';
import { securityCalls } from './security-routes.ts';
import { afterPassword, failSecondFactor, finishSignIn, memberOfLoginToken } from './sign-in-flow.ts';
import { assertSignInAllowed, signInFailed, signInSucceeded } from './sign-in-throttle.ts';
import { checkTotp } from './totp.ts';
import { createSession, revokeSession, rotateToken } from './tokens.ts';
import { claimTotpStep, clearSecondFactorFailures } from './two-factor.ts';
import { createUser, findUserByEmail, findUserById, userInfoOf } from './users.ts';
import { inBackground } from '../../http/background.ts';

const signInCalls = [
  implementPublic(captcha, async (_body, { deps }) => createCaptcha(deps.db, deps.config.devTools)),

  implementPublic(register, async (body, { deps, ip, userAgent, lang }) => {
    if (body.password !== body.confirm_password) throw invalid('confirm_password', 'Two password entries are inconsistent');
    await checkCaptcha(deps.db, body.captcha_id, body.captcha_code);
    const user = await createUser(deps.db, { email: body.email, password: body.password, nickName: body.nick_name, lang });
    if (!user) throw refuse('emailTaken');
    const { token } = await createSession(deps.db, user.id, { ip, userAgent });
    return new Answer({ token, user_info: userInfoOf(user) }, 'registered', true);
  }),

  implementPublic(login, async (body, { deps, ip, userAgent }) => {
    await checkCaptcha(deps.db, body.captcha_id, body.captcha_code);
    await assertSignInAllowed(deps.db, ip, body.email);
    const user = await findUserByEmail(deps.db, body.email);
    // The same answer, after the same work, whether the e-mail is unknown or the password wrong.
    if (!user) {
      await burnPasswordCheck(body.password);
      await signInFailed(deps.db, ip, body.email);
      throw refuse('badCredentials');
    }
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      await signInFailed(deps.db, ip, body.email, { userId: user.id, userAgent });
      throw refuse('badCredentials');
    }
    await signInSucceeded(deps.db, body.email);
    return afterPassword(deps, user, { ip, userAgent });
  }),

  implementPublic(login2fa, async (body, { deps, ip, userAgent }) => {
    const { tokenId, user } = await memberOfLoginToken(deps, body.login_token);
    const client = { ip, userAgent };
    if (user.twoFactor === 'google') {
      const check = await checkTotp(user.totpSecret ?? '', body.code, user.totpLastStep, clock.now());
      if (!check.ok || !(await claimTotpStep(deps.db, user.id, check.step))) {
        return failSecondFactor(deps, user, client, 'authenticator', 'wrong_code');
      }
    } else {
      const check = await checkEmailCode(deps.db, user.id, 'login', body.code);
      if (!check.ok) return failSecondFactor(deps, user, client, 'email_code', 'wrong_code');
    }
    if (!(await consumeActionToken(deps.db, tokenId))) throw refuse('loginTokenExpired');
    await clearSecondFactorFailures(deps.db, user.id);
    return finishSignIn(deps, user, client, user.twoFactor === 'google' ? 'authenticator' : 'email_code');
  }),

  implementPublic(emailGet2faStatus, async (body, { deps, member }) => {
    if (body.login_token) {
      const { user } = await memberOfLoginToken(deps, body.login_token);
      let codeSent = false;
      if (body.resend && user.twoFactor === 'email') {
        const code = await issueEmailCode(deps.db, user.id, 'login', user.email);
        inBackground(mailCode(deps, user, 'login', code), deps.log);
        codeSent = true;
      }
      return {
        two_factor: user.twoFactor as 'google' | 'email',
        email: maskEmail(user.email),
        code_sent: codeSent,
        resend_in: await resendIn(deps.db, user.id, 'login'),
      };
    }
    if (!member) throw new ApiError(Status.tokenInvalid, 'tokenInvalid');
    const user = await findUserById(deps.db, member.userId);
    if (!user) throw new ApiError(Status.tokenInvalid, 'tokenInvalid');
    return {
      two_factor: user.twoFactor as 'off' | 'google' | 'email',
      email: user.email,
      code_sent: false,
      resend_in: 0,
      has_payment_password: user.paymentPasswordHash !== null,
      has_security_questions: (await chosenQuestionIds(deps.db, user.id)).length > 0,
    };
  }),

  implementPublic(reactivate, async (body, { deps, ip, userAgent }) => {
    const row = await findActionToken(deps.db, body.reactivate_token, 'reactivate');
    if (!row || !(await consumeActionToken(deps.db, row.id))) throw refuse('reactivateExpired');
    if (!(await reactivateAccount(deps.db, row.userId))) throw refuse('reactivateExpired');
    const user = (await findUserById(deps.db, row.userId))!;
    const signedIn = await finishSignIn(deps, user, { ip, userAgent }, 'reactivate');
    return new Answer(signedIn, 'reactivated', true);
  }),

  implement(deleteAccount, async (body, { deps, member }) => {
    const user = await findUserById(deps.db, member.userId);
    if (!user) throw new ApiError(Status.tokenInvalid, 'tokenInvalid');
    await confirmOwnPassword(deps.db, user, body.password);
    const eraseAfter = await freezeAccount(deps.db, user.id);
    await voidActionTokens(deps.db, user.id, ['login_2fa', 'password_reset', 'reset_2fa', 'unlock']);
    inBackground(mailAccountDeleted(deps, user, eraseAfter), deps.log);
    return new Answer({ erase_after: eraseAfter.toISOString(), grace_days: DELETION_GRACE_DAYS }, 'accountDeleted', true, {
      days: DELETION_GRACE_DAYS,
    });
  }),

  implement(signOut, async (_body, { deps, member }) => {
    await revokeSession(deps.db, member.sessionId);
    return null;
  }),

  implement(verifyToken, async (_body, { deps, member, token }) => ({
    token: await rotateToken(deps.db, member.sessionId, token ?? undefined),
    user_id: member.userId,
  })),
];

export const authCalls = [...signInCalls, ...recoveryCalls, ...securityCalls, ...paymentCalls];
