import { devCaptchaAnswers } from '../modules/auth/captchas.ts';
import type { TestServer } from './harness.ts';

/** Solves a fresh captcha the way the browser tests do: by reading the dev-only answer. */
export const solvedCaptcha = async (server: TestServer) => {
  const res = await server.call<{ captcha_id: string }>('captcha');
  const id = res.data!.captcha_id;
  return { captcha_id: id, captcha_code: devCaptchaAnswers.get(id)! };
};

let seq = 0;
/** A factory for members: registers one through the real call and returns its token. */
export const createMember = async (server: TestServer, overrides: { email?: string; password?: string; nick_name?: string } = {}) => {
  seq += 1;
  const email = overrides.email ?? `member${seq}-${Date.now()}@example.org`;
  const password = overrides.password ?? 'Passw0rdOk';
  const res = await server.call<{ token: string; user_info: { user_id: number } }>(
    'register',
    {
      email,
      password,
      confirm_password: password,
      nick_name: overrides.nick_name ?? `Member ${seq}`,
      agree: true,
      ...(await solvedCaptcha(server)),
    },
    { enc: 2 },
  );
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.msg}`);
  return { email, password, token: res.data!.token, userId: res.data!.user_info.user_id };
};

/** Makes two members friends directly (the friend-request flow has its own tests). */
export const makeFriends = async (server: TestServer, a: number, b: number) => {
  const { befriend } = await import('../modules/friends/relations.ts');
  await befriend(server.database.db, a, b);
};
