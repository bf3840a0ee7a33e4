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
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    chatBasePath,
    bodyLimit: int(env.BODY_LIMIT, 1024 * 1024, 'BODY_LIMIT'),
    logLevel: env.LOG_LEVEL ?? 'info',
    devTools: env.NODE_ENV !== 'production',
    seedDemo: env.SEED_DEMO !== '0',
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist'),
  };
};
