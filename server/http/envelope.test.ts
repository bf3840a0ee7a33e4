import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Status } from '../../schemas/status.ts';
import { engineName, startTestServer, type TestServer } from '../test/harness.ts';

describe(`The call envelope (${engineName})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ bodyLimit: 64 * 1024 });
  });
  afterAll(() => server.close());

  test('An unknown call answers HTTP 404 with status 4002 naming the call', async () => {
    const res = await server.call('noSuchCall');
    expect(res.http).toBe(404);
    expect(res).toMatchObject({ status: Status.notFound, msg: 'Unknown call: noSuchCall', data: null, is_popup: false });
  });

  test('An unknown call under the chat base path is refused the same way', async () => {
    const res = await server.call('noSuchChatCall', {}, { chat: true });
    expect(res.http).toBe(404);
    expect(res.msg).toBe('Unknown call: noSuchChatCall');
  });

  test('Every answer has exactly the four envelope fields', async () => {
    const res = await server.call('getWebLanguageList');
    const keys = Object.keys(res).filter((k) => k !== 'http');
    expect(keys.sort()).toEqual(['data', 'is_popup', 'msg', 'status']);
    expect(res.status).toBe(Status.ok);
  });

  test('A bad body answers 4001 with a message naming the field and the rule', async () => {
    const res = await server.call('getWebLanguageData', { lang: 'klingon' });
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toBe('lang: must be one of en, ar, chi, hi, gr, fr');
  });

  test('A missing field is named in the message', async () => {
    const res = await server.call('getWebLanguageData', {});
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toBe('lang: is required');
  });

  test('A field of the wrong type is named in the message', async () => {
    const res = await server.call('getWebLanguageData', { lang: 42 });
    expect(res.status).toBe(Status.validation);
    expect(res.msg).toMatch(/^lang: /);
  });

  test('Malformed JSON gets a clear error, not a crash', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/getWebLanguageData',
      headers: { 'content-type': 'application/json' },
      payload: '{"lang":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: Status.validation, msg: 'The request body is not valid JSON.' });
  });

  test('A wrong content type gets a clear error', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/getWebLanguageList',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.json()).toMatchObject({ status: Status.validation, msg: 'Send the body as application/json.' });
  });

  test('An unsupported content type gets a clear error', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/getWebLanguageList',
      headers: { 'content-type': 'application/x-custom' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: Status.validation });
  });

  test('An oversized body is refused with the limit in the message', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/getWebLanguageData',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ lang: 'en', pad: 'x'.repeat(100 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: Status.validation, msg: 'The request body is larger than 65536 bytes.' });
  });

  test('A call off the public list without a token answers 952798', async () => {
    const res = await server.call('signOut');
    expect(res.status).toBe(Status.tokenInvalid);
    const got = await server.call('verifyToken', {}, { method: 'GET', token: 'x'.repeat(43) });
    expect(got.status).toBe(Status.tokenInvalid);
  });

  test('A public call works without a token', async () => {
    const res = await server.call('getPublicKey');
    expect(res.status).toBe(Status.ok);
    expect(res.data).toMatchObject({ public_key: expect.stringContaining('BEGIN PUBLIC KEY') });
  });

  test('The lang header picks the language of server messages, English when unknown', async () => {
    const fr = await server.call('noSuchCall', {}, { lang: 'fr' });
    const en = await server.call('noSuchCall', {}, { lang: 'xx' });
    expect(en.msg).toBe('Unknown call: noSuchCall');
    expect(fr.msg).toContain('noSuchCall');
    expect(fr.msg).not.toBe(en.msg);
  });

  test('The OpenAPI document lists every call with its body schema', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, { operationId: string }>> }>();
    expect(doc.paths['/api/getWebLanguageData']?.post?.operationId).toBe('getWebLanguageData');
    expect(doc.paths['/api/verifyToken']?.get?.operationId).toBe('verifyToken');
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
  });

  test('Language data serves every namespace of locales/', async () => {
    const res = await server.call<{ dir: string; resources: Record<string, unknown> }>('getWebLanguageData', { lang: 'ar' });
    expect(res.data?.dir).toBe('rtl');
    expect(Object.keys(res.data!.resources)).toEqual(expect.arrayContaining(['common', 'auth', 'legal', 'server']));
  });
});
