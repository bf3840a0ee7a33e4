import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Status } from '../../../schemas/status.ts';
import { emailCodes } from '../../db/schema/index.ts';
import { engineName, type TestServer } from '../../test/harness.ts';
import {
  codeIn,
  createMember,
  enableAuthenticator,
  freezeClockMidStep,
  mailTo,
  restoreClock,
  signIn,
  startAuthServer,
  totpAt,
  userRow,
} from './auth-test-kit.ts';
import { clock } from './clock.ts';

type Challenge = { login_token: string; type: string; email: string };
type Locked = { unlock_token: string; has_questions: boolean };

describe(`Two-factor sign-in (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(() => server.close());
  afterEach(restoreClock);

  const challenge = async (email: string, password: string) => {
    const res = await signIn(server, email, password);
    expect(res.status).toBe(Status.secondFactorRequired);
    return res.data as unknown as Challenge;
  };
  const step = (steps: number) => {
    const at = clock.now() + steps * 30_000;
    clock.now = () => at;
  };

  test('An authenticator is bound from the QR secret, and sign-in then asks for its code (10087)', async () => {
    freezeClockMidStep();
    const m = await createMember(server);
    const qr = await server.call<{ secret: string; otpauth_url: string; qrcode: string }>('getGoogleQrcode', {}, { token: m.token });
    expect(qr.data!.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(qr.data!.otpauth_url).toContain(`secret=${qr.data!.secret}`);
    expect(qr.data!.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const wrong = await server.call('bindGoogleToken', { type: 'google', code: '000000' }, { token: m.token });
    expect(wrong.status).toBe(Status.refused);
    const bound = await server.call('bindGoogleToken', { type: 'google', code: await totpAt(qr.data!.secret) }, { token: m.token });
    expect(bound.status).toBe(Status.ok);
    const c = await challenge(m.email, m.password);
    expect(c.type).toBe('google');
    expect(c.email).toMatch(/^m\*+@example\.org$/);
  });

  test('A TOTP code signs in once; the same code again is refused', async () => {
    freezeClockMidStep();
    const m = await createMember(server);
    const secret = await enableAuthenticator(server, m);
    step(1);
    const code = await totpAt(secret);
    const first = await server.call<{ token: string }>('login2fa', { login_token: (await challenge(m.email, m.password)).login_token, code }, { enc: 1 });
    expect(first.status).toBe(Status.ok);
    expect(first.data!.token.length).toBeGreaterThanOrEqual(22);
    const again = await server.call('login2fa', { login_token: (await challenge(m.email, m.password)).login_token, code }, { enc: 1 });
    expect(again.status).toBe(Status.refused);
  });

  test('A code from one step ago is accepted (clock drift); two steps ago is refused', async () => {
    freezeClockMidStep();
    const m = await createMember(server);
    const secret = await enableAuthenticator(server, m);
    step(4);
    const stale = await server.call('login2fa', { login_token: (await challenge(m.email, m.password)).login_token, code: await totpAt(secret, -60) }, { enc: 1 });
    expect(stale.status).toBe(Status.refused);
    const drift = await server.call('login2fa', { login_token: (await challenge(m.email, m.password)).login_token, code: await totpAt(secret, -30) }, { enc: 1 });
    expect(drift.status).toBe(Status.ok);
  });

  test('Five wrong codes say how many tries are left; the 6th locks the account (10088) and the right code no longer helps', async () => {
    freezeClockMidStep();
    const m = await createMember(server);
    const secret = await enableAuthenticator(server, m);
    step(1);
    const other = await signIn(server, m.email, m.password);
    const { login_token } = other.data as unknown as Challenge;
    for (let i = 1; i <= 5; i++) {
      const res = await server.call('login2fa', { login_token, code: '000000' }, { enc: 1 });
      expect(res.status).toBe(Status.refused);
      expect(res.msg).toContain(`locks: ${6 - i}.`);
    }
    const sixth = await server.call<Locked>('login2fa', { login_token, code: '000000' }, { enc: 1 });
    expect(sixth.status).toBe(Status.locked);
    expect(sixth.data!.unlock_token).toBeTruthy();
    expect((await userRow(server, m.userId)).status).toBe('locked');
    // Locked: its open session ends, and even the right password and code do not sign in.
    expect((await server.call('verifyToken', {}, { method: 'GET', token: m.token })).status).toBe(Status.tokenInvalid);
    expect((await server.call('login2fa', { login_token, code: await totpAt(secret) }, { enc: 1 })).status).not.toBe(Status.ok);
    expect((await signIn(server, m.email, m.password)).status).toBe(Status.locked);
  });

  test('A right code clears the count of wrong ones', async () => {
    freezeClockMidStep();
    const m = await createMember(server);
    const secret = await enableAuthenticator(server, m);
    step(1);
    const { login_token } = await challenge(m.email, m.password);
    for (let i = 0; i < 5; i++) await server.call('login2fa', { login_token, code: '000000' }, { enc: 1 });
    expect((await server.call('login2fa', { login_token, code: await totpAt(secret) }, { enc: 1 })).status).toBe(Status.ok);
    expect((await userRow(server, m.userId)).secondFactorFailures).toBe(0);
  });

  test('E-mail codes: sign-in mails a 6-digit code that finishes it; an expired code is refused', async () => {
    const m = await createMember(server);
    await server.call('sandEditCode', { purpose: 'two_factor_on' }, { token: m.token });
    const onCode = codeIn(await mailTo(server, m.email, /turn on two-step/));
    expect((await server.call('bindGoogleToken', { type: 'email', code: onCode }, { token: m.token })).status).toBe(Status.ok);

    const c = await challenge(m.email, m.password);
    expect(c.type).toBe('email');
    const mail = await mailTo(server, m.email, /finish signing in/);
    // Ten minutes later the code is dead.
    await server.database.db.update(emailCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailCodes.userId, m.userId));
    expect((await server.call('login2fa', { login_token: c.login_token, code: codeIn(mail) }, { enc: 1 })).status).toBe(Status.refused);

    await server.database.db.delete(emailCodes).where(eq(emailCodes.userId, m.userId));
    const again = await challenge(m.email, m.password);
    const fresh = await mailTo(server, m.email, /finish signing in/, mail.id);
    const ok = await server.call('login2fa', { login_token: again.login_token, code: codeIn(fresh) }, { enc: 1 });
    expect(ok.status).toBe(Status.ok);
  });

  test('A new e-mail code can be asked for once a minute, with the login token only', async () => {
    const m = await createMember(server);
    await server.call('sandEditCode', { purpose: 'two_factor_on' }, { token: m.token });
    await server.call('bindGoogleToken', { type: 'email', code: codeIn(await mailTo(server, m.email, /turn on two-step/)) }, { token: m.token });
    const c = await challenge(m.email, m.password);
    const soon = await server.call('emailGet2faStatus', { login_token: c.login_token, resend: true });
    expect(soon.status).toBe(Status.rateLimited);
    const status = await server.call<{ two_factor: string; resend_in: number }>('emailGet2faStatus', { login_token: c.login_token });
    expect(status.data).toMatchObject({ two_factor: 'email' });
    expect(status.data!.resend_in).toBeGreaterThan(0);
    expect((await server.call('emailGet2faStatus', {})).status).toBe(Status.tokenInvalid);
  });

  test('Turning two-factor off needs a code mailed to the member', async () => {
    freezeClockMidStep();
    const m = await createMember(server);
    await enableAuthenticator(server, m);
    expect((await server.call('off2faEmail', { code: '123456' }, { token: m.token })).status).toBe(Status.refused);
    await server.call('sandEditCode', { purpose: 'two_factor_off' }, { token: m.token });
    const code = codeIn(await mailTo(server, m.email, /turn off two-step/));
    const off = await server.call<{ two_factor: string }>('off2faEmail', { code }, { token: m.token });
    expect(off.data).toEqual({ two_factor: 'off' });
    expect((await signIn(server, m.email, m.password)).status).toBe(Status.ok);
  });

  test('A login token is good for its own sign-in only, not as a reset or unlock token', async () => {
    freezeClockMidStep();
    const m = await createMember(server);
    await enableAuthenticator(server, m);
    const { login_token } = await challenge(m.email, m.password);
    const asReset = await server.call('resetPassword', { token: login_token, password: 'Passw0rdNew', confirm_password: 'Passw0rdNew' });
    expect(asReset.status).toBe(Status.refused);
    expect((await server.call('getUnfreezeProblem', { unlock_token: login_token })).status).toBe(Status.refused);
    expect((await server.call('reset2fa', { token: login_token })).status).toBe(Status.refused);
    expect((await server.call('login2fa', { login_token: 'x'.repeat(43), code: '123456' }, { enc: 1 })).status).toBe(Status.refused);
  });
});
