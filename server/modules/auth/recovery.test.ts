import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Status } from '../../../schemas/status.ts';
import { actionTokens } from '../../db/schema/index.ts';
import { engineName, type TestServer } from '../../test/harness.ts';
import {
  createMember,
  enableAuthenticator,
  freezeClockMidStep,
  linkTokenIn,
  mailTo,
  noMailTo,
  restoreClock,
  signIn,
  startAuthServer,
  totpAt,
  userRow,
  type Member,
} from './auth-test-kit.ts';
import { clock } from './clock.ts';
import { key, recordFailure } from './throttle.ts';

const ANSWERS = [
  { id: 2, answer: 'Alexandria' },
  { id: 5, answer: 'The  Beatles ' },
  { id: 7, answer: 'Saint-Étienne' },
];

describe(`Getting back into an account (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(() => server.close());
  afterEach(restoreClock);

  /** A member with an authenticator and security questions, locked by six wrong codes. */
  const lockedMember = async (): Promise<Member & { unlockToken: string; secret: string }> => {
    freezeClockMidStep();
    const m = await createMember(server);
    await server.call('login2faProblemAdd', { password: m.password, answers: ANSWERS }, { token: m.token });
    const secret = await enableAuthenticator(server, m);
    const { login_token } = (await signIn(server, m.email, m.password)).data as { login_token: string };
    for (let i = 0; i < 5; i++) await server.call('login2fa', { login_token, code: '000000' }, { enc: 1 });
    const sixth = await server.call<{ unlock_token: string }>('login2fa', { login_token, code: '000000' }, { enc: 1 });
    expect(sixth.status).toBe(Status.locked);
    return { ...m, unlockToken: sixth.data!.unlock_token, secret };
  };

  test('A password reset link arrives by mail, works once, and ends every session', async () => {
    const m = await createMember(server);
    const res = await server.call('forgotPassword', { email: m.email });
    expect(res.status).toBe(Status.ok);
    const mail = await mailTo(server, m.email, /Reset your password/);
    expect(mail.text).toContain('http://app.test/auth/password-reset?token=');
    const token = linkTokenIn(mail);
    const mismatch = await server.call('resetPassword', { token, password: 'NewPassw0rd', confirm_password: 'NewPassw0rd2' });
    expect(mismatch.msg).toBe('confirm_password: Two password entries are inconsistent');
    const weak = await server.call('resetPassword', { token, password: 'short', confirm_password: 'short' });
    expect(weak.status).toBe(Status.validation);
    const done = await server.call('resetPassword', { token, password: 'NewPassw0rd', confirm_password: 'NewPassw0rd' });
    expect(done.status).toBe(Status.ok);
    expect((await server.call('resetPassword', { token, password: 'NewPassw0rd3', confirm_password: 'NewPassw0rd3' })).status).toBe(Status.refused);
    expect((await server.call('verifyToken', {}, { method: 'GET', token: m.token })).status).toBe(Status.tokenInvalid);
    expect((await signIn(server, m.email, m.password)).status).toBe(Status.refused);
    expect((await signIn(server, m.email, 'NewPassw0rd')).status).toBe(Status.ok);
  });

  test('A reset link older than an hour is refused', async () => {
    const m = await createMember(server);
    await server.call('forgotPassword', { email: m.email });
    const token = linkTokenIn(await mailTo(server, m.email, /Reset your password/));
    await server.database.db.update(actionTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(actionTokens.userId, m.userId));
    const res = await server.call('resetPassword', { token, password: 'NewPassw0rd', confirm_password: 'NewPassw0rd' });
    expect(res.status).toBe(Status.refused);
    expect(res.msg).toMatch(/expired/);
  });

  test('forgotPassword and reset2fa answer an unknown address exactly like a known one, and mail nobody', async () => {
    const m = await createMember(server);
    const known = await server.call('forgotPassword', { email: m.email });
    const unknown = await server.call('forgotPassword', { email: 'nobody-here@example.org' });
    expect(unknown).toEqual(known);
    const known2 = await server.call('reset2fa', { email: m.email });
    const unknown2 = await server.call('reset2fa', { email: 'nobody-here@example.org' });
    expect(unknown2).toEqual(known2);
    expect(await noMailTo(server, 'nobody-here@example.org')).toBe(true);
  });

  test('Asking for more than 5 reset mails an hour for one address is refused with 9988, registered or not', async () => {
    for (const email of ['limit-known@example.org', 'limit-unknown@example.org']) {
      if (email.startsWith('limit-known')) await createMember(server, { email });
      for (let i = 0; i < 5; i++) expect((await server.call('forgotPassword', { email })).status).toBe(Status.ok);
      const sixth = await server.call('forgotPassword', { email });
      expect(sixth.status).toBe(Status.rateLimited);
      expect(sixth.msg).toMatch(/wait an hour/);
    }
  });

  test('A locked account is unlocked with its security questions; wrong answers are refused', async () => {
    const m = await lockedMember();
    const q = await server.call<{ questions: { id: number; question: string }[] }>('getUnfreezeProblem', { unlock_token: m.unlockToken });
    expect(q.data!.questions.map((x) => x.id)).toEqual([2, 5, 7]);
    expect(q.data!.questions[0]!.question).toBe('In which city did your parents meet?');
    const wrong = await server.call('applyUnfreeze', { unlock_token: m.unlockToken, answers: [...ANSWERS.slice(0, 2), { id: 7, answer: 'Lyon' }] });
    expect(wrong.status).toBe(Status.refused);
    expect((await userRow(server, m.userId)).status).toBe('locked');
    // Answers are compared without case, extra spaces or Unicode form differences.
    const messy = [{ id: 2, answer: ' ALEXANDRIA' }, { id: 5, answer: 'the beatles' }, { id: 7, answer: 'saint-e\u0301tienne' }];
    expect((await server.call('applyUnfreeze', { unlock_token: m.unlockToken, answers: messy })).status).toBe(Status.ok);
    const row = await userRow(server, m.userId);
    expect(row.status).toBe('active');
    expect(row.secondFactorFailures).toBe(0);
    clock.now = () => Date.now() + 60_000;
    const again = await signIn(server, m.email, m.password);
    expect(again.status).toBe(Status.secondFactorRequired);
  });

  test('Five wrong sets of unlock answers in an hour stop further tries (9988)', async () => {
    const m = await lockedMember();
    const wrong = ANSWERS.map((a) => ({ ...a, answer: 'wrong' }));
    // Four wrong sets counted already (as if sent a moment ago), then the fifth through the call.
    await recordFailure(server.database.db, Array.from({ length: 4 }, () => key('unlock', m.userId)));
    expect((await server.call('applyUnfreeze', { unlock_token: m.unlockToken, answers: wrong })).status).toBe(Status.refused);
    expect((await server.call('applyUnfreeze', { unlock_token: m.unlockToken, answers: ANSWERS })).status).toBe(Status.rateLimited);
  });

  test('A locked account is unlocked, and two-factor turned off, by the link of reset2fa', async () => {
    const m = await lockedMember();
    expect((await server.call('reset2fa', { email: m.email })).status).toBe(Status.ok);
    const mail = await mailTo(server, m.email, /Turn off two-step verification/);
    expect(mail.text).toContain('http://app.test/auth/2fa-reset?token=');
    const token = linkTokenIn(mail);
    expect((await server.call('reset2fa', { token })).status).toBe(Status.ok);
    expect((await server.call('reset2fa', { token })).status).toBe(Status.refused);
    const row = await userRow(server, m.userId);
    expect(row).toMatchObject({ status: 'active', twoFactor: 'off', totpSecret: null });
    expect((await signIn(server, m.email, m.password)).status).toBe(Status.ok);
  });

  test('Security questions sign a member in when the authenticator is lost; wrong answers count toward the lock', async () => {
    freezeClockMidStep();
    const m = await createMember(server);
    await server.call('login2faProblemAdd', { password: m.password, answers: ANSWERS }, { token: m.token });
    await enableAuthenticator(server, m);
    const { login_token } = (await signIn(server, m.email, m.password)).data as { login_token: string };
    const q = await server.call<{ questions: { id: number }[] }>('getLoginProblem', { login_token });
    expect(q.data!.questions.map((x) => x.id)).toEqual([2, 5, 7]);
    const wrong = await server.call('problemLogin', { login_token, answers: ANSWERS.map((a) => ({ ...a, answer: 'nope' })) }, { enc: 1 });
    expect(wrong.status).toBe(Status.refused);
    expect(wrong.msg).toContain('locks: 5.');
    const ok = await server.call<{ token: string }>('problemLogin', { login_token, answers: ANSWERS }, { enc: 1 });
    expect(ok.status).toBe(Status.ok);
    expect((await server.call('verifyToken', {}, { method: 'GET', token: ok.data!.token })).status).toBe(Status.ok);
  });

  test('With the right code after an unlock, the member signs in again', async () => {
    const m = await lockedMember();
    await server.call('applyUnfreeze', { unlock_token: m.unlockToken, answers: ANSWERS });
    clock.now = () => Date.now() + 90_000;
    const { login_token } = (await signIn(server, m.email, m.password)).data as { login_token: string };
    expect((await server.call('login2fa', { login_token, code: await totpAt(m.secret) }, { enc: 1 })).status).toBe(Status.ok);
  });
});
