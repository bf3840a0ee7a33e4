import path from 'node:path';

/** Everything the server reads from the environment, in one place (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; without it the embedded PGlite in `dataDir/pglite` is used. */
  databaseUrl: string | undefined;
  /** Where chat calls are served (spec section 7: a second base address). */
  chatBasePath: string;
  /** Largest accepted request body, bytes. */
  bodyLimit: number;
  logLevel: string;
  /** Development helpers: the written-mail page and captcha answers for automated tests. */
  devTools: boolean;
  /** Seed demo members on the first start of an empty database. */
  seedDemo: boolean;
  /** The built client to serve; missing in API-only test runs. */
  clientDir: string;
  /**
   * SMTP_URL: where mail goes, e.g. `smtps://user:password@smtp.example.org:465`. Without it every
   * mail is written to `mailDir` instead and, with development tools on, listed at /dev/mail.
   */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every mail, e.g. `Members' network <no-reply@example.org>`. */
  mailFrom: string;
  /** MAIL_DIR: where mails are written when there is no SMTP_URL; `DATA_DIR/mail` by default. */
  mailDir: string;
  /**
   * PUBLIC_URL: the address members open the app at, for the links in mails (password reset,
   * two-factor reset). Never taken from a request's Host header, which a sender controls.
   */
  publicUrl: string;
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const chatBasePath = (env.CHAT_BASE_PATH ?? '/chat/api').replace(/\/+$/, '');
  if (!chatBasePath.startsWith('/') || chatBasePath === '/api') {
    throw new Error(`CHAT_BASE_PATH must start with "/" and differ from /api, got "${chatBasePath}"`);
  }
  const port = int(env.PORT, 8080, 'PORT');
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const publicUrl = (env.PUBLIC_URL || `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicUrl)) throw new Error(`PUBLIC_URL must be an http(s) address, got "${publicUrl}"`);
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    chatBasePath,
    bodyLimit: int(env.BODY_LIMIT, 1024 * 1024, 'BODY_LIMIT'),
    logLevel: env.LOG_LEVEL ?? 'info',
    devTools: env.NODE_ENV !== 'production',
    seedDemo: env.SEED_DEMO !== '0',
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "Members' network <no-reply@localhost>",
    mailDir: path.resolve(env.MAIL_DIR || path.join(dataDir, 'mail')),
    publicUrl,
  };
};
