import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defineCall } from '../../schemas/call.ts';
import { Status } from '../../schemas/status.ts';
import { implementPublic } from './context.ts';
import { implementations } from '../modules/index.ts';
import { seal } from '../../src/api/crypto.ts';
import { engineName, startTestServer, type TestServer } from '../test/harness.ts';

/** Test-only calls that echo what they decrypted, one per mode. */
const echo = (enc: 1 | 2 | 3) =>
  implementPublic(
    defineCall({
      name: `echo${enc}`,
      group: 'Test',
      method: 'POST',
      base: 'main',
      enc,
      public: true,
      summary: 'echo',
      body: Type.Object({ secret: Type.String({ minLength: 1 }), n: Type.Integer() }),
      data: Type.Object({ secret: Type.String(), n: Type.Integer() }),
    }),
    async (body) => ({ secret: body.secret.toUpperCase(), n: body.n + 1 }),
  );

describe(`Encryption modes 1, 2 and 3 (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, [...implementations, echo(1), echo(2), echo(3)]);
  });
  afterAll(() => server.close());

  for (const mode of [1, 2, 3] as const) {
    test(`Mode ${mode}: client encrypts, server decrypts, server encrypts, client decrypts`, async () => {
      const raw = await server.app.inject({ method: 'POST', url: `/api/echo${mode}`, payload: {} });
      expect(raw.json()).toMatchObject({ status: Status.validation }); // plain bodies are refused
      const res = await server.call<{ secret: string; n: number }>(`echo${mode}`, { secret: 'héllo ✓', n: 41 }, { enc: mode });
      expect(res.status).toBe(Status.ok);
      expect(res.data).toEqual({ secret: 'HÉLLO ✓', n: 42 });
    });
  }

  test('The answer data travels encrypted, not in the clear', async () => {
    const sealed = await seal(server.keys.publicKey, { secret: 'abc', n: 1 }, 2);
    const res = await server.app.inject({ method: 'POST', url: '/api/echo2', payload: sealed.body });
    const body = res.json<{ data: { iv: string; data: string } }>();
    expect(JSON.stringify(body)).not.toContain('ABC');
    expect(await sealed.open(body.data)).toEqual({ secret: 'ABC', n: 2 });
  });

  test('A decrypted body is validated like a plain one', async () => {
    const res = await server.call('echo2', { secret: '', n: 1 }, { enc: 2 });
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toMatch(/^secret: /);
  });

  test('A body encrypted to another key is refused clearly', async () => {
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' });
    const sealed = await seal(other.toString(), { secret: 'x', n: 1 }, 2);
    const res = await server.app.inject({ method: 'POST', url: '/api/echo2', payload: sealed.body });
    expect(res.json()).toMatchObject({ status: Status.validation, msg: expect.stringContaining('getPublicKey') });
  });

  test('Mode 1 must come as a form, mode 2 as JSON', async () => {
    const sealed = await seal(server.keys.publicKey, { secret: 'x', n: 1 }, 1);
    const res = await server.app.inject({ method: 'POST', url: '/api/echo1', payload: sealed.body });
    expect(res.json()).toMatchObject({ status: Status.validation, msg: 'Send the body as multipart/form-data.' });
  });
});
