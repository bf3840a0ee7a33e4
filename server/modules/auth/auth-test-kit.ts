import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { users } from '../../db/schema/index.ts';
import type { StoredMail } from '../../mail/mailer.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember, solvedCaptcha } from '../../test/members.ts';
import { clock } from './clock.ts';

/**
 * Helpers for the account tests: a server whose mails go to a fresh folder, reading those mails
 * the way a member would (through the development mailbox), and the steps of a sign-in.
 */
export const startAuthServer = () =>
  startTestServer({ mailDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mn-mail-')), publicUrl: 'http://app.test' });

export type Member = Awaited<ReturnType<typeof createMember>>;

export const mails = async (server: TestServer): Promise<StoredMail[]> =>
  (await server.app.inject({ method: 'GET', url: '/dev/mail.json' })).json<{ mails: StoredMail[] }>().mails;

/**
 * The newest mail to `to` whose subject or text matches, newer than the mail `after` if given;
 * waiting a little, since mails are sent after the answer.
 */
export const mailTo = async (server: TestServer, to: string, match: RegExp, after?: string): Promise<StoredMail> => {
  for (let i = 0; i < 50; i++) {
    const found = (await mails(server)).find((m) => m.to === to && match.test(`${m.subject}\n${m.text}`) && (!after || m.id > after));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error(`no mail to ${to} matching ${String(match)}`);
};

/** Waits long enough for any mail already on its way, then says whether one came. */
export const noMailTo = async (server: TestServer, to: string): Promise<boolean> => {
  await new Promise((r) => setTimeout(r, 250));
  return !(await mails(server)).some((m) => m.to === to);
};

export const codeIn = (mail: StoredMail): string => /\b(\d{6})\b/.exec(mail.text)![1]!;
export const linkTokenIn = (mail: StoredMail): string => new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;

export const signIn = async (server: TestServer, email: string, password: string, headers?: Record<string, string>) =>
  server.call<Record<string, unknown>>('login', { email, password, ...(await solvedCaptcha(server)) }, { enc: 1, headers });

/** The TOTP code of `secret` at a moment, in seconds from now (negative: in the past). */
export const totpAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(clock.now() / 1000) + offsetSeconds });

/** Binds an authenticator for `m` through the settings calls; returns its secret. */
export const enableAuthenticator = async (server: TestServer, m: Member): Promise<string> => {
  const qr = await server.call<{ secret: string }>('getGoogleQrcode', {}, { token: m.token });
  const secret = qr.data!.secret;
  const bound = await server.call('bindGoogleToken', { type: 'google', code: await totpAt(secret) }, { token: m.token });
  if (bound.status !== 200) throw new Error(`bindGoogleToken: ${bound.msg}`);
  return secret;
};

/** Puts the clock in the middle of a 30-second step, so codes computed by a test do not straddle two steps. */
export const freezeClockMidStep = (offsetSteps = 0) => {
  const step = Math.floor(Date.now() / 30_000) + offsetSteps;
  const at = step * 30_000 + 15_000;
  clock.now = () => at;
  return at;
};
export const restoreClock = () => {
  clock.now = () => Date.now();
};

export const userRow = async (server: TestServer, id: number) =>
  (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;

export { createMember, solvedCaptcha };
