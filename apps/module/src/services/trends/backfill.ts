/**
 * History for a data folder, from the simulator (`npm run backfill -- --days 30 --energy-days 365`).
 *
 * Real-time: every minute of the span without a minute rollup gets its 60 seconds (bulk inserts,
 * an hour per transaction) and its rollup in the same pass; touched hours and days are rebuilt
 * from their children. Minutes that exist are skipped, so running it twice changes nothing.
 *
 * Energy: walks back in time from the earliest stored sample — or from the live registers when
 * there is none — subtracting each minute's energy (the simulator's powers over the minute), so
 * the history meets today's registers exactly. A register never goes below zero: before the
 * meter was commissioned it reads 0. Only time before the earliest sample is filled.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { SnapshotSource } from '../../meter/reading-source.ts';
import { packSample, toUnits } from './codec.ts';
import { RETENTION } from './retention.ts';
import { Accumulator } from './rollup.ts';
import { ENERGY_VALUE_COUNT, sampleValues, VALUE_COUNT } from './series.ts';
import { minuteIncrements, type EnergySource, type HarmonicsSource } from './sources.ts';
import type { TrendService } from './trend-service.ts';

const DAY = 86_400;

export interface BackfillOptions {
  /** days of 1-second history (at most the 30 kept) */
  days?: number;
  /** days of energy history */
  energyDays?: number;
  /** ms */
  now: number;
  meter: SnapshotSource;
  harmonics: HarmonicsSource;
  energy: EnergySource;
  onProgress?(message: string): void;
}

export interface BackfillResult {
  minutesWritten: number;
  minutesSkipped: number;
  energyMinutesWritten: number;
}

export async function backfillTrends(svc: TrendService, o: BackfillOptions): Promise<BackfillResult> {
  const result: BackfillResult = { minutesWritten: 0, minutesSkipped: 0, energyMinutesWritten: 0 };
  const now = Math.floor(o.now / 1000);
  if (o.days && o.days > 0) await realtime(svc, o, now, Math.min(o.days, RETENTION.realtimeDays), result);
  if (o.energyDays && o.energyDays > 0) await energy(svc, o, now, o.energyDays, result);
  return result;
}

async function realtime(svc: TrendService, o: BackfillOptions, now: number, days: number, result: BackfillResult): Promise<void> {
  const { clock, realtime: rt, db } = svc;
  clock.refresh();
  // The minute in progress is the live recorder's.
  const stop = clock.minute(now);
  const values = new Float64Array(VALUE_COUNT);
  const hour = db.transaction((from: number) => {
    const hours = new Set<number>();
    const days = new Set<number>();
    for (let m = from; m < Math.min(from + 3600, stop); m += 60) {
      if (rt.hasMinute(m)) {
        result.minutesSkipped++;
        continue;
      }
      const acc = new Accumulator(m);
      for (let t = m; t < m + 60; t++) {
        const snap = o.meter.snapshot(t * 1000);
        sampleValues({ snap, vthd: o.harmonics.vthd(snap) }, values);
        rt.insertSecond(t, packSample(values));
        acc.addSample(values);
      }
      rt.putRollup('minute', m, acc.result());
      hours.add(clock.hour(m));
      days.add(clock.day(m));
      result.minutesWritten++;
    }
    for (const h of hours) {
      const r = rt.fold('minute', h, h + 3600);
      if (r) rt.putRollup('hour', h, r);
    }
    for (const d of days) {
      const r = rt.fold('hour', d, clock.addDays(d, 1));
      if (r) rt.putRollup('day', d, r);
    }
  });
  const first = clock.minute(now - days * DAY);
  for (let m = first; m < stop; m += 3600) {
    hour(m);
    if ((m - first) % (6 * 3600) === 0) o.onProgress?.(`real-time: ${new Date(m * 1000).toISOString()} (${Math.round(((m - first) / (stop - first)) * 100)}%)`);
    await yieldToLoop();
  }
}

async function energy(svc: TrendService, o: BackfillOptions, now: number, days: number, result: BackfillResult): Promise<void> {
  const { clock, energyStore: en, db } = svc;
  clock.refresh();
  const stop = clock.minute(now - days * DAY);
  const minuteFloor = now - RETENTION.energyMinuteDays * DAY;
  // The anchor: the earliest stored minute (its increments are rewritten below), or the live registers.
  let key: number;
  let cum: Float64Array;
  const first = en.firstMinute();
  if (first !== undefined) {
    // Nothing before the earliest sample is asked for: leave it (and its increments) alone.
    if (first - 60 < stop) return;
    key = first;
    cum = en.minuteRows(first, first + 60, (t) => clock.quarter(t))[0]!.units;
  } else {
    key = clock.minute(now) - 60;
    // A first start seeds the registers' history in slices after the start: anchored on them
    // before that, the whole history would read missing.
    await o.energy.settled();
    const totals = o.energy.totals();
    cum = new Float64Array(ENERGY_VALUE_COUNT);
    for (let k = 0; k < ENERGY_VALUE_COUNT; k++) cum[k] = toUnits(totals[k]!);
  }
  const inc = new Float64Array(ENERGY_VALUE_COUNT);
  const kwh = new Float64Array(ENERGY_VALUE_COUNT);
  const day = db.transaction(() => {
    for (let n = 0; n < 1440 && key >= stop; n++, key -= 60) {
      // The minute [key, key + 60) ends at key + 60: its powers held over the minute.
      minuteIncrements(o.meter.snapshot((key + 60) * 1000), kwh);
      const prev = new Float64Array(ENERGY_VALUE_COUNT);
      for (let k = 0; k < ENERGY_VALUE_COUNT; k++) {
        const c = cum[k]!;
        prev[k] = Number.isFinite(c) ? Math.max(0, c - toUnits(kwh[k]!)) : NaN;
        inc[k] = c - prev[k]!;
      }
      if (key >= minuteFloor) en.putMinute(key, inc, cum, { quarter: clock.quarter(key), hour: clock.hour(key), day: clock.day(key) }, true);
      else en.putTiers(cum, { quarter: clock.quarter(key), hour: clock.hour(key), day: clock.day(key) });
      result.energyMinutesWritten++;
      cum = prev;
    }
  });
  let done = 0;
  while (key >= stop) {
    day();
    if (++done % 30 === 0) o.onProgress?.(`energy: back to ${new Date(key * 1000).toISOString()}`);
    await yieldToLoop();
  }
}
