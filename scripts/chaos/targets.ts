import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { loadOrCreateKeyPair } from '../../server/http/crypto.ts';

/**
 * The server a chaos run talks to, and restarts. Its database outlives every restart (PGlite
 * files under a data dir, or a PostgreSQL database), like a deployment's. The database is opened
 * by the run itself only while the server is stopped: to set members up before the first start
 * and to read the server's history after the last stop (PGlite allows one opener at a time).
 */
export interface ChaosTarget {
  readonly name: string;
  /** Only valid after the first start. */
  url(): string;
  start(): Promise<void>;
  /** `hard`: cut every connection and request in flight (SIGKILL for a process). */
  stop(hard?: boolean): Promise<void>;
  openDb(): Promise<Database>;
  /** What the server logged at error level (or worse), for the report. */
  errors(): string[];
  /** Stops the server and removes the data (unless asked to keep it). */
  dispose(): Promise<void>;
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** A fresh database on the PostgreSQL of `adminUrl` (which must allow `create database`), dropped by `drop`. */
export const freshPostgresDatabase = async (adminUrl: string, prefix = 'chaos') => {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
};

interface Storage {
  /** A data dir: keys, and the PGlite files under `pglite/` when there is no database URL. */
  dataDir: string;
  databaseUrl?: string;
  /** Runs after the server is gone: drops the PostgreSQL database, removes the data dir. */
  cleanup?: () => Promise<void>;
}

const openStorage = (s: Storage) => openDatabase(s.databaseUrl ? { databaseUrl: s.databaseUrl } : { dataDir: path.join(s.dataDir, 'pglite') });

const isErrorLine = (line: string) => /"level":(50|60)\b/.test(line) || /^\s*(Error|TypeError|RangeError)\b/.test(line);

/**
 * The real server (server/main.ts) in a child process, as deployed: a restart is SIGTERM (a
 * graceful shutdown: requests in flight finish, sockets close) then a new process on the same
 * port and data, or SIGKILL with `hard`.
 */
export const childProcessTarget = (storage: Storage, opts: { logFile?: string } = {}): ChaosTarget => {
  let child: ChildProcess | null = null;
  let port = 0;
  const errors: string[] = [];
  const log = opts.logFile ? fs.createWriteStream(opts.logFile, { flags: 'w' }) : null;
  const stop = async (hard = false) => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill(hard ? 'SIGKILL' : 'SIGTERM');
    await exited;
  };
  return {
    name: `server process (${storage.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
    url: () => `http://127.0.0.1:${port}`,
    async start() {
      port ||= await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: storage.dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        CLIENT_DIR: path.join(storage.dataDir, 'no-client'),
      };
      if (storage.databaseUrl) env.DATABASE_URL = storage.databaseUrl;
      else delete env.DATABASE_URL;
      const c = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      let out = '';
      let pending = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${out}`)), 90_000);
        const onData = (d: Buffer) => {
          const text = d.toString();
          log?.write(text);
          if (out.length < 20_000) out += text;
          pending += text;
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) if (isErrorLine(line)) errors.push(line.slice(0, 2000));
          if (out.includes('is running at')) {
            clearTimeout(timer);
            resolve();
          }
        };
        c.stdout.on('data', onData);
        c.stderr.on('data', onData);
        c.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`server exited (${code ?? signal}) before it was running:\n${out}`));
        });
      });
      c.on('exit', (code, signal) => {
        if (child === c) errors.push(`server process exited by itself (${code ?? signal})`);
      });
    },
    stop,
    openDb: () => openStorage(storage),
    errors: () => errors,
    async dispose() {
      await stop();
      log?.end();
      await storage.cleanup?.();
    },
  };
};

/**
 * The server built in this process (for the test suite, where a child process per restart costs
 * too much): a restart closes the Fastify app, its socket.io and its database, then builds a new
 * app over the same database on the same port. `hard` also destroys every HTTP connection at
 * once, so requests in flight lose their answers (the database work they started may commit).
 */
export const inProcessTarget = (storage: Storage): ChaosTarget => {
  let app: FastifyInstance | null = null;
  let port = 0;
  const errors: string[] = [];
  const keys = loadOrCreateKeyPair(storage.dataDir);
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error' }), clientDir: path.join(storage.dataDir, 'no-client') };
  const stream = {
    write: (line: string) => {
      if (isErrorLine(line)) errors.push(line.slice(0, 2000));
    },
  };
  const stop = async (hard = false) => {
    const a = app;
    if (!a) return;
    app = null;
    const closing = a.close();
    if (hard) {
      a.server.closeAllConnections();
      setImmediate(() => a.server.closeAllConnections());
    }
    await closing;
  };
  return {
    name: `in-process server (${storage.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
    url: () => `http://127.0.0.1:${port}`,
    async start() {
      const database = await openStorage(storage);
      const a = await buildApp({ config, database, keys, logger: { level: 'error', stream } });
      await a.listen({ port, host: '127.0.0.1' });
      port = (a.server.address() as net.AddressInfo).port;
      app = a;
    },
    stop,
    openDb: () => openStorage(storage),
    errors: () => errors,
    async dispose() {
      await stop();
      await storage.cleanup?.();
    },
  };
};

/**
 * Where a run keeps its data: a fresh PostgreSQL database when `adminUrl` is given (plus a data
 * dir for the keys), otherwise PGlite files in a fresh data dir. `keep` leaves them for a look.
 */
export const chaosStorage = async (opts: { adminUrl?: string; dataDir: string; keep?: boolean }): Promise<Storage> => {
  fs.rmSync(opts.dataDir, { recursive: true, force: true });
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const removeDir = async () => {
    if (!opts.keep) fs.rmSync(opts.dataDir, { recursive: true, force: true });
  };
  if (!opts.adminUrl) return { dataDir: opts.dataDir, cleanup: removeDir };
  const fresh = await freshPostgresDatabase(opts.adminUrl);
  return {
    dataDir: opts.dataDir,
    databaseUrl: fresh.url,
    cleanup: async () => {
      if (!opts.keep) await fresh.drop();
      await removeDir();
    },
  };
};
