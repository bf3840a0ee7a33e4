import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Status } from '../../../schemas/status.ts';
import { engineName, type TestServer } from '../../test/harness.ts';
import { createMember, signIn, startAuthServer } from './auth-test-kit.ts';
import { ACCOUNT_FAILURES_MAX, IP_FAILURES_MAX } from './limits.ts';
import { emailKey, ipKey, recordFailure } from './throttle.ts';

describe(`Sign-in throttling (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(() => server.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  test('After 20 failed sign-ins from one address in 10 minutes, the next is refused with 9988, even with the right password', async () => {
    const m = await createMember(server);
    const ip = '198.51.100.7';
    await recordFailure(server.database.db, Array.from({ length: IP_FAILURES_MAX - 1 }, () => ipKey(ip)));
    const twentieth = await signIn(server, 'someone-else@example.org', 'Wrong1234', from(ip));
    expect(twentieth.status).toBe(Status.refused);
    const blocked = await signIn(server, m.email, m.password, from(ip));
    expect(blocked.status).toBe(Status.rateLimited);
    expect(blocked.http).toBe(429);
    expect(blocked.msg).toMatch(/^Too many failed sign-ins from your network\. Try again in \d+ minutes\.$/);
    // Another address is not affected.
    expect((await signIn(server, m.email, m.password, from('198.51.100.8'))).status).toBe(Status.ok);
  });

  test('After 100 failed sign-ins for one account in an hour, it is refused with 9988 from any address', async () => {
    const m = await createMember(server);
    await recordFailure(server.database.db, Array.from({ length: ACCOUNT_FAILURES_MAX - 1 }, () => emailKey(m.email)));
    expect((await signIn(server, m.email, 'Wrong1234', from('203.0.113.1'))).status).toBe(Status.refused);
    const blocked = await signIn(server, m.email, m.password, from('203.0.113.2'));
    expect(blocked.status).toBe(Status.rateLimited);
    expect(blocked.msg).toMatch(/^Too many failed sign-ins for this account\. Try again in \d+ minutes, or reset your password\.$/);
  });

  test('An unregistered address is throttled exactly like a registered one, so throttling tells nothing', async () => {
    const m = await createMember(server);
    const unknown = 'never-registered@example.org';
    for (const email of [m.email, unknown]) {
      await recordFailure(server.database.db, Array.from({ length: ACCOUNT_FAILURES_MAX }, () => emailKey(email)));
    }
    const a = await signIn(server, m.email, 'Wrong1234', from('203.0.113.3'));
    const b = await signIn(server, unknown, 'Wrong1234', from('203.0.113.4'));
    expect(b.status).toBe(Status.rateLimited);
    expect({ ...b, msg: b.msg.replace(/\d+/, 'N') }).toEqual({ ...a, msg: a.msg.replace(/\d+/, 'N') });
  });

  test('A right password clears the account count, so its owner is not kept out by earlier guesses', async () => {
    const m = await createMember(server);
    await recordFailure(server.database.db, Array.from({ length: ACCOUNT_FAILURES_MAX - 2 }, () => emailKey(m.email)));
    expect((await signIn(server, m.email, m.password, from('203.0.113.5'))).status).toBe(Status.ok);
    for (let i = 0; i < 2; i++) await signIn(server, m.email, 'Wrong1234', from('203.0.113.5'));
    expect((await signIn(server, m.email, m.password, from('203.0.113.5'))).status).toBe(Status.ok);
  });

  test('Unknown e-mail and wrong password answer alike, status and message', async () => {
    const m = await createMember(server);
    const wrong = await signIn(server, m.email, 'Wrong1234', from('203.0.113.9'));
    const unknown = await signIn(server, 'who-is-this@example.org', 'Wrong1234', from('203.0.113.9'));
    expect(unknown).toEqual(wrong);
  });
});
