/**
 * Failed secret checks counted per account, whatever the source address (docs/decisions/users-secret-checks-and-sftp-access.md,
 * "Secret checks: per-account throttling"): sign-in and the current password of a password
 * change count on the user's account, the meter password on the meter, the SFTP password on the
 * SFTP account. The first few failures are free, then each failure makes the account wait longer
 * before its next check (1 s doubling to 1 h); the count restarts only after 24 h without a
 * failure. A waiting account is answered 429 with Retry-After at once, without checking anything,
 * so nothing sleeps. Counted at the start of a check and given back on success, so parallel
 * requests cannot slip past the count. A client the module remembers (a device cookie issued at
 * its last good sign-in) counts on a key of its own, so an attack on the account does not hold
 * it. Sign-in failures of the other clients also draw on one module-wide bucket, which bounds how
 * many names can be tried (and so what the per-name state holds). Kept in memory: a restart
 * forgets it (the accounts' own lockout is in SQLite).
 */
import { serverMessages } from '@meter/contract';
import { createHmac, randomBytes } from 'node:crypto';
import { ApiError } from '../../errors.ts';

export interface ThrottleOptions {
  /** Failures of one account that cost no wait. */
  freeFailures: number;
  /** The count restarts after this long without a counted check of the account. */
  resetMs: number;
  /** The wait after the first failure past the free ones; doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Accounts remembered at most (the stalest are forgotten first). */
  maxKeys: number;
  /** The module-wide bucket of sign-in failures of clients not remembered: its size and the time one failure takes to come back. */
  bucketSize: number;
  bucketRefillMs: number;
}

const HOUR = 3_600_000;

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeFailures: 5,
  resetMs: 24 * HOUR,
  firstDelayMs: 1000,
  maxDelayMs: HOUR,
  maxKeys: 10_000,
  bucketSize: 30,
  bucketRefillMs: 12 * 60_000,
};

/** The wait an account must keep after its `failures`-th failure in a count. */
export function delayAfter(failures: number, o: ThrottleOptions = DEFAULT_THROTTLE): number {
  const past = failures - o.freeFailures;
  return past > 0 ? Math.min(o.firstDelayMs * 2 ** Math.min(past - 1, 30), o.maxDelayMs) : 0;
}

/**
 * The shortest time in which `guesses` checks of one account can be made under the schedule,
 * whatever the number of sources: the better of guessing on at the longest wait and letting the
 * count restart (a silence of resetMs) each time the waits have grown by `restartAfter` failures.
 */
export function shortestTimeFor(guesses: number, o: ThrottleOptions = DEFAULT_THROTTLE): number {
  let best = Infinity;
  // A count that restarts after n failures: n checks cost the waits after failures 1..n-1, then resetMs.
  for (let n = 1; n <= Math.min(guesses, 64); n++) {
    let within = 0;
    for (let i = 1; i < n; i++) within += delayAfter(i, o);
    const full = Math.floor(guesses / n);
    const rest = guesses - full * n;
    let tail = 0;
    for (let i = 1; i < rest; i++) tail += delayAfter(i, o);
    const cycles = full * within + (full - 1) * o.resetMs + (rest > 0 ? o.resetMs + tail : 0);
    best = Math.min(best, cycles);
  }
  // Never restarting: the waits after failures 1..guesses-1.
  let straight = 0;
  for (let i = 1; i < guesses; i++) straight += delayAfter(i, o);
  return Math.min(best, straight);
}

interface KeyState {
  failures: number;
  lastAt: number;
  waitUntil: number;
}

export interface BeginOptions {
  /** Draws on the module-wide bucket too (sign-in of a client not remembered). */
  bucket?: boolean;
}

export class SecretThrottle {
  private readonly keys = new Map<string, KeyState>();
  /** Keys the account names, so the map never holds a typed name (it may be a password). */
  private readonly secret = randomBytes(32);
  private tokens: number;
  private tokensAt: number;

  constructor(
    private readonly now: () => number,
    private readonly options: ThrottleOptions = DEFAULT_THROTTLE,
  ) {
    this.tokens = options.bucketSize;
    this.tokensAt = now();
  }

  /** The key of a user account (sign-in, current password): the same for known and unknown names. */
  accountKey(userName: string): string {
    return 'user:' + createHmac('sha256', this.secret).update(userName, 'utf8').digest('base64url');
  }

  /** The key of a remembered client of an account: its failures do not hold the account. */
  deviceKey(userName: string, deviceId: string): string {
    return `device:${deviceId}:${this.accountKey(userName)}`;
  }

  private state(key: string, now: number): KeyState {
    let s = this.keys.get(key);
    this.keys.delete(key);
    if (!s || now - s.lastAt >= this.options.resetMs) s = { failures: 0, lastAt: now, waitUntil: 0 };
    // Re-inserted: the map's order is the order of last use, so the first key is the stalest.
    this.keys.set(key, s);
    return s;
  }

  private refill(now: number): void {
    // The device clock can be set back (Date and Time): time that went backwards refills nothing
    // and takes nothing away.
    this.tokens = Math.min(this.options.bucketSize, this.tokens + Math.max(0, now - this.tokensAt) / this.options.bucketRefillMs);
    this.tokensAt = now;
  }

  /** Starts one check of `key`: 429 while it must wait, else counts it as failed until `succeeded`. */
  begin(key: string, options: BeginOptions = {}): void {
    const now = this.now();
    const s = this.state(key, now);
    // Never longer than the count's own delay from now: a clock set back does not stretch a wait.
    s.waitUntil = Math.min(s.waitUntil, now + delayAfter(s.failures, this.options));
    let waitMs = Math.max(0, s.waitUntil - now);
    if (options.bucket) {
      this.refill(now);
      if (this.tokens < 1) waitMs = Math.max(waitMs, Math.ceil((1 - this.tokens) * this.options.bucketRefillMs));
    }
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new ApiError(429, serverMessages.tooManyFailedAttempts(seconds), undefined, seconds);
    }
    if (options.bucket) this.tokens--;
    s.lastAt = now;
    s.failures++;
    const delay = delayAfter(s.failures, this.options);
    if (delay > 0) s.waitUntil = now + delay;
    for (const stalest of this.keys.keys()) {
      if (this.keys.size <= this.options.maxKeys) break;
      this.keys.delete(stalest);
    }
  }

  /** The check begun on `key` passed: it does not count, nor does the wait it started. */
  succeeded(key: string, options: BeginOptions = {}): void {
    if (options.bucket) this.tokens = Math.min(this.options.bucketSize, this.tokens + 1);
    const s = this.keys.get(key);
    if (!s || s.failures === 0) return;
    s.failures--;
    if (s.failures <= this.options.freeFailures) s.waitUntil = 0;
  }
}
