import webpush from 'web-push';
import type { PushPayload } from '../../../schemas/api/push.ts';
import type { Device } from './subscriptions.ts';
import type { PushDeps } from './vapid.ts';

/** How long a push service keeps a push for a device that is off: a day, then it is stale. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/** `gone`: the push service no longer knows the subscription (404/410); forget it. */
export type Delivery = { outcome: 'sent' } | { outcome: 'gone'; status: number } | { outcome: 'failed'; status: number | null; reason: string };

/** A Topic header collapses undelivered pushes of one conversation at the push service (RFC 8030 5.4). */
const topicOf = (tag: string) => (/^[A-Za-z0-9_-]{1,32}$/.test(tag) ? tag : undefined);

/**
 * Sends one push: the payload encrypted to the device (RFC 8291, aes128gcm) and signed with our
 * VAPID key (RFC 8292) by the web-push library, posted to the push service with fetch.
 */
export const deliver = async (push: PushDeps, device: Device, payload: PushPayload): Promise<Delivery> => {
  const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
    vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
    TTL: TTL_SECONDS,
    urgency: 'high',
    contentEncoding: 'aes128gcm',
    topic: topicOf(payload.tag),
  });
  // fetch sets the length itself from the body.
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]));
  let res: Response;
  try {
    res = await fetch(request.endpoint, { method: 'POST', headers, body: new Uint8Array(request.body), signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (e) {
    return { outcome: 'failed', status: null, reason: e instanceof Error ? e.message : String(e) };
  }
  const text = await res.text().catch(() => '');
  if (res.status === 404 || res.status === 410) return { outcome: 'gone', status: res.status };
  if (!res.ok) return { outcome: 'failed', status: res.status, reason: text.slice(0, 200) };
  return { outcome: 'sent' };
};
