import { and, eq, ne } from 'drizzle-orm';
import {
  bindGoogleToken,
  editEmail,
  getGoogleQrcode,
  login2faProblemAdd,
  loginLogList,
  off2faEmail,
  problemsList,
  sandEditCode,
  updatePassword,
} from '../../../schemas/api/security.ts';
import { Status } from '../../../schemas/status.ts';
import { users } from '../../db/schema/index.ts';
import { Answer, ApiError, invalid, refuse } from '../../http/answer.ts';
import { implement } from '../../http/context.ts';
import type { Member } from '../../http/context.ts';
import type { Db } from '../../db/client.ts';
import { mailCode, mailEmailChanged, mailPasswordChanged, mailTwoFactorChanged } from './auth-mails.ts';
import { clock } from './clock.ts';
import { issueEmailCode, maskEmail, requireEmailCode } from './email-codes.ts';
import { EMAIL_CODE_RESEND_MS, EMAIL_CODE_TTL_MS, TOTP_PENDING_TTL_MS } from './limits.ts';
import { listLoginLog } from './login-log.ts';
import { confirmOwnPassword } from './own-password.ts';
import { hashPassword } from './passwords.ts';
import { allQuestions, chosenQuestionIds, saveAnswers } from './security-questions.ts';
import { revokeAllSessions } from './tokens.ts';
import { checkTotp, newTotpSecret, qrCodeDataUrl, totpUri } from './totp.ts';
import { bindAuthenticator, turnOffTwoFactor, enableEmailCodes } from './two-factor.ts';
import { findUserByEmail, findUserById, normaliseEmail } from './users.ts';
import { inBackground } from '../../http/background.ts';

/** The signed-in member's own row; a session whose account is gone is a dead session. */
const me = async (db: Db, member: Member) => {
  const user = await findUserById(db, member.userId);
  if (!user) throw new ApiError(Status.tokenInvalid, 'tokenInvalid');
  return user;
};

const codeSent = (to: string) => ({
  sent_to: maskEmail(to),
  expires_in: EMAIL_CODE_TTL_MS / 1000,
  resend_in: EMAIL_CODE_RESEND_MS / 1000,
});

/** Password, second factor, security questions, e-mail address and login history, in settings. */
export const securityCalls = [
  implement(updatePassword, async (body, { deps, member }) => {
    if (body.password !== body.confirm_password) throw invalid('confirm_password', 'Two password entries are inconsistent');
    const user = await me(deps.db, member);
    await confirmOwnPassword(deps.db, user, body.old_password, 'oldPasswordWrong');
    await deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), passwordChangedAt: new Date() })
      .where(eq(users.id, user.id));
    // Every other device is signed out; this one stays.
    await revokeAllSessions(deps.db, user.id, member.sessionId);
    inBackground(mailPasswordChanged(deps, user), deps.log);
    return new Answer(null, 'passwordChanged', true);
  }),

  implement(getGoogleQrcode, async (_body, { deps, member }) => {
    const user = await me(deps.db, member);
    const secret = newTotpSecret();
    await deps.db
      .update(users)
      .set({ totpPendingSecret: secret, totpPendingUntil: new Date(clock.now() + TOTP_PENDING_TTL_MS) })
      .where(eq(users.id, user.id));
    const uri = totpUri(user.email, secret);
    return { secret, otpauth_url: uri, qrcode: await qrCodeDataUrl(uri), expires_in: TOTP_PENDING_TTL_MS / 1000 };
  }),

  implement(bindGoogleToken, async (body, { deps, member }) => {
    const user = await me(deps.db, member);
    if (body.type === 'google') {
      const secret = user.totpPendingSecret;
      if (!secret || !user.totpPendingUntil || user.totpPendingUntil.getTime() <= clock.now()) throw refuse('qrExpired');
      const check = await checkTotp(secret, body.code, null, clock.now());
      if (!check.ok) throw refuse('totpWrong');
      await bindAuthenticator(deps.db, user.id, secret, check.step);
    } else {
      if (user.twoFactor === 'email') throw refuse('twoFactorAlreadyEmail');
      await requireEmailCode(deps.db, user.id, 'two_factor_on', body.code);
      await enableEmailCodes(deps.db, user.id);
    }
    inBackground(mailTwoFactorChanged(deps, user, true), deps.log);
    return new Answer({ two_factor: body.type }, body.type === 'google' ? 'twoFactorAppOn' : 'twoFactorEmailOn', true);
  }),

  implement(off2faEmail, async (body, { deps, member }) => {
    const user = await me(deps.db, member);
    if (user.twoFactor === 'off') throw refuse('twoFactorAlreadyOff');
    await requireEmailCode(deps.db, user.id, 'two_factor_off', body.code);
    await turnOffTwoFactor(deps.db, user.id);
    inBackground(mailTwoFactorChanged(deps, user, false), deps.log);
    return new Answer({ two_factor: 'off' as const }, 'twoFactorOff', true);
  }),

  implement(sandEditCode, async (body, { deps, member }) => {
    const user = await me(deps.db, member);
    if (body.purpose === 'edit_email') {
      if (!body.email) throw invalid('email', 'is required');
      const target = normaliseEmail(body.email);
      if (target === user.email) throw refuse('emailSame');
      // A taken address gets no code and the answer is the same: members cannot probe for accounts.
      const [taken] = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, target), ne(users.id, user.id)))
        .limit(1);
      if (taken) return codeSent(target);
      const code = await issueEmailCode(deps.db, user.id, 'edit_email', target);
      inBackground(mailCode(deps, user, 'edit_email', code, target), deps.log);
      return codeSent(target);
    }
    if (body.purpose === 'two_factor_off' && user.twoFactor === 'off') throw refuse('twoFactorAlreadyOff');
    if (body.purpose === 'two_factor_on' && user.twoFactor === 'email') throw refuse('twoFactorAlreadyEmail');
    const code = await issueEmailCode(deps.db, user.id, body.purpose, user.email);
    inBackground(mailCode(deps, user, body.purpose, code), deps.log);
    return codeSent(user.email);
  }),

  implement(editEmail, async (body, { deps, member }) => {
    const user = await me(deps.db, member);
    const target = await requireEmailCode(deps.db, user.id, 'edit_email', body.code, normaliseEmail(body.email));
    if (await findUserByEmail(deps.db, target)) throw refuse('codeExpired');
    await deps.db.update(users).set({ email: target }).where(eq(users.id, user.id));
    inBackground(mailEmailChanged(deps, user, user.email, target), deps.log);
    return new Answer({ email: target }, 'emailChanged', true);
  }),

  implement(problemsList, async (_body, { deps, member, lang }) => ({
    questions: allQuestions(lang),
    chosen: await chosenQuestionIds(deps.db, member.userId),
  })),

  implement(login2faProblemAdd, async (body, { deps, member }) => {
    const user = await me(deps.db, member);
    await confirmOwnPassword(deps.db, user, body.password);
    await saveAnswers(deps.db, user.id, body.answers);
    return new Answer(null, 'securityQuestionsSaved', true);
  }),

  implement(loginLogList, async (query, { deps, member }) => listLoginLog(deps.db, member.userId, query.page ?? 1, query.page_size ?? 20)),
];
