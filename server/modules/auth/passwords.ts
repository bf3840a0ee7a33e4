import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** scrypt with OWASP's parameters (N=2^17, r=8, p=1); stored as `scrypt$N$r$p$salt$hash`. */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const maxmem = (N: number, r: number) => 256 * N * r;

export const hashPassword = async (password: string): Promise<string> => {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...PARAMS, maxmem: maxmem(PARAMS.N, PARAMS.r) });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(n), Number(r)),
  });
  return crypto.timingSafeEqual(actual, expected);
};

/** Spends the same time as a real check, so an unknown e-mail answers as slowly as a wrong password. */
let dummy: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummy ??= hashPassword('not-a-real-password-1A');
  await verifyPassword(password, await dummy);
};
