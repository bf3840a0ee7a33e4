import type { EnvelopeOf, EncryptedData } from '../../../schemas/envelope.ts';
import { ENCRYPTED_DATA_STATUSES, Status } from '../../../schemas/status.ts';
import { seal } from '../../api/crypto.ts';

/**
 * The client of the organisation's external membership service (spec section 7: POST
 * `{host}/web/oauthToken`, encryption mode 1, its own authorisation). The browser talks to that
 * service directly; our server is not in between and does not imitate it.
 *
 * Configured when the app is built, because only the browser uses it:
 * - VITE_OAUTH_HOST: the service's base address, e.g. `https://members.example.org`;
 * - VITE_OAUTH_PUBLIC_KEY: the service's RSA public key (SPKI PEM) that mode 1 encrypts to.
 * The service must allow this app's origin (CORS). Our session token is never sent to it.
 */
export interface OAuthSettings {
  host: string;
  publicKey: string;
}

export type OAuthConfig = { configured: true; settings: OAuthSettings } | { configured: false; missing: ('VITE_OAUTH_HOST' | 'VITE_OAUTH_PUBLIC_KEY')[] };

export const oauthConfigOf = (env: { VITE_OAUTH_HOST?: string; VITE_OAUTH_PUBLIC_KEY?: string }): OAuthConfig => {
  const host = (env.VITE_OAUTH_HOST ?? '').trim().replace(/\/+$/, '');
  const publicKey = (env.VITE_OAUTH_PUBLIC_KEY ?? '').trim().replace(/\\n/g, '\n');
  const missing: ('VITE_OAUTH_HOST' | 'VITE_OAUTH_PUBLIC_KEY')[] = [];
  if (!/^https?:\/\/[^/]+/.test(host)) missing.push('VITE_OAUTH_HOST');
  if (!publicKey.includes('BEGIN PUBLIC KEY')) missing.push('VITE_OAUTH_PUBLIC_KEY');
  return missing.length ? { configured: false, missing } : { configured: true, settings: { host, publicKey } };
};

/** This build's settings. */
export const oauthConfig = (): OAuthConfig =>
  oauthConfigOf(import.meta.env as { VITE_OAUTH_HOST?: string; VITE_OAUTH_PUBLIC_KEY?: string });

export interface MembershipToken {
  access_token: string;
  token_type: string;
  /** Seconds, when the service says. */
  expires_in: number | null;
}

export type OAuthOutcome =
  | { ok: true; token: MembershipToken }
  | { ok: false; reason: 'refused'; status: number; message: string }
  | { ok: false; reason: 'network' | 'timeout' | 'unexpected'; message: string };

const isEncrypted = (v: unknown): v is EncryptedData =>
  typeof v === 'object' && v !== null && typeof (v as EncryptedData).iv === 'string' && typeof (v as EncryptedData).data === 'string';

/**
 * Asks the membership service for a token with the member's credentials there, sent as a mode-1
 * form ({key, iv, data}); the answer is our usual envelope, its data encrypted to the request key.
 */
export const requestMembershipToken = async (
  settings: OAuthSettings,
  credentials: { username: string; password: string },
  opts: { fetch?: typeof fetch; timeoutMs?: number; lang?: string } = {},
): Promise<OAuthOutcome> => {
  const sealed = await seal(settings.publicKey, { grant_type: 'password', ...credentials }, 1);
  const form = new FormData();
  for (const [k, v] of Object.entries(sealed.body)) if (v !== undefined) form.append(k, v);
  let envelope: EnvelopeOf<unknown>;
  try {
    const res = await (opts.fetch ?? fetch)(`${settings.host}/web/oauthToken`, {
      method: 'POST',
      body: form,
      headers: { lang: opts.lang ?? 'en' },
      credentials: 'omit',
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    envelope = (await res.json()) as EnvelopeOf<unknown>;
  } catch (e) {
    const timeout = e instanceof DOMException && e.name === 'TimeoutError';
    return { ok: false, reason: timeout ? 'timeout' : 'network', message: e instanceof Error ? e.message : String(e) };
  }
  if (typeof envelope?.status !== 'number') return { ok: false, reason: 'unexpected', message: 'not an envelope' };
  if (envelope.status !== Status.ok) return { ok: false, reason: 'refused', status: envelope.status, message: String(envelope.msg ?? '') };
  let data: unknown = envelope.data;
  try {
    if (ENCRYPTED_DATA_STATUSES.includes(envelope.status) && isEncrypted(data)) data = await sealed.open(data);
  } catch (e) {
    return { ok: false, reason: 'unexpected', message: e instanceof Error ? e.message : String(e) };
  }
  const d = data as Partial<Record<'access_token' | 'token_type' | 'expires_in', unknown>> | null;
  if (!d || typeof d.access_token !== 'string' || d.access_token === '') return { ok: false, reason: 'unexpected', message: 'no access_token' };
  return {
    ok: true,
    token: {
      access_token: d.access_token,
      token_type: typeof d.token_type === 'string' ? d.token_type : 'Bearer',
      expires_in: typeof d.expires_in === 'number' ? d.expires_in : null,
    },
  };
};
