import type { Static } from '@sinclair/typebox';
import { CALLS, type CallName, type Calls } from '../../schemas/api/index.ts';
import type { CallDef } from '../../schemas/call.ts';
import { isEnvelope, type EnvelopeOf, type EncryptedData } from '../../schemas/envelope.ts';
import { ENCRYPTED_DATA_STATUSES, Status } from '../../schemas/status.ts';
import { seal, type Sealed } from './crypto.ts';
import { effectOf } from './statuses.ts';

/**
 * The one HTTP client for every call (spec section 7 and 8): envelope, statuses, timeouts with
 * bounded retries, headers, and the three encryption modes. Screens never call it directly;
 * feature hooks do.
 */
export type BodyOf<N extends CallName> = Static<Calls[N]['body']>;
export type DataOf<N extends CallName> = Static<Calls[N]['data']>;

/** A call that did not succeed: the server's status and message, or a client-side failure. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
    /** Why it failed before any answer: the network, a timeout, or a missing token. */
    readonly cause_: 'answer' | 'network' | 'timeout' | 'signedOut' = 'answer',
  ) {
    super(message);
  }
}

export interface ApiEnv {
  fetch: typeof fetch;
  /** The call table; tests may add calls of their own. */
  calls?: Record<string, CallDef>;
  baseUrl: string;
  chatBaseUrl: string;
  version: string;
  lang(): string;
  getToken(): string | null;
  /** 952798, or a protected call without a token: clear the stored session and go to sign-in. */
  signOut(): void;
  warn(message: string): void;
  popup(message: string): void;
  timeoutMs?: number;
  /** How many times a timed-out request is sent again, with doubling backoff. */
  timeoutRetries?: number;
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface CallOptions {
  /** Show no warning whatever the status; the caller handles failures itself. */
  quiet?: boolean;
  signal?: AbortSignal;
}

const isEncryptedData = (value: unknown): value is EncryptedData =>
  typeof value === 'object' && value !== null && typeof (value as EncryptedData).iv === 'string' && typeof (value as EncryptedData).data === 'string';

export const createApiClient = (env: ApiEnv) => {
  const timeoutMs = env.timeoutMs ?? 30_000;
  const retries = env.timeoutRetries ?? 2;
  const backoff = env.backoffMs ?? 1000;
  const sleep = env.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let serverKey: Promise<string> | undefined;

  const publicKey = () =>
    (serverKey ??= call('getPublicKey', {}, { quiet: true }).then(
      (d) => d.public_key,
      (e: unknown) => {
        serverKey = undefined;
        throw e;
      },
    ));

  /** One attempt: resolves with the parsed envelope, rejects on timeout or network failure. */
  const send = async (url: string, init: RequestInit, signal?: AbortSignal): Promise<EnvelopeOf<unknown>> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
    try {
      const res = await env.fetch(url, { ...init, signal: controller.signal });
      const answer: unknown = await res.json().catch(() => undefined);
      if (!isEnvelope(answer)) throw new CallError(res.status, `HTTP ${res.status}`, null, 'network');
      return answer;
    } catch (e) {
      if (e instanceof CallError) throw e;
      if (controller.signal.aborted && !signal?.aborted) throw new CallError(0, 'timeout', null, 'timeout');
      throw new CallError(0, e instanceof Error ? e.message : 'network error', null, 'network');
    } finally {
      clearTimeout(timer);
    }
  };

  async function call<N extends CallName>(name: N, body: BodyOf<N>, opts: CallOptions = {}): Promise<DataOf<N>> {
    const def: CallDef = (env.calls ?? CALLS)[name] ?? CALLS[name];
    const token = env.getToken();
    if (!token && !def.public) {
      env.signOut();
      throw new CallError(Status.tokenInvalid, 'signed out', null, 'signedOut');
    }
    const isChat = def.base === 'chat';
    const headers: Record<string, string> = { lang: env.lang() };
    if (token) headers.authorization = token;
    if (!isChat) headers.version = env.version;

    let sealed: Sealed | undefined;
    let url = `${isChat ? env.chatBaseUrl : env.baseUrl}/${name}`;
    const init: RequestInit = { method: def.method, headers };
    if (def.method === 'GET') {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
        if (v !== undefined && v !== null) query.set(k, typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));
      }
      if ([...query].length) url += `?${query}`;
    } else if (def.enc) {
      sealed = await seal(await publicKey(), body, def.enc);
      if (def.enc === 1) {
        const form = new FormData();
        for (const [k, v] of Object.entries(sealed.body)) if (v !== undefined) form.append(k, v);
        init.body = form;
      } else {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(sealed.body);
      }
    } else {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }

    let envelope: EnvelopeOf<unknown> | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        envelope = await send(url, init, opts.signal);
        break;
      } catch (e) {
        // Only a timeout is retried (spec section 8); a network error rejects at once.
        if (e instanceof CallError && e.cause_ === 'timeout' && attempt < retries) {
          await sleep(backoff * 2 ** attempt);
          continue;
        }
        throw e;
      }
    }

    let data = envelope.data;
    if (sealed && ENCRYPTED_DATA_STATUSES.includes(envelope.status) && isEncryptedData(data)) data = await sealed.open(data);
    const effect = effectOf(envelope.status, envelope.is_popup, envelope.msg);
    switch (effect.kind) {
      case 'resolve':
        if (effect.popup && !opts.quiet) env.popup(envelope.msg);
        return data as DataOf<N>;
      case 'signOut':
        env.signOut();
        break;
      case 'warn':
        if (!opts.quiet) env.warn(envelope.msg);
        break;
      case 'silent':
      case 'quiet':
        break;
    }
    throw new CallError(envelope.status, envelope.msg, data);
  }

  return { call };
};

export type ApiClient = ReturnType<typeof createApiClient>;
