import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Status } from '../../../schemas/status.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember, solvedCaptcha } from '../../test/members.ts';

describe(`Sign-up, sign-in and sessions (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const registerBody = async (over: Record<string, unknown> = {}) => ({
    email: `new-${Math.random().toString(36).slice(2)}@example.org`,
    password: 'Passw0rdOk',
    confirm_password: 'Passw0rdOk',
    nick_name: 'New Member',
    agree: true,
    ...(await solvedCaptcha(server)),
    ...over,
  });

  test('A member registers with an encrypted body and is signed in', async () => {
    const res = await server.call<{ token: string; user_info: { nick_name: string } }>('register', await registerBody(), { enc: 2 });
    expect(res.status).toBe(Status.ok);
    expect(res.data?.token.length).toBeGreaterThanOrEqual(22);
    expect(res.data?.user_info.nick_name).toBe('New Member');
  });

  test('A weak password is refused naming the rule', async () => {
    const res = await server.call('register', await registerBody({ password: 'password1', confirm_password: 'password1' }), { enc: 2 });
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toBe('password: must have at least 8 characters with a number, an uppercase and a lowercase letter');
  });

  test('Two different password entries are refused', async () => {
    const res = await server.call('register', await registerBody({ confirm_password: 'Passw0rdOk2' }), { enc: 2 });
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toBe('confirm_password: Two password entries are inconsistent');
  });

  test('The terms must be accepted', async () => {
    const res = await server.call('register', await registerBody({ agree: false }), { enc: 2 });
    expect(res.msg).toBe('agree: the terms and the privacy policy must be accepted');
  });

  test('An empty e-mail is refused', async () => {
    const res = await server.call('register', await registerBody({ email: '' }), { enc: 2 });
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toMatch(/^email: /);
  });

  test('A wrong captcha is refused, and a captcha cannot be used twice', async () => {
    const body = await registerBody();
    const wrong = await server.call('register', { ...body, captcha_code: 'zzzzz' }, { enc: 2 });
    expect(wrong.status).toBe(Status.validation);
    expect(wrong.msg).toMatch(/^captcha_code/);
    const reused = await server.call('register', body, { enc: 2 });
    expect(reused.status).toBe(Status.validation);
  });

  test('The same e-mail cannot register twice, whatever its case', async () => {
    const m = await createMember(server);
    const res = await server.call('register', await registerBody({ email: m.email.toUpperCase() }), { enc: 2 });
    expect(res.status).toBe(Status.refused);
  });

  test('Sign-in works with the e-mail in any case, and answers alike for unknown e-mail and wrong password', async () => {
    const m = await createMember(server);
    const ok = await server.call<{ token: string }>('login', { email: m.email.toUpperCase(), password: m.password, ...(await solvedCaptcha(server)) }, { enc: 1 });
    expect(ok.status).toBe(Status.ok);
    const wrong = await server.call('login', { email: m.email, password: 'Wrong1234', ...(await solvedCaptcha(server)) }, { enc: 1 });
    const unknown = await server.call('login', { email: 'nobody@example.org', password: 'Wrong1234', ...(await solvedCaptcha(server)) }, { enc: 1 });
    expect(wrong.status).toBe(Status.refused);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.msg).toBe(wrong.msg);
  });

  test('verifyToken rotates the token; the old one works for a grace minute only', async () => {
    const m = await createMember(server);
    const res = await server.call<{ token: string; user_id: number }>('verifyToken', {}, { method: 'GET', token: m.token });
    expect(res.status).toBe(Status.ok);
    expect(res.data?.user_id).toBe(m.userId);
    expect(res.data?.token).not.toBe(m.token);
    const withNew = await server.call('verifyToken', {}, { method: 'GET', token: res.data!.token });
    expect(withNew.status).toBe(Status.ok);
    const { sessions } = await import('../../db/schema/index.ts');
    await server.database.db.update(sessions).set({ prevValidUntil: new Date(Date.now() - 1000) });
    const { token: newest } = withNew.data as { token: string };
    expect((await server.call('verifyToken', {}, { method: 'GET', token: m.token })).status).toBe(Status.tokenInvalid);
    expect((await server.call('verifyToken', {}, { method: 'GET', token: newest })).status).toBe(Status.ok);
  });

  test('After signOut the token is refused with 952798', async () => {
    const m = await createMember(server);
    expect((await server.call('signOut', {}, { token: m.token })).status).toBe(Status.ok);
    const after = await server.call('verifyToken', {}, { method: 'GET', token: m.token });
    expect(after.status).toBe(Status.tokenInvalid);
    expect(after.http).toBe(401);
  });
});

describe(`Token rotation when an answer is lost (${engineName})`, () => {
  test('A client that never received a rotation keeps working with the token it holds', async () => {
    const server = await startTestServer();
    try {
      const m = await createMember(server);
      // Two rotations whose answers a reload cut off: the client still holds the first token.
      await server.call('verifyToken', {}, { method: 'GET', token: m.token });
      const again = await server.call<{ token: string }>('verifyToken', {}, { method: 'GET', token: m.token });
      expect(again.status).toBe(Status.ok);
      const third = await server.call<{ token: string }>('verifyToken', {}, { method: 'GET', token: m.token });
      expect(third.status).toBe(Status.ok);
      // Once the client has the newest token, it is the current one.
      expect((await server.call('verifyToken', {}, { method: 'GET', token: third.data!.token })).status).toBe(Status.ok);
    } finally {
      await server.close();
    }
  });
});
