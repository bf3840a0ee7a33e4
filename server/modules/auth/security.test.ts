import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Status } from '../../../schemas/status.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { engineName, type TestServer } from '../../test/harness.ts';
import { codeIn, createMember, mailTo, noMailTo, signIn, startAuthServer } from './auth-test-kit.ts';
import { key, recordFailure } from './throttle.ts';
import { hashToken } from './tokens.ts';

type LogPage = { list: { method: string; outcome: string; ip: string }[]; total: number; page: number; page_size: number };

describe(`Account security in settings (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(() => server.close());

  test('Tokens carry at least 128 random bits and are stored only as a hash', async () => {
    const m = await createMember(server);
    expect(Buffer.from(m.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.userId, m.userId));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(m.token)]);
    expect(JSON.stringify(rows)).not.toContain(m.token);
  });

  test('Passwords are stored as scrypt hashes, never as written', async () => {
    const m = await createMember(server);
    const [row] = await server.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, m.userId));
    expect(row!.h).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(row!.h).not.toContain(m.password);
  });

  test('Changing the password checks the current one, ends every other session and keeps this one', async () => {
    const m = await createMember(server);
    const other = (await signIn(server, m.email, m.password)).data as { token: string };
    const wrongOld = await server.call('updatePassword', { old_password: 'Nope12345', password: 'Changed1Pw', confirm_password: 'Changed1Pw' }, { token: m.token, enc: 2 });
    expect(wrongOld.status).toBe(Status.refused);
    const mismatch = await server.call('updatePassword', { old_password: m.password, password: 'Changed1Pw', confirm_password: 'Changed2Pw' }, { token: m.token, enc: 2 });
    expect(mismatch.msg).toBe('confirm_password: Two password entries are inconsistent');
    const weak = await server.call('updatePassword', { old_password: m.password, password: 'alllowercase1', confirm_password: 'alllowercase1' }, { token: m.token, enc: 2 });
    expect(weak.msg).toBe('password: must have at least 8 characters with a number, an uppercase and a lowercase letter');
    const ok = await server.call('updatePassword', { old_password: m.password, password: 'Changed1Pw', confirm_password: 'Changed1Pw' }, { token: m.token, enc: 2 });
    expect(ok.status).toBe(Status.ok);
    expect((await server.call('verifyToken', {}, { method: 'GET', token: other.token })).status).toBe(Status.tokenInvalid);
    expect((await server.call('verifyToken', {}, { method: 'GET', token: m.token })).status).toBe(Status.ok);
    expect((await signIn(server, m.email, 'Changed1Pw')).status).toBe(Status.ok);
    await mailTo(server, m.email, /Your password was changed/);
  });

  test('The e-mail address changes with a code sent to the new address; the old one is told', async () => {
    const m = await createMember(server);
    const next = `moved-${m.userId}@example.org`;
    const sent = await server.call<{ sent_to: string }>('sandEditCode', { purpose: 'edit_email', email: next }, { token: m.token });
    expect(sent.data!.sent_to).toMatch(/^m\*+@example\.org$/);
    const code = codeIn(await mailTo(server, next, /make this your account's e-mail/));
    expect((await server.call('editEmail', { email: `other-${next}`, code }, { token: m.token })).status).toBe(Status.refused);
    const changed = await server.call<{ email: string }>('editEmail', { email: next, code }, { token: m.token });
    // A code works only for the address it was sent to, and asking with another does not use it up.
    expect(changed.status).toBe(Status.ok);
    expect(changed.data!.email).toBe(next);
    await mailTo(server, m.email, /e-mail address was changed/);
    expect((await signIn(server, next, m.password)).status).toBe(Status.ok);
  });

  test('Asking to move to an address another account uses answers the same and sends no code', async () => {
    const a = await createMember(server);
    const b = await createMember(server);
    const free = await server.call('sandEditCode', { purpose: 'edit_email', email: `free-${a.userId}@example.org` }, { token: a.token });
    const taken = await server.call('sandEditCode', { purpose: 'edit_email', email: b.email }, { token: a.token });
    expect({ ...taken, data: { ...(taken.data as object), sent_to: '' } }).toEqual({ ...free, data: { ...(free.data as object), sent_to: '' } });
    expect(await noMailTo(server, b.email)).toBe(true);
  });

  test('An e-mail code is void after 5 wrong tries, and a new one can be asked for once a minute', async () => {
    const m = await createMember(server);
    await server.call('sandEditCode', { purpose: 'two_factor_on' }, { token: m.token });
    const code = codeIn(await mailTo(server, m.email, /turn on two-step/));
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await server.call('bindGoogleToken', { type: 'email', code: wrongCode }, { token: m.token });
      expect(res.msg).toBe(`The code is incorrect. Tries left for this code: ${5 - i}.`);
    }
    expect((await server.call('bindGoogleToken', { type: 'email', code: wrongCode }, { token: m.token })).msg).toMatch(/no longer works/);
    expect((await server.call('bindGoogleToken', { type: 'email', code }, { token: m.token })).status).toBe(Status.refused);
    const again = await server.call('sandEditCode', { purpose: 'two_factor_on' }, { token: m.token });
    expect(again.status).toBe(Status.rateLimited);
    expect(again.msg).toMatch(/in \d+ seconds/);
  });

  test('Security questions: 3 different ones, saved after the password is confirmed', async () => {
    const m = await createMember(server);
    const list = await server.call<{ questions: { id: number; question: string }[]; chosen: number[] }>('problemsList', {}, { token: m.token });
    expect(list.data!.questions.length).toBeGreaterThanOrEqual(6);
    expect(list.data!.chosen).toEqual([]);
    const two = await server.call('login2faProblemAdd', { password: m.password, answers: [{ id: 1, answer: 'a' }, { id: 2, answer: 'b' }] }, { token: m.token });
    expect(two.status).toBe(Status.validation);
    const same = await server.call('login2faProblemAdd', { password: m.password, answers: [1, 1, 2].map((id) => ({ id, answer: 'x' })) }, { token: m.token });
    expect(same.msg).toBe('answers: must answer 3 different questions');
    const badPw = await server.call('login2faProblemAdd', { password: 'Wrong1234', answers: [1, 2, 3].map((id) => ({ id, answer: 'x' })) }, { token: m.token });
    expect(badPw.status).toBe(Status.refused);
    expect((await server.call('login2faProblemAdd', { password: m.password, answers: [1, 4, 6].map((id) => ({ id, answer: 'x' })) }, { token: m.token })).status).toBe(Status.ok);
    const after = await server.call<{ chosen: number[] }>('problemsList', {}, { token: m.token });
    expect(after.data!.chosen).toEqual([1, 4, 6]);
    const status = await server.call<{ has_security_questions: boolean; two_factor: string }>('emailGet2faStatus', {}, { token: m.token });
    expect(status.data).toMatchObject({ has_security_questions: true, two_factor: 'off', email: m.email });
  });

  test('The login history lists sign-ins and failed tries, newest first, a page at a time', async () => {
    const m = await createMember(server);
    await signIn(server, m.email, 'Wrong1234', { 'x-forwarded-for': '192.0.2.44' });
    await signIn(server, m.email, m.password, { 'x-forwarded-for': '192.0.2.45' });
    const page = await server.call<LogPage>('loginLogList', { page: 1, page_size: 1 }, { method: 'GET', token: m.token });
    expect(page.data).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(page.data!.list[0]).toMatchObject({ method: 'password', outcome: 'ok', ip: '192.0.2.45' });
    const second = await server.call<LogPage>('loginLogList', { page: 2, page_size: 1 }, { method: 'GET', token: m.token });
    expect(second.data!.list[0]).toMatchObject({ outcome: 'wrong_password', ip: '192.0.2.44' });
    expect((await server.call('loginLogList', { page_size: 500 }, { method: 'GET', token: m.token })).status).toBe(Status.validation);
  });

  test('Confirming one\'s own password: after 10 wrong entries in an hour even the right one waits (9988)', async () => {
    const m = await createMember(server);
    await recordFailure(server.database.db, Array.from({ length: 9 }, () => key('own-password', m.userId)));
    expect((await server.call('deleteAccount', { password: 'Wrong1234' }, { token: m.token, enc: 2 })).status).toBe(Status.refused);
    const blocked = await server.call('deleteAccount', { password: m.password }, { token: m.token, enc: 2 });
    expect(blocked.status).toBe(Status.rateLimited);
    expect((await server.call('verifyToken', {}, { method: 'GET', token: m.token })).status).toBe(Status.ok);
  });

  test('Security calls need a signed-in member', async () => {
    for (const name of ['getGoogleQrcode', 'problemsList', 'forgotPaymentPassword']) {
      expect((await server.call(name, {})).status).toBe(Status.tokenInvalid);
    }
  });
});
