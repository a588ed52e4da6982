/**
 * The 1-Hz ingest, driven by the module's SecondTicker (no timer of its own).
 * Every tick: one packed row per second, in one transaction. When the minute turns, the same
 * transaction also writes the minute rollup, rebuilds its hour and day from their children
 * (≤ 60 + 25 small rows: cheap, and idempotent after a crash or restart) and stores the energy
 * registers of the minute that ended. Every 10 s a small retention batch runs in its own
 * transaction, so no single tick carries both.
 */
import type { SubsystemLog } from '../../subsystem-log.ts';
import type { SnapshotSource } from '../../meter/reading-source.ts';
import type { ZoneClock } from './buckets.ts';
import { packSample, toUnits } from './codec.ts';
import type { EnergyStore } from './energy-store.ts';
import type { RealtimeStore } from './realtime-store.ts';
import type { Retention } from './retention.ts';
import { Accumulator } from './rollup.ts';
import { ENERGY_VALUE_COUNT, sampleValues, VALUE_COUNT } from './series.ts';
import type { EnergySource, HarmonicsSource } from './sources.ts';
import type { TrendDb } from './trend-db.ts';

export interface RecorderDeps {
  db: TrendDb;
  meter: SnapshotSource;
  harmonics: HarmonicsSource;
  energy: EnergySource;
  clock: ZoneClock;
  realtime: RealtimeStore;
  energyStore: EnergyStore;
  retention: Retention;
  /** The Database subsystem: at debug each minute rollup and each pruning that removed rows. */
  log?: SubsystemLog;
}

export const PRUNE_EVERY_SECONDS = 10;

export class TrendRecorder {
  /** Latest second recorded; a clock set backwards pauses recording until it passes this. */
  private lastT = -Infinity;
  private acc: Accumulator | undefined;
  /** Minute of the last tick, for the energy sample at the turn of the minute. */
  private energyMinute: number | undefined;
  private lastUnits: Float64Array | undefined;
  private readonly values = new Float64Array(VALUE_COUNT);
  private readonly write: (t: number, minute: number, packed: Buffer) => void;

  constructor(private readonly d: RecorderDeps) {
    this.write = d.db.transaction((t: number, minute: number, packed: Buffer) => {
      if (this.acc && this.acc.key !== minute) this.closeMinute(this.acc);
      // Registers still catching up (or seeding) would store their partial totals and then the jump
      // as one minute's energy: those minutes stay unsampled, the first one after spans them.
      if (this.energyMinute !== undefined && minute > this.energyMinute && d.energy.whole()) this.sampleEnergy(minute - 60);
      d.realtime.insertSecond(t, packed);
    });
    this.resume();
  }

  /** After a restart: continue the minute in progress from its stored seconds. */
  private resume(): void {
    const last = this.d.realtime.lastSecond();
    if (last !== undefined) {
      this.lastT = last;
      const minute = this.d.clock.minute(last);
      this.acc = new Accumulator(minute);
      for (const r of this.d.realtime.rows('second', minute, minute + 60)) this.acc.addSample(r.avg);
    }
    this.lastUnits = this.d.energyStore.latest()?.units;
  }

  tick(nowMs: number): void {
    const t = Math.floor(nowMs / 1000);
    if (t <= this.lastT) return;
    const { clock, meter, harmonics } = this.d;
    clock.refresh();
    const snap = meter.snapshot(t * 1000);
    const values = sampleValues({ snap, vthd: harmonics.vthd(snap) }, this.values);
    const minute = clock.minute(t);
    this.write(t, minute, packSample(values));
    if (!this.acc || this.acc.key !== minute) this.acc = new Accumulator(minute);
    this.acc.addSample(values);
    this.energyMinute = minute;
    this.lastT = t;
    if (t % PRUNE_EVERY_SECONDS === 5) {
      const removed = this.d.retention.prune(t);
      if (removed > 0 && this.d.log?.debugOn()) this.d.log('debug', `trend store: ${removed} expired row(s) pruned`);
    }
  }

  private closeMinute(acc: Accumulator): void {
    const { clock, realtime } = this.d;
    realtime.putRollup('minute', acc.key, acc.result());
    const day = clock.day(acc.key);
    realtime.rebuildParents(clock.hour(acc.key), day, clock.addDays(day, 1));
    if (this.d.log?.debugOn()) this.d.log('debug', `trend store: minute ${new Date(acc.key * 1000).toISOString()} rolled up (${acc.n} seconds), its hour and day rebuilt`);
  }

  /** The registers now are the registers at the end of `minute` (the tick that turned it). */
  private sampleEnergy(minute: number): void {
    const { clock, energy, energyStore } = this.d;
    const totals = energy.totals();
    const cum = new Float64Array(ENERGY_VALUE_COUNT);
    const inc = new Float64Array(ENERGY_VALUE_COUNT);
    for (let k = 0; k < ENERGY_VALUE_COUNT; k++) {
      cum[k] = toUnits(totals[k]!);
      inc[k] = this.lastUnits ? cum[k]! - this.lastUnits[k]! : NaN;
    }
    energyStore.putMinute(minute, inc, cum, { quarter: clock.quarter(minute), hour: clock.hour(minute), day: clock.day(minute) });
    this.lastUnits = cum;
  }

  /** After the store was cleared: nothing of the minute in progress is left to continue. */
  forget(): void {
    this.acc = undefined;
    this.lastUnits = undefined;
  }
}
