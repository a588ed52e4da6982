/**
 * Password hashing with node:crypto scrypt, run off the event loop so it keeps serving. Stored
 * form (self-describing, so parameters can change later without a migration):
 *
 *   scrypt$N$r$p$saltBase64$hashBase64
 */
import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** Bounds accepted when reading a stored hash (a tampered row must not exhaust memory or time). */
const MAX_MEMORY = 64 * 1024 * 1024;
const MAX_P = 16;

/**
 * Every scrypt runs in one worker thread, one at a time, in arrival order (its message queue).
 * Each holds 128·N·r bytes (16 MB) while it runs, and on libuv's pool of four threads the memory
 * stayed in each thread's allocator: 4 sign-ins at once, or 4 in a row, kept ~64 MB resident.
 * One thread keeps one block (measured: 10 concurrent verifications +17 MB peak against +64 MB;
 * the worker itself ~3 MB); a sign-in waits its turn instead. Source text, not a file: it runs
 * the same from the TypeScript source and from the bundle.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, keyLength, options) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});`;

interface Pending {
  resolve: (key: Buffer) => void;
  reject: (err: Error) => void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function hashingWorker(): Worker {
  if (worker) return worker;
  // Plain node in the thread, whatever loaders the process runs under (tsx in tests).
  const w = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
  w.on('message', ({ id, key, error }: { id: number; key?: Uint8Array; error?: string }) => {
    const p = pending.get(id);
    pending.delete(id);
    // Idle, the thread never keeps the process alive; busy, it does, like the pool did.
    if (pending.size === 0) w.unref();
    if (error !== undefined || !key) p?.reject(new Error(error ?? 'scrypt failed'));
    else p?.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
  });
  const fail = (err: Error) => {
    if (worker === w) worker = undefined;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`password hashing stopped (${code})`)));
  worker = w;
  return w;
}

/** Scrypt's cost parameters, each given: the memory bound is computed from N and r. */
type ScryptCost = ScryptOptions & { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    const w = hashingWorker();
    w.ref();
    w.postMessage({ id, password: password.normalize('NFC'), salt, keyLength, options: { ...options, maxmem: 256 * options.N * options.r + 1024 * 1024 } });
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
    const d = parse(await dummyHash());
    if (!d) throw new Error('the dummy hash does not parse');
    await derive(password, d.salt, d.hash.length, { N: d.N, r: d.r, p: d.p });
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.hash.length, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(key, parsed.hash);
}
