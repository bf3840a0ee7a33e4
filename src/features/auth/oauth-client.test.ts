import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { EncryptedBody } from '../../../schemas/envelope.ts';
import { decryptRequest, encryptResponseData, type KeyPair } from '../../../server/http/crypto.ts';
import { oauthConfigOf, requestMembershipToken } from './oauth-client.ts';

/** The membership service's key pair, made for the test: the test plays the far end of the wire. */
const pair = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const service: KeyPair = {
  privateKey: pair.privateKey,
  publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
};
const settings = { host: 'https://members.example.org', publicKey: service.publicKey };

/** A fetch that answers as the service would: reads the mode-1 form, answers an envelope encrypted to the request key. */
const serviceFetch =
  (answer: (plain: Record<string, unknown>) => { status: number; msg: string; data: unknown }, seen: { url?: string; headers?: HeadersInit; plain?: unknown }) =>
  async (url: RequestInfo | URL, init?: RequestInit) => {
    seen.url = url instanceof Request ? url.url : url.toString();
    seen.headers = init?.headers;
    const form = init!.body as FormData;
    const body = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name])) as EncryptedBody;
    const { plain, ctx } = decryptRequest(service, body, 1);
    seen.plain = plain;
    const a = answer(plain as Record<string, unknown>);
    const data = a.status === 200 && a.data !== null ? encryptResponseData(ctx, a.data) : a.data;
    return new Response(JSON.stringify({ status: a.status, msg: a.msg, data, is_popup: false }), { headers: { 'content-type': 'application/json' } });
  };

describe('The membership service client (web/oauthToken)', () => {
  test('Without a host and a key it is not configured, and says which settings are missing', () => {
    expect(oauthConfigOf({})).toEqual({ configured: false, missing: ['VITE_OAUTH_HOST', 'VITE_OAUTH_PUBLIC_KEY'] });
    expect(oauthConfigOf({ VITE_OAUTH_HOST: 'members.example.org', VITE_OAUTH_PUBLIC_KEY: service.publicKey })).toMatchObject({
      configured: false,
      missing: ['VITE_OAUTH_HOST'],
    });
    expect(oauthConfigOf({ VITE_OAUTH_HOST: 'https://members.example.org/', VITE_OAUTH_PUBLIC_KEY: service.publicKey })).toEqual({
      configured: true,
      settings: { host: 'https://members.example.org', publicKey: service.publicKey.trim() },
    });
  });

  test('It posts the credentials encrypted in mode 1 to {host}/web/oauthToken and reads the encrypted token', async () => {
    const seen: { url?: string; headers?: HeadersInit; plain?: unknown } = {};
    const outcome = await requestMembershipToken(settings, { username: 'amal@example.org', password: 'Secret123' }, {
      fetch: serviceFetch(() => ({ status: 200, msg: 'ok', data: { access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600 } }), seen),
    });
    expect(seen.url).toBe('https://members.example.org/web/oauthToken');
    expect(seen.plain).toEqual({ grant_type: 'password', username: 'amal@example.org', password: 'Secret123' });
    // Our session token never goes to the other service.
    expect(JSON.stringify(seen.headers)).not.toMatch(/authorization/i);
    expect(outcome).toEqual({ ok: true, token: { access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600 } });
  });

  test('A refusal, an answer without a token and an unreachable service are told apart', async () => {
    const seen = {};
    expect(
      await requestMembershipToken(settings, { username: 'a', password: 'b' }, { fetch: serviceFetch(() => ({ status: 9999, msg: 'Wrong password', data: null }), seen) }),
    ).toEqual({ ok: false, reason: 'refused', status: 9999, message: 'Wrong password' });
    expect(
      await requestMembershipToken(settings, { username: 'a', password: 'b' }, { fetch: serviceFetch(() => ({ status: 200, msg: 'ok', data: { nothing: 1 } }), seen) }),
    ).toMatchObject({ ok: false, reason: 'unexpected' });
    const down = await requestMembershipToken(settings, { username: 'a', password: 'b' }, {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(down).toMatchObject({ ok: false, reason: 'network' });
  });
});
