import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { loadOrCreateKeyPair, type KeyPair } from '../http/crypto.ts';
import type { Implementation } from '../http/context.ts';
import type { EnvelopeOf } from '../../schemas/envelope.ts';
import { seal, type Mode } from '../../src/api/crypto.ts';

/**
 * A server over a real, empty database for one test file: PGlite in memory by default, or a
 * fresh database on the PostgreSQL of TEST_DATABASE_URL (CI runs both).
 */
export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  keys: KeyPair;
  call<T = unknown>(name: string, body?: unknown, opts?: CallOptions): Promise<EnvelopeOf<T> & { http: number }>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  lang?: string;
  method?: 'GET' | 'POST';
  chat?: boolean;
  /** Send the body encrypted in this mode and decrypt the answer's data. */
  enc?: Mode;
  headers?: Record<string, string>;
}

let keysOnce: { dir: string; keys: KeyPair } | undefined;
const testKeys = () => {
  if (!keysOnce) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mn-keys-'));
    keysOnce = { dir, keys: loadOrCreateKeyPair(dir) };
  }
  return keysOnce.keys;
};

export const engineName = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

const openTestDatabase = async (): Promise<Database> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://' });
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
};

export const startTestServer = async (
  overrides: Partial<Config> = {},
  implementations?: Implementation[],
): Promise<TestServer> => {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), clientDir: '/nonexistent', ...overrides };
  const database = await openTestDatabase();
  const keys = testKeys();
  const app = await buildApp({ config, database, keys, implementations, logger: false });
  await app.ready();
  const call: TestServer['call'] = async (name, body = {}, opts = {}) => {
    const method = opts.method ?? 'POST';
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = opts.token;
    if (opts.lang) headers.lang = opts.lang;
    const url = `${opts.chat ? config.chatBasePath : '/api'}/${name}`;
    let res: LightMyRequestResponse;
    let sealed: Awaited<ReturnType<typeof seal>> | undefined;
    if (method === 'GET') {
      const query = new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
      res = await app.inject({ method, url: `${url}?${query}`, headers });
    } else if (opts.enc) {
      sealed = await seal(keys.publicKey, body, opts.enc);
      if (opts.enc === 1) {
        const form = new FormData();
        for (const [k, v] of Object.entries(sealed.body)) form.append(k, v);
        const request = new Request('http://x', { method: 'POST', body: form });
        res = await app.inject({
          method,
          url,
          headers: { ...headers, 'content-type': request.headers.get('content-type')! },
          payload: Buffer.from(await request.arrayBuffer()),
        });
      } else {
        res = await app.inject({ method, url, headers, payload: sealed.body });
      }
    } else {
      // Always real JSON text, so `null` or `42` arrive as such and not as an empty body.
      res = await app.inject({ method, url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
    }
    const envelope = res.json<EnvelopeOf<unknown>>();
    if (sealed && envelope.data && typeof envelope.data === 'object' && 'iv' in envelope.data) {
      envelope.data = await sealed.open(envelope.data as never);
    }
    return { ...(envelope as EnvelopeOf<never>), http: res.statusCode };
  };
  return {
    app,
    database,
    config,
    keys,
    call,
    close: async () => {
      await app.close();
    },
  };
};
