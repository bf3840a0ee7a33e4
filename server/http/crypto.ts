import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EncryptedBody, EncryptedData } from '../../schemas/envelope.ts';

/**
 * The hybrid encryption of spec section 7: the client wraps a fresh AES-256 key with RSA-OAEP
 * (SHA-256) to the server's public key and sends the body AES-GCM encrypted under it. Responses
 * to such a request come back encrypted under the same key; in mode 3 under a new key wrapped
 * to the client's own public key instead. docs/decisions/003-encryption-modes.md.
 */
export interface KeyPair {
  publicKey: string;
  privateKey: crypto.KeyObject;
}

/** The server key pair lives under the data dir; it is created on the first start. */
export const loadOrCreateKeyPair = (dataDir: string): KeyPair => {
  const dir = path.join(dataDir, 'keys');
  const privatePath = path.join(dir, 'server-private.pem');
  const publicPath = path.join(dir, 'server-public.pem');
  if (!fs.existsSync(privatePath)) {
    const pair = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(privatePath, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    fs.writeFileSync(publicPath, pair.publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return {
    privateKey: crypto.createPrivateKey(fs.readFileSync(privatePath)),
    publicKey: fs.readFileSync(publicPath, 'utf8'),
  };
};

/** What a decrypted request leaves behind to encrypt its answer with. */
export interface CipherContext {
  aesKey: Buffer;
  clientKey?: crypto.KeyObject;
}

export class DecryptError extends Error {}

const aesDecrypt = (key: Buffer, ivB64: string, dataB64: string): Buffer => {
  const iv = Buffer.from(ivB64, 'base64');
  const all = Buffer.from(dataB64, 'base64');
  if (iv.length !== 12 || all.length < 16) throw new DecryptError('iv or data has the wrong length');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(all.subarray(all.length - 16));
  return Buffer.concat([decipher.update(all.subarray(0, all.length - 16)), decipher.final()]);
};

const aesEncrypt = (key: Buffer, plain: Buffer): { iv: string; data: string } => {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString('base64'), data: body.toString('base64') };
};

const rsaDecrypt = (privateKey: crypto.KeyObject, b64: string): Buffer => {
  const size = (privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
  let wrapped = Buffer.from(b64, 'base64');
  // jsencrypt drops leading zero bytes of the ciphertext; put them back.
  if (wrapped.length < size) wrapped = Buffer.concat([Buffer.alloc(size - wrapped.length), wrapped]);
  return crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
};

export const decryptRequest = (pair: KeyPair, body: EncryptedBody, mode: 1 | 2 | 3): { plain: unknown; ctx: CipherContext } => {
  let aesKey: Buffer;
  try {
    // The wrapped secret is the base64 text of the AES key (jsencrypt encrypts strings).
    aesKey = Buffer.from(rsaDecrypt(pair.privateKey, body.key).toString('utf8'), 'base64');
  } catch {
    throw new DecryptError('key cannot be decrypted with the server key; fetch it again with getPublicKey');
  }
  if (aesKey.length !== 32) throw new DecryptError('key must wrap a 256-bit AES key');
  let plainText: string;
  try {
    plainText = aesDecrypt(aesKey, body.iv, body.data).toString('utf8');
  } catch (e) {
    throw e instanceof DecryptError ? e : new DecryptError('data does not decrypt under the given key');
  }
  let plain: unknown;
  try {
    plain = JSON.parse(plainText);
  } catch {
    throw new DecryptError('data must decrypt to JSON');
  }
  const ctx: CipherContext = { aesKey };
  if (mode === 3) {
    if (!body.client_key) throw new DecryptError('client_key is required in mode 3');
    try {
      ctx.clientKey = crypto.createPublicKey(body.client_key);
    } catch {
      throw new DecryptError('client_key must be an RSA public key in PEM form');
    }
  }
  return { plain, ctx };
};

export const encryptResponseData = (ctx: CipherContext, data: unknown): EncryptedData => {
  const plain = Buffer.from(JSON.stringify(data ?? null), 'utf8');
  if (!ctx.clientKey) return aesEncrypt(ctx.aesKey, plain);
  const key = crypto.randomBytes(32);
  const wrapped = crypto.publicEncrypt(
    { key: ctx.clientKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    key,
  );
  return { key: wrapped.toString('base64'), ...aesEncrypt(key, plain) };
};
