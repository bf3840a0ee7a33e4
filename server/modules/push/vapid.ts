import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/**
 * The server's VAPID identity (RFC 8292): push services accept a push only when it is signed with
 * the key the browser subscribed with, so the key pair must outlive restarts and be the same on
 * every server process. It is created on the first start under the data dir, like the RSA pair
 * of server/http/crypto.ts; VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY set it instead (several
 * processes without a shared data dir). Changing it silently stops every existing subscription.
 */
export interface PushDeps {
  /** P-256 public key, base64url: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for push services to reach: a mailto: or https: address. */
  subject: string;
  /** Whether subscriptions may name plain-http push endpoints (tests and development only). */
  allowHttpEndpoints: boolean;
}

interface VapidOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** MAIL_FROM, e.g. `Members' network <no-reply@example.org>`: the default subject's address. */
  mailFrom: string;
  allowHttpEndpoints: boolean;
}

const subjectOf = (env: NodeJS.ProcessEnv, mailFrom: string) => {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
};

export const loadOrCreateVapidKeys = ({ dataDir, env = process.env, mailFrom, allowHttpEndpoints }: VapidOptions): PushDeps => {
  const subject = subjectOf(env, mailFrom);
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject, allowHttpEndpoints };
  }
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'vapid.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys(), null, 2), { mode: 0o600 });
  }
  const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...keys, subject, allowHttpEndpoints };
};

/** A key pair for one process only: for servers built without one (tests); nothing survives them. */
export const ephemeralVapidKeys = (mailFrom: string, allowHttpEndpoints: boolean): PushDeps => ({
  ...webpush.generateVAPIDKeys(),
  subject: subjectOf({}, mailFrom),
  allowHttpEndpoints,
});
