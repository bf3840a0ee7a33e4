import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

/**
 * The one way the server sends mail. With SMTP_URL it goes out through that server; without it
 * each mail is written to MAIL_DIR as `<id>.eml` (the message as sent) and `<id>.json` (its
 * parts, for the development page /dev/mail), so a newcomer can follow reset links locally.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends Mail {
  id: string;
  from: string;
  date: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'files';
  send(mail: Mail): Promise<void>;
}

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailDir'>;

/** Sortable by name, newest last: the time to the millisecond, then randomness. */
const newMailId = () => `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${crypto.randomBytes(4).toString('hex')}`;
export const MAIL_ID_PATTERN = /^\d{17}-[0-9a-f]{8}$/;

export const createMailer = (config: MailConfig): Mailer => {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      mode: 'smtp',
      send: async (mail) => {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'files',
    send: async (mail) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      const id = newMailId();
      const stored: StoredMail = { id, from: config.mailFrom, date: new Date().toISOString(), ...mail };
      await fs.mkdir(config.mailDir, { recursive: true });
      await fs.writeFile(path.join(config.mailDir, `${id}.eml`), info.message);
      // The JSON is written last: a mail is listed only once both files are complete.
      await fs.writeFile(path.join(config.mailDir, `${id}.json`), JSON.stringify(stored, null, 2));
    },
  };
};

const mailers = new WeakMap<MailConfig, Mailer>();
/** One mailer per configuration, made on first use. */
export const mailerFor = (config: MailConfig): Mailer => {
  let mailer = mailers.get(config);
  if (!mailer) {
    mailer = createMailer(config);
    mailers.set(config, mailer);
  }
  return mailer;
};

/** Written mails, newest first. */
export const listWrittenMails = async (dir: string, limit = 200): Promise<StoredMail[]> => {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -5))
    .filter((id) => MAIL_ID_PATTERN.test(id))
    .sort()
    .reverse()
    .slice(0, limit);
  const mails = await Promise.all(ids.map((id) => readWrittenMail(dir, id)));
  return mails.filter((m): m is StoredMail => m !== null);
};

export const readWrittenMail = async (dir: string, id: string): Promise<StoredMail | null> => {
  if (!MAIL_ID_PATTERN.test(id)) return null;
  try {
    return JSON.parse(await fs.readFile(path.join(dir, `${id}.json`), 'utf8')) as StoredMail;
  } catch {
    return null;
  }
};
