import { JSEncrypt } from 'jsencrypt';
import type { EncryptedBody, EncryptedData } from '../../schemas/envelope.ts';

/**
 * The client half of the hybrid encryption (spec section 7; server/http/crypto.ts is the other):
 * a fresh AES-256-GCM key per request, wrapped with RSA-OAEP/SHA-256 to the server key by
 * jsencrypt. Mode 3 also sends this tab's own public key, and the answer comes back under it.
 */
export type Mode = 1 | 2 | 3;

export interface Sealed {
  body: EncryptedBody;
  /** Opens the encrypted `data` of the answer. */
  open(data: EncryptedData): Promise<unknown>;
}

const b64 = (bytes: ArrayBuffer | Uint8Array): string => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  for (let i = 0; i < view.length; i += 0x8000) s += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(s);
};
const unb64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

const pem = (der: ArrayBuffer) => `-----BEGIN PUBLIC KEY-----\n${b64(der).replace(/.{64}/g, '$&\n')}\n-----END PUBLIC KEY-----\n`;

let clientPair: Promise<{ publicPem: string; privateKey: CryptoKey }> | undefined;
/** One RSA key pair per page for mode 3, made by WebCrypto (fast, and its private key never leaves). */
const clientKeyPair = () =>
  (clientPair ??= (async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      false,
      ['decrypt'],
    );
    return { publicPem: pem(await crypto.subtle.exportKey('spki', pair.publicKey)), privateKey: pair.privateKey };
  })());

const aesOpen = async (key: CryptoKey, data: EncryptedData): Promise<unknown> => {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(data.iv) }, key, unb64(data.data));
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
};

export const seal = async (serverPublicKey: string, plain: unknown, mode: Mode): Promise<Sealed> => {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(plain)));
  const rsa = new JSEncrypt();
  rsa.setPublicKey(serverPublicKey);
  const wrapped = rsa.encryptOAEP(b64(raw));
  if (!wrapped) throw new Error('The server key could not be used to encrypt');
  const body: EncryptedBody = { key: wrapped, iv: b64(iv), data: b64(data) };
  const own = mode === 3 ? await clientKeyPair() : null;
  if (own) body.client_key = own.publicPem;
  return {
    body,
    open: async (answer) => {
      if (!answer.key) return aesOpen(key, answer);
      if (!own) throw new Error('The answer is wrapped to a client key this request did not send');
      const rawKey = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, own.privateKey, unb64(answer.key));
      return aesOpen(await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']), answer);
    },
  };
};
