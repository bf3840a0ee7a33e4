import { Type } from '@sinclair/typebox';
import { defineCall } from '../call.ts';

const PublicKey = Type.Object({ public_key: Type.String({ description: 'RSA-2048 public key, SPKI PEM' }) });

export const getPublicKey = defineCall({
  name: 'getPublicKey',
  group: 'Account and profile',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary: "The server's public key for encrypted calls (modes 1, 2 and 3).",
  body: Type.Object({}),
  data: PublicKey,
});

export const getPubKey = defineCall({
  ...getPublicKey,
  name: 'getPubKey',
  summary: "The server's public key; the same key as getPublicKey, kept under both names of the API.",
});
