import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Every response body: `{status, msg, data, is_popup}`. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    status: Type.Integer(),
    msg: Type.String(),
    data: Type.Union([data, Type.Null()]),
    is_popup: Type.Boolean(),
  });

export interface EnvelopeOf<T> {
  status: number;
  msg: string;
  data: T | null;
  is_popup: boolean;
}

/**
 * Whether a parsed answer is one of ours. Something else — Fastify's own 503 while the server
 * shuts down, a proxy's error page — is no answer to the call: it must be tried again, never
 * taken as a refusal (the chaos run lost queued messages that way).
 */
export const isEnvelope = (value: unknown): value is EnvelopeOf<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { status?: unknown }).status === 'number' &&
  typeof (value as { msg?: unknown }).msg === 'string';

/** The body of an encrypted request (modes 1, 2 and 3) and of encrypted response data. */
export const EncryptedBody = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 4096, description: 'AES-256 key, RSA-OAEP(SHA-256) to the server key, base64' }),
    iv: Type.String({ minLength: 1, maxLength: 64, description: 'AES-GCM nonce, base64' }),
    data: Type.String({ minLength: 1, maxLength: 1_000_000, description: 'AES-GCM ciphertext of the JSON body, base64' }),
    client_key: Type.Optional(
      Type.String({ minLength: 1, maxLength: 4096, description: 'Mode 3: the client public key (SPKI PEM)' }),
    ),
  },
  { additionalProperties: false },
);
export type EncryptedBody = Static<typeof EncryptedBody>;

export const EncryptedData = Type.Object({
  key: Type.Optional(Type.String()),
  iv: Type.String(),
  data: Type.String(),
});
export type EncryptedData = Static<typeof EncryptedData>;
