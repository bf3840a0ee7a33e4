import { Type, type Static } from '@sinclair/typebox';
import { defineCall, StringEnum } from '../call.ts';

/**
 * Web push on a member's devices. These three calls are ours, not in the spec catalogue (the
 * spec has no push): schemas/catalogue.test.ts lists them as the allowed additions.
 */

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
const Base64Url = (rule: string, minLength: number, maxLength: number) =>
  Type.String({ pattern: '^[A-Za-z0-9_-]+={0,2}$', minLength, maxLength, 'x-rule': rule, examples: ['A'.repeat(minLength)] });

export const ENDPOINT_MAX = 2048;
const Endpoint = Type.String({
  format: 'uri',
  minLength: 8,
  maxLength: ENDPOINT_MAX,
  'x-rule': 'must be the push service address the browser gave',
  examples: ['https://push.example.org/send/abc'],
});

export const getPushKey = defineCall({
  name: 'getPushKey',
  group: 'Push',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "The server's VAPID public key, for the browser's pushManager.subscribe (applicationServerKey).",
  body: Type.Object({}, { additionalProperties: false }),
  data: Type.Object({ public_key: Type.String({ description: 'P-256 public key, base64url' }) }),
});

export const pushSubscribe = defineCall({
  name: 'pushSubscribe',
  group: 'Push',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: "Sends this device's notifications to the signed-in member (until sign-out or pushUnsubscribe).",
  body: Type.Object(
    {
      endpoint: Endpoint,
      expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
      keys: Type.Object(
        {
          p256dh: Base64Url('must be the 65-byte P-256 key of the subscription, base64url', 86, 90),
          auth: Base64Url('must be the 16-byte auth secret of the subscription, base64url', 22, 24),
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
  data: Type.Null(),
});

export const pushUnsubscribe = defineCall({
  name: 'pushUnsubscribe',
  group: 'Push',
  method: 'POST',
  base: 'main',
  enc: null,
  summary: 'Stops notifications to this device.',
  body: Type.Object({ endpoint: Endpoint }, { additionalProperties: false }),
  data: Type.Null(),
});

export const PUSH_KINDS = ['message', 'friend-request'] as const;

/**
 * What a push carries (encrypted to the device, RFC 8291); the service worker shows it. The texts
 * are final: the sender composes them in the recipient's language.
 */
export const PushPayload = Type.Object({
  kind: StringEnum(PUSH_KINDS),
  title: Type.String(),
  body: Type.String(),
  /** An image URL (the sender's avatar), or '' for the app icon. */
  icon: Type.String(),
  /** Notifications with the same tag replace each other: one per conversation. */
  tag: Type.String(),
  /** The app route a click opens, e.g. /chat?c=d10001_10002 or /friend-request. */
  url: Type.String({ pattern: '^/' }),
  /** The member's unread message total, for the app badge. */
  unread: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type PushPayload = Static<typeof PushPayload>;
