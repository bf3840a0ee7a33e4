import * as calls from '../../../schemas/api/push.ts';
import { invalid } from '../../http/answer.ts';
import { implement } from '../../http/context.ts';
import { removeSubscription, saveSubscription } from './subscriptions.ts';
import type { PushDeps } from './vapid.ts';

const bytesOf = (b64url: string) => Buffer.from(b64url, 'base64url');

/** Push services speak https; a plain-http endpoint is only for a local stand-in in tests. */
export const checkEndpoint = (endpoint: string, push: Pick<PushDeps, 'allowHttpEndpoints'>) => {
  const { protocol } = new URL(endpoint);
  if (protocol === 'https:' || (protocol === 'http:' && push.allowHttpEndpoints)) return;
  throw invalid('endpoint', 'must be an https address of a push service');
};

export const pushCalls = [
  implement(calls.getPushKey, async (_body, ctx) => ({ public_key: ctx.deps.push.publicKey })),

  implement(calls.pushSubscribe, async ({ endpoint, keys }, ctx) => {
    checkEndpoint(endpoint, ctx.deps.push);
    const p256dh = bytesOf(keys.p256dh);
    // An uncompressed P-256 point: 0x04, then x and y.
    if (p256dh.length !== 65 || p256dh[0] !== 4) throw invalid('keys.p256dh', 'must be the 65-byte P-256 key of the subscription, base64url');
    if (bytesOf(keys.auth).length !== 16) throw invalid('keys.auth', 'must be the 16-byte auth secret of the subscription, base64url');
    await saveSubscription(ctx.deps.db, { userId: ctx.member.userId, sessionId: ctx.member.sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
    return null;
  }),

  implement(calls.pushUnsubscribe, async ({ endpoint }, ctx) => {
    await removeSubscription(ctx.deps.db, ctx.member.userId, endpoint);
    return null;
  }),
];
