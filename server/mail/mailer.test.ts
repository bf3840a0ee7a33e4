import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { composeMail } from './compose.ts';
import { createMailer, listWrittenMails, readWrittenMail, type StoredMail } from './mailer.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mn-mailer-'));

describe('The mailer', () => {
  test('Without SMTP_URL each mail is written as .eml and .json, and listed newest first', async () => {
    const dir = tmp();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Network <no-reply@example.org>', mailDir: dir });
    expect(mailer.mode).toBe('files');
    await mailer.send(composeMail({ to: 'a@example.org', subject: 'First', paragraphs: ['Hello'] }));
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send(composeMail({ to: 'b@example.org', subject: 'Second <b>', paragraphs: ['Hi & bye'], link: { url: 'http://x.test/a?token=1', label: 'Open' } }));
    const list = await listWrittenMails(dir);
    expect(list.map((m) => m.subject)).toEqual(['Second <b>', 'First']);
    const eml = fs.readFileSync(path.join(dir, `${list[0]!.id}.eml`), 'utf8');
    expect(eml).toContain('To: b@example.org');
    expect(eml).toContain('From: Network <no-reply@example.org>');
    expect(list[0]!.text).toContain('Open: http://x.test/a?token=1');
    expect(list[0]!.html).toContain('Hi &amp; bye');
    expect(list[0]!.html).not.toContain('<b>');
  });

  test('With SMTP_URL mail goes through SMTP and nothing is written', () => {
    const dir = tmp();
    const mailer = createMailer({ smtpUrl: 'smtp://user:secret@127.0.0.1:2525', mailFrom: 'x@example.org', mailDir: dir });
    expect(mailer.mode).toBe('smtp');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test('A mail id that is not one of ours is never read from disk', async () => {
    const dir = tmp();
    expect(await readWrittenMail(dir, '../../etc/passwd')).toBeNull();
    expect(await listWrittenMails(path.join(dir, 'missing'))).toEqual([]);
  });
});

describe('The development mailbox pages', () => {
  let server: TestServer;
  let mail: StoredMail;
  beforeAll(async () => {
    const dir = tmp();
    server = await startTestServer({ mailDir: dir });
    await createMailer({ smtpUrl: undefined, mailFrom: 'x@example.org', mailDir: dir }).send(
      composeMail({ to: 'member@example.org', subject: 'Reset your password', paragraphs: ['Hello', 'Use the link'], link: { url: 'http://localhost:8080/auth/password-reset?token=abc', label: 'Reset' } }),
    );
    mail = (await listWrittenMails(dir))[0]!;
  });
  afterAll(() => server.close());

  test('/dev/mail lists the mails as a page; /dev/mail/:id shows one with its link clickable', async () => {
    const list = await server.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.headers['content-type']).toMatch(/text\/html/);
    expect(list.body).toContain(`href="/dev/mail/${mail.id}"`);
    expect(list.body).toContain('Reset your password');
    const one = await server.app.inject({ method: 'GET', url: `/dev/mail/${mail.id}` });
    expect(one.body).toContain('<a href="http://localhost:8080/auth/password-reset?token=abc">');
    expect((await server.app.inject({ method: 'GET', url: '/dev/mail/nope' })).statusCode).toBe(404);
  });

  test('/dev/mail.json gives the same mails to tests', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(res.json<{ mails: StoredMail[] }>().mails[0]).toMatchObject({ id: mail.id, to: 'member@example.org' });
  });

  test('In production the mailbox does not exist', async () => {
    const prod = await startTestServer({ devTools: false, mailDir: tmp() });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mail.json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
