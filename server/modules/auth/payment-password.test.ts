import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Status } from '../../../schemas/status.ts';
import { users } from '../../db/schema/index.ts';
import { ApiError } from '../../http/answer.ts';
import { engineName, type TestServer } from '../../test/harness.ts';
import { codeIn, createMember, mailTo, startAuthServer, type Member } from './auth-test-kit.ts';
import { requirePaymentPassword } from './payment-password.ts';

describe(`The payment password (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(() => server.close());

  const setWithCode = async (m: Member, pin: string) => {
    await server.call('forgotPaymentPassword', {}, { token: m.token });
    const code = codeIn(await mailTo(server, m.email, /payment password/));
    return server.call('resetPaymentPassword', { payment_password: pin, confirm_payment_password: pin, code }, { token: m.token });
  };

  test('Before one is set, paying is refused: "Please set the payment password before payment"', async () => {
    const m = await createMember(server);
    const err = await requirePaymentPassword(server.database.db, m.userId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(Status.refused);
    const res = await server.call('verifyPaymentPassword', { payment_password: '123456' }, { token: m.token, enc: 2 });
    expect(res.status).toBe(Status.refused);
    expect(res.msg).toBe('Please set the payment password before payment');
  });

  test('It is exactly 6 digits, entered twice alike, and set with a code mailed to the member', async () => {
    const m = await createMember(server);
    const short = await server.call('resetPaymentPassword', { payment_password: '12345', confirm_payment_password: '12345', code: '000000' }, { token: m.token });
    expect(short.msg).toBe('payment_password: must be exactly 6 digits');
    const letters = await server.call('verifyPaymentPassword', { payment_password: '12345a' }, { token: m.token, enc: 2 });
    expect(letters.status).toBe(Status.validation);
    const differ = await server.call('resetPaymentPassword', { payment_password: '123456', confirm_payment_password: '123457', code: '000000' }, { token: m.token });
    expect(differ.msg).toBe('confirm_payment_password: Two password entries are inconsistent');
    const noCode = await server.call('resetPaymentPassword', { payment_password: '123456', confirm_payment_password: '123456' }, { token: m.token });
    expect(noCode.status).toBe(Status.validation);
    expect((await setWithCode(m, '482913')).status).toBe(Status.ok);
    await expect(requirePaymentPassword(server.database.db, m.userId)).resolves.toMatch(/^scrypt\$/);
    const [row] = await server.database.db.select({ h: users.paymentPasswordHash }).from(users).where(eq(users.id, m.userId));
    expect(row!.h).not.toContain('482913');
    expect((await server.call<{ verified: boolean }>('verifyPaymentPassword', { payment_password: '482913' }, { token: m.token, enc: 2 })).data).toEqual({ verified: true });
  });

  test('A wrong one is refused with the tries left; after 5 wrong in 15 minutes even the right one waits (9988)', async () => {
    const m = await createMember(server);
    await setWithCode(m, '246810');
    for (let i = 1; i <= 5; i++) {
      const res = await server.call('verifyPaymentPassword', { payment_password: '000000' }, { token: m.token, enc: 2 });
      expect(res.msg).toBe(`The payment password is incorrect. Tries left: ${5 - i}.`);
    }
    const blocked = await server.call('verifyPaymentPassword', { payment_password: '246810' }, { token: m.token, enc: 2 });
    expect(blocked.status).toBe(Status.rateLimited);
  });

  test('It can be changed with the current one, and reset by e-mail when forgotten', async () => {
    const m = await createMember(server);
    await setWithCode(m, '111222');
    const wrongOld = await server.call('resetPaymentPassword', { payment_password: '333444', confirm_payment_password: '333444', old_payment_password: '999999' }, { token: m.token });
    expect(wrongOld.status).toBe(Status.refused);
    const changed = await server.call('resetPaymentPassword', { payment_password: '333444', confirm_payment_password: '333444', old_payment_password: '111222' }, { token: m.token });
    expect(changed.status).toBe(Status.ok);
    expect((await server.call('verifyPaymentPassword', { payment_password: '333444' }, { token: m.token, enc: 2 })).status).toBe(Status.ok);
    await new Promise((r) => setTimeout(r, 10));
    const status = await server.call<{ has_payment_password: boolean }>('emailGet2faStatus', {}, { token: m.token });
    expect(status.data!.has_payment_password).toBe(true);
  });
});
