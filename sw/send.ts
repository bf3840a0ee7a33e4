import { CALLS } from '../schemas/api/index.ts';
import type { CallDef } from '../schemas/call.ts';
import { isEnvelope } from '../schemas/envelope.ts';
import { Status } from '../schemas/status.ts';
import { isLater, type Send, type SessionMeta } from '../src/store/outbox.ts';

declare const __APP_VERSION__: string;

/** Where each call goes, from the one call table: chat calls to the chat base address. */
const DEFS: ReadonlyMap<string, CallDef> = new Map(Object.values(CALLS).map((def: CallDef) => [def.name, def]));
const CHAT_BASE = '/chat/api';
const MAIN_BASE = '/api';

/**
 * The service worker's way to send an outbox item in the member's name, with the token the page
 * left in the outbox's `meta` table: the call envelope mapped to a drain outcome.
 */
export const createSend =
  (session: Pick<SessionMeta, 'token' | 'lang'>, fetchImpl: typeof fetch = fetch): Send =>
  async (call, body) => {
    const def = DEFS.get(call);
    // Encrypted or GET calls need the page's client (keys, query strings): leave them for it.
    if (!def || def.method !== 'POST' || def.enc !== null || !session.token) return { ok: false, refused: false };
    const chat = def.base === 'chat';
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: session.token, lang: session.lang };
    if (!chat) headers.version = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'sw';
    let envelope: unknown;
    try {
      const res = await fetchImpl(`${chat ? CHAT_BASE : MAIN_BASE}/${call}`, { method: 'POST', headers, body: JSON.stringify(body), cache: 'no-store' });
      envelope = await res.json();
    } catch {
      return { ok: false, refused: false }; // no answer
    }
    // Not one of ours (a proxy's error page, the server's own 503 while it shuts down): later.
    if (!isEnvelope(envelope)) return { ok: false, refused: false };
    if (envelope.status === Status.ok || envelope.status === Status.silent) return { ok: true, data: envelope.data };
    if (isLater(envelope.status)) return { ok: false, refused: false };
    return { ok: false, refused: true, status: envelope.status, message: envelope.msg };
  };
