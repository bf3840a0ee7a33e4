import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Status } from '../../../schemas/status.ts';
import { loginLog, users } from '../../db/schema/index.ts';
import { engineName, type TestServer } from '../../test/harness.ts';
import { createMember, signIn, startAuthServer } from './auth-test-kit.ts';
import { sweepDeletedAccounts } from './account-deletion.ts';

const DAY = 24 * 60 * 60 * 1000;
type Frozen = { reactivate_token: string; erase_after: string };

describe(`Deleting and reactivating an account (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(() => server.close());

  const exists = async (id: number) => (await server.database.db.select().from(users).where(eq(users.id, id))).length === 1;

  test('Deleting needs the password; the account is unusable at once and can be reactivated by signing in', async () => {
    const m = await createMember(server);
    expect((await server.call('deleteAccount', { password: 'Wrong1234' }, { token: m.token, enc: 2 })).status).toBe(Status.refused);
    const del = await server.call<{ erase_after: string; grace_days: number }>('deleteAccount', { password: m.password }, { token: m.token, enc: 2 });
    expect(del.status).toBe(Status.ok);
    expect(del.data!.grace_days).toBe(30);
    expect(new Date(del.data!.erase_after).getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    expect((await server.call('verifyToken', {}, { method: 'GET', token: m.token })).status).toBe(Status.tokenInvalid);

    const frozen = await signIn(server, m.email, m.password);
    expect(frozen.status).toBe(Status.frozen);
    const { reactivate_token } = frozen.data as unknown as Frozen;
    // A wrong password on a deleted account answers like any wrong password.
    expect((await signIn(server, m.email, 'Wrong1234')).status).toBe(Status.refused);
    const back = await server.call<{ token: string }>('reactivate', { reactivate_token });
    expect(back.status).toBe(Status.ok);
    expect((await server.call('verifyToken', {}, { method: 'GET', token: back.data!.token })).status).toBe(Status.ok);
    expect((await server.call('reactivate', { reactivate_token })).status).toBe(Status.refused);
    expect((await signIn(server, m.email, m.password)).status).toBe(Status.ok);
  });

  test('The sweep erases a deleted account after 30 days, not before, and leaves others alone', async () => {
    const gone = await createMember(server);
    const kept = await createMember(server);
    const active = await createMember(server);
    await server.call('deleteAccount', { password: gone.password }, { token: gone.token, enc: 2 });
    await server.call('deleteAccount', { password: kept.password }, { token: kept.token, enc: 2 });
    const now = Date.now();
    await server.database.db.update(users).set({ deletedAt: new Date(now - 31 * DAY) }).where(eq(users.id, gone.userId));
    await server.database.db.update(users).set({ deletedAt: new Date(now - 29 * DAY) }).where(eq(users.id, kept.userId));

    expect(await sweepDeletedAccounts(server.database.db, new Date(now))).toBe(1);
    expect(await exists(gone.userId)).toBe(false);
    expect(await server.database.db.select().from(loginLog).where(eq(loginLog.userId, gone.userId))).toEqual([]);
    expect(await exists(kept.userId)).toBe(true);
    expect(await exists(active.userId)).toBe(true);
    // The erased address signs in like any unknown one.
    expect((await signIn(server, gone.email, gone.password)).status).toBe(Status.refused);

    // Two days later (by the sweep's clock) the second one goes too.
    expect(await sweepDeletedAccounts(server.database.db, new Date(now + 2 * DAY))).toBe(1);
    expect(await exists(kept.userId)).toBe(false);
    expect(await exists(active.userId)).toBe(true);
  });
});
