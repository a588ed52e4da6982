/**
 * The device clock: the host clock plus an offset the module keeps. The host's own clock is
 * never set (the module is not the host's time keeper); NTP and a manual time only move the
 * offset, kept in the kv store so the device keeps its time across a restart, as its RTC would.
 */
import type { KeyValueStore } from '../../store/db.ts';

const OFFSET_KEY = 'clock.offsetMs';

export class DeviceClock {
  private offsetMs: number;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly hostNow: () => number,
  ) {
    this.offsetMs = kv.get<number>(OFFSET_KEY) ?? 0;
  }

  now(): number {
    return this.hostNow() + this.offsetMs;
  }

  /** The host clock, which the SNTP exchange measures against. */
  host(): number {
    return this.hostNow();
  }

  offset(): number {
    return this.offsetMs;
  }

  /** Moves the device clock so it reads `ms` now; returns the step in ms. */
  setTo(ms: number): number {
    return this.setOffset(ms - this.hostNow());
  }

  setOffset(offsetMs: number): number {
    const step = offsetMs - this.offsetMs;
    this.offsetMs = offsetMs;
    this.kv.set(OFFSET_KEY, offsetMs);
    return step;
  }
}
