/**
 * Password hashing with node:crypto scrypt, run on libuv's thread pool so the event loop keeps
 * serving. Stored form (self-describing, so parameters can change later without a migration):
 *
 *   scrypt$N$r$p$saltBase64$hashBase64
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** Bounds accepted when reading a stored hash (a tampered row must not exhaust memory or time). */
const MAX_MEMORY = 64 * 1024 * 1024;
const MAX_P = 16;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: 256 * options.N! * options.r! + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (!Number.isSafeInteger(n) || n < 2 || n > 1 << 24 || (n & (n - 1)) !== 0) return undefined;
  if (!Number.isSafeInteger(r) || r < 1 || !Number.isSafeInteger(p) || p < 1 || p > MAX_P) return undefined;
  if (128 * n * r > MAX_MEMORY) return undefined;
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || hash.length < 16 || hash.length > 256) return undefined;
  return { N: n, r, p, salt, hash };
}

/**
 * A hash of a random secret, made once per process. Verifying against it costs the same as a
 * real verification, so an unknown user name answers in the same time as a wrong password.
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64'));
  return dummy;
}

/** Constant-time comparison of the derived key; false for a malformed stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) {
    // Spend the same time as a real check, then refuse.
    const d = parse(await dummyHash())!;
    await derive(password, d.salt, d.hash.length, { N: d.N, r: d.r, p: d.p });
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.hash.length, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(key, parsed.hash);
}
