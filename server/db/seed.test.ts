import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Status } from '../../schemas/status.ts';
import { startAuthServer, signIn, totpAt } from '../modules/auth/auth-test-kit.ts';
import type { TestServer } from '../test/harness.ts';
import { DEMO_LOGIN, DEMO_SECURITY_ANSWERS, DEMO_TOTP_SECRET, seedDemoData } from './seed.ts';

describe('The demo data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
    expect(await seedDemoData(server.database.db)).toBe(true);
  });
  afterAll(() => server.close());

  test('Seeding runs once: a database with members is left alone', async () => {
    expect(await seedDemoData(server.database.db)).toBe(false);
  });

  test('The demo member signs in with the printed password, without two-factor', async () => {
    expect((await signIn(server, DEMO_LOGIN.email, DEMO_LOGIN.password)).status).toBe(Status.ok);
  });

  test('Omar has an authenticator with the documented demo secret', async () => {
    const res = await signIn(server, 'omar@example.org', DEMO_LOGIN.password);
    expect(res.status).toBe(Status.secondFactorRequired);
    const { login_token } = res.data as { login_token: string };
    expect((await server.call('login2fa', { login_token, code: await totpAt(DEMO_TOTP_SECRET) }, { enc: 1 })).status).toBe(Status.ok);
  });

  test('Sofia gets a code by e-mail', async () => {
    const res = await signIn(server, 'sofia@example.org', DEMO_LOGIN.password);
    expect(res.data).toMatchObject({ type: 'email' });
  });

  test('Lena is locked, and unlocks with the documented security answers', async () => {
    const res = await signIn(server, 'lena@example.org', DEMO_LOGIN.password);
    expect(res.status).toBe(Status.locked);
    const { unlock_token, has_questions } = res.data as { unlock_token: string; has_questions: boolean };
    expect(has_questions).toBe(true);
    expect((await server.call('applyUnfreeze', { unlock_token, answers: DEMO_SECURITY_ANSWERS })).status).toBe(Status.ok);
  });

  test('Tomás deleted his account three days ago and can still reactivate it', async () => {
    const res = await signIn(server, 'tomas@example.org', DEMO_LOGIN.password);
    expect(res.status).toBe(Status.frozen);
    expect(new Date((res.data as { erase_after: string }).erase_after).getTime()).toBeGreaterThan(Date.now() + 26 * 24 * 3600 * 1000);
  });
});
