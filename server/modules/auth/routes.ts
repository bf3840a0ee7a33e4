import { captcha, login, register, signOut } from '../../../schemas/api/auth.ts';
import { verifyToken } from '../../../schemas/api/shared.ts';
import { Status } from '../../../schemas/status.ts';
import { Answer, ApiError, invalid, refuse } from '../../http/answer.ts';
import { implement, implementPublic } from '../../http/context.ts';
import { checkCaptcha, createCaptcha } from './captchas.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.ts';
import { createSession, revokeSession, rotateToken } from './tokens.ts';
import { createUser, findUserByEmail, userInfoOf } from './users.ts';

export const authCalls = [
  implementPublic(captcha, async (_body, { deps }) => createCaptcha(deps.db, deps.config.devTools)),

  implementPublic(register, async (body, { deps, ip, userAgent }) => {
    if (body.password !== body.confirm_password) throw invalid('confirm_password', 'Two password entries are inconsistent');
    await checkCaptcha(deps.db, body.captcha_id, body.captcha_code);
    const user = await createUser(deps.db, { email: body.email, password: body.password, nickName: body.nick_name });
    if (!user) throw refuse('emailTaken');
    const { token } = await createSession(deps.db, user.id, { ip, userAgent });
    return new Answer({ token, user_info: userInfoOf(user) }, 'registered', true);
  }),

  implementPublic(login, async (body, { deps, ip, userAgent }) => {
    await checkCaptcha(deps.db, body.captcha_id, body.captcha_code);
    const user = await findUserByEmail(deps.db, body.email);
    // The same answer, after the same work, whether the e-mail is unknown or the password wrong.
    if (!user) {
      await burnPasswordCheck(body.password);
      throw refuse('badCredentials');
    }
    if (!(await verifyPassword(body.password, user.passwordHash))) throw refuse('badCredentials');
    if (user.status === 'locked') throw new ApiError(Status.locked, 'accountLocked');
    if (user.status === 'frozen') throw new ApiError(Status.frozen, 'accountFrozen');
    const { token } = await createSession(deps.db, user.id, { ip, userAgent });
    return { token, user_info: userInfoOf(user) };
  }),

  implement(signOut, async (_body, { deps, member }) => {
    await revokeSession(deps.db, member.sessionId);
    return null;
  }),

  implement(verifyToken, async (_body, { deps, member }) => ({
    token: await rotateToken(deps.db, member.sessionId),
    user_id: member.userId,
  })),
];
