import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests: a local HTTP endpoint standing in for a browser's push service, and the browser's
 * side of a subscription. It keeps what it received and decrypts it the way a browser does
 * (RFC 8291 over RFC 8188 aes128gcm), and checks the VAPID signature (RFC 8292), so a test sees
 * exactly what a device would show — and nothing passes that a real push service would refuse.
 */
export interface BrowserKeys {
  ecdh: crypto.ECDH;
  /** The subscription's keys as PushSubscription.toJSON() gives them. */
  json: { p256dh: string; auth: string };
}

/** A subscription's keys, made as a browser makes them: a P-256 pair and a 16-byte auth secret. */
export const browserKeys = (): BrowserKeys => {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
};

/** RFC 8291 section 3.4 and RFC 8188 section 2: one aes128gcm record, as a browser decrypts it. */
export const decryptPush = (body: Buffer, keys: BrowserKeys): string => {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderKey);
  const auth = Buffer.from(keys.json.auth, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('push record has no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
};

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; returns the JWT claims once its signature holds. */
export const verifyVapid = (authorization: string, expectedKey: string): { aud: string; exp: number; sub: string } => {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expectedKey) throw new Error('signed with another key than the server publishes');
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = crypto.verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
};

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushServiceStandIn {
  origin: string;
  received: ReceivedPush[];
  /** The HTTP status answered for a path (201 Created, as push services answer, by default). */
  answer(path: string, status: number): void;
  /** Resolves once `count` pushes in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export const startPushService = async (): Promise<PushServiceStandIn> => {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => void statuses.set(path, status),
    waitFor: async (count, timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} pushes, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
