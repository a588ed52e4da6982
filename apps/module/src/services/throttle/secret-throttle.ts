/**
 * Failed secret checks counted per source address (sign-in, the current password of a password
 * change, the meter password): the first few are free, then each failure makes the source wait
 * longer before its next check. A waiting source is answered 429 with Retry-After at once,
 * without checking anything, so nothing sleeps and guessing stays slow. Counted at the start
 * of a check and given back on success, so parallel requests can not slip past the count.
 * Kept in memory: a restart forgets it (the accounts' own lockout is in SQLite).
 */
import { serverMessages } from '@meter/contract';
import { ApiError } from '../../errors.ts';

export interface ThrottleOptions {
  /** Failures per source in a window that cost no wait. */
  freeFailures: number;
  /** The count restarts after this long without a check from the source. */
  windowMs: number;
  /** The wait after the first failure past the free ones; doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Sources remembered at most (the oldest are forgotten first). */
  maxSources: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { freeFailures: 10, windowMs: 15 * 60_000, firstDelayMs: 1000, maxDelayMs: 5 * 60_000, maxSources: 10_000 };

interface SourceState {
  failures: number;
  lastAt: number;
  waitUntil: number;
}

export class SecretThrottle {
  private readonly sources = new Map<string, SourceState>();

  constructor(
    private readonly now: () => number,
    private readonly options: ThrottleOptions = DEFAULT_THROTTLE,
  ) {}

  /** Starts one check from `source`: 429 while it must wait, else counts it as failed until `succeeded`. */
  begin(source: string): void {
    const now = this.now();
    let s = this.sources.get(source);
    this.sources.delete(source);
    if (!s || now - s.lastAt >= this.options.windowMs) s = { failures: 0, lastAt: now, waitUntil: 0 };
    // Re-inserted: the map's order is the order of last use, so the first key is the stalest.
    this.sources.set(source, s);
    if (s.waitUntil > now) throw new ApiError(429, serverMessages.tooManyFailedAttempts(Math.ceil((s.waitUntil - now) / 1000)), undefined, Math.ceil((s.waitUntil - now) / 1000));
    s.lastAt = now;
    s.failures++;
    const past = s.failures - this.options.freeFailures;
    if (past > 0) s.waitUntil = now + Math.min(this.options.firstDelayMs * 2 ** Math.min(past - 1, 30), this.options.maxDelayMs);
    for (const stalest of this.sources.keys()) {
      if (this.sources.size <= this.options.maxSources) break;
      this.sources.delete(stalest);
    }
  }

  /** The check begun from `source` passed: it does not count, nor does the wait it started. */
  succeeded(source: string): void {
    const s = this.sources.get(source);
    if (!s || s.failures === 0) return;
    s.failures--;
    if (s.failures <= this.options.freeFailures) s.waitUntil = 0;
  }
}
