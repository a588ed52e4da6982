/** The registers' pure parts: integration, TOU, month rollover, demand, THD, DI counters; and their persistence. */
import { DEMAND_METHOD, HARMONIC_ORDERS } from '@meter/contract';
import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type DemandSettings, feedDemand, newTrack, predictDemand, resetPeaks } from '../../../src/meter/registers/demand.ts';
import { DEFAULT_DI_SETUP, countPulses, diStatus, newCounters, statusInput } from '../../../src/meter/registers/digital-io.ts';
import { type EnergyState, addEnergy, bucketTotal, emptySet, integrateEnergy, rollMonth } from '../../../src/meter/registers/energy.ts';
import { inputCurrentSpectrum, phaseCurrentSpectrum, thd, voltageSpectrum } from '../../../src/meter/registers/harmonics.ts';
import { LIVE_GAP_LIMIT_MS, MeterRegisters } from '../../../src/meter/registers/meter-registers.ts';
import { RegisterStore } from '../../../src/meter/registers/register-store.ts';
import { DEFAULT_TOU_SCHEDULE, isNextMonth, rateAt, splitAtLocalHours, startOfLocalMonth } from '../../../src/meter/registers/tou-schedule.ts';
import { combinePowers } from '../../../src/meter/physics.ts';
import { inputOf, type MeterConfig, type MeterSnapshot, type RegisterSet, type SnapshotSource } from '../../../src/meter/reading-source.ts';
import { SimulatedMeter } from '../../../src/meter/simulator.ts';
import { MIGRATIONS } from '../../../src/store/migrations.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Wednesday 2026-03-04 00:00 UTC. */
const WED = Date.UTC(2026, 2, 4);
/** Saturday 2026-03-07 00:00 UTC. */
const SAT = Date.UTC(2026, 2, 7);

/** `actual` undefined is a value the code under test did not produce: a failure too. */
const near = (actual: number | undefined, expected: number, tol: number, what = '') => {
  assert.ok(actual !== undefined, `${what}: no value`);
  assert.ok(Math.abs(actual - expected) <= tol, `${what} ${actual} vs ${expected} (tol ${tol})`);
};

function stateWith(month: string, ...slots: string[]): EnergyState {
  return { month, sets: Object.fromEntries(slots.map((s) => [s, emptySet()])) };
}

/** The set of slot x, which the tests make with stateWith. */
function slotX(state: EnergyState): RegisterSet {
  const set = state.sets.x;
  assert.ok(set, 'slot x');
  return set;
}

describe('energy integration', () => {
  test('a known power profile: a 0→10 kW ramp over an hour integrates to 5 kWh', () => {
    const state = stateWith('2026-03', 'x');
    for (let t = 0; t < 3600; t++) {
      // Midpoint power of each second: exact for a ramp.
      const p = (10 * (t + 0.5)) / 3600;
      integrateEnergy(state, new Map([['x', { p, q: 0, s: p }]]), WED + t * SECOND, WED + (t + 1) * SECOND, 0, DEFAULT_TOU_SCHEDULE);
    }
    near(slotX(state).importActive, 5, 1e-9, 'kWh');
    near(slotX(state).apparent, 5, 1e-9, 'kVAh');
  });

  test('import and export follow the sign of P and of Q; apparent always counts up', () => {
    const set = emptySet();
    addEnergy(set, { p: 5, q: 2, s: Math.hypot(5, 2) }, 1, 'normal');
    addEnergy(set, { p: -3, q: -1, s: Math.hypot(3, 1) }, 2, 'normal');
    assert.equal(set.importActive, 5);
    assert.equal(set.exportActive, 6);
    assert.equal(set.importReactive, 2);
    assert.equal(set.exportReactive, 2);
    near(set.apparent, Math.hypot(5, 2) + 2 * Math.hypot(3, 1), 1e-12);
    // Only imported active energy is billed by rate.
    assert.equal(bucketTotal(set.currentMonth), 5);
  });
});

describe('TOU', () => {
  test('the default schedule: weekday Valley / Normal / Peak / Sharp, weekend without Peak or Sharp', () => {
    const wd = (h: number) => rateAt(DEFAULT_TOU_SCHEDULE, h, 3);
    assert.deepEqual([wd(3), wd(8), wd(12), wd(15), wd(18), wd(21), wd(23.5)], ['valley', 'normal', 'peak', 'sharp', 'peak', 'normal', 'valley']);
    const we = (h: number) => rateAt(DEFAULT_TOU_SCHEDULE, h, 6);
    assert.deepEqual([we(3), we(12), we(15), we(23.5)], ['valley', 'normal', 'normal', 'valley']);
  });

  test('an interval across an hour boundary is split between the two rates', () => {
    const state = stateWith('2026-03', 'x');
    // 10:30-11:30 UTC on a Wednesday: half Normal, half Peak.
    integrateEnergy(state, new Map([['x', { p: 4, q: 0, s: 4 }]]), WED + 10.5 * HOUR, WED + 11.5 * HOUR, 0, DEFAULT_TOU_SCHEDULE);
    assert.deepEqual(slotX(state).currentMonth, { normal: 2, peak: 2, sharp: 0, valley: 0 });
    // The same hours on a Saturday are all Normal.
    integrateEnergy(state, new Map([['x', { p: 4, q: 0, s: 4 }]]), SAT + 10.5 * HOUR, SAT + 11.5 * HOUR, 0, DEFAULT_TOU_SCHEDULE);
    assert.deepEqual(slotX(state).currentMonth, { normal: 6, peak: 2, sharp: 0, valley: 0 });
  });

  test('rates follow the device zone, not UTC', () => {
    const state = stateWith('2026-03', 'x');
    // 18:30-19:30 UTC is 13:30-14:30 in New York (EST, UTC-5): half Peak, half Sharp.
    integrateEnergy(state, new Map([['x', { p: 2, q: 0, s: 2 }]]), WED + 18.5 * HOUR, WED + 19.5 * HOUR, 'America/New_York', DEFAULT_TOU_SCHEDULE);
    assert.deepEqual(slotX(state).currentMonth, { normal: 0, peak: 1, sharp: 1, valley: 0 });
    assert.deepEqual(splitAtLocalHours(330, 0, 2 * HOUR), [
      [0, 0.5 * HOUR],
      [0.5 * HOUR, 1.5 * HOUR],
      [1.5 * HOUR, 2 * HOUR],
    ]);
  });

  test('month rollover moves current to prior; a skipped month leaves prior at zero', () => {
    const state = stateWith('2026-01', 'x');
    const jan31 = Date.UTC(2026, 0, 31, 23);
    const rolled = integrateEnergy(state, new Map([['x', { p: 3, q: 0, s: 3 }]]), jan31, jan31 + 2 * HOUR, 0, DEFAULT_TOU_SCHEDULE);
    assert.deepEqual(rolled, ['2026-02']);
    assert.equal(state.month, '2026-02');
    assert.equal(bucketTotal(slotX(state).priorMonth), 3);
    assert.equal(bucketTotal(slotX(state).currentMonth), 3);
    assert.equal(slotX(state).importActive, 6);
    rollMonth(state, '2026-04');
    assert.equal(bucketTotal(slotX(state).priorMonth), 0);
    assert.ok(isNextMonth('2025-12', '2026-01') && !isNextMonth('2026-01', '2026-03'));
    assert.equal(startOfLocalMonth('America/New_York', Date.UTC(2026, 2, 1, 3)), Date.UTC(2026, 1, 1, 5));
  });
});

describe('demand', () => {
  const rolling: DemandSettings = { method: DEMAND_METHOD.rollingWindow, subInterval: 1, window: 15 };
  const fixed: DemandSettings = { method: DEMAND_METHOD.fixedWindow, subInterval: 1, window: 15 };
  const feedSeconds = (t: ReturnType<typeof newTrack>, s: DemandSettings, v: number, from: number, seconds: number) => {
    for (let k = 0; k < seconds; k++) feedDemand(t, s, [v], from + k * SECOND, from + (k + 1) * SECOND);
  };

  test('rolling window: the average of the last 15 one-minute sub-intervals, updated each minute', () => {
    const t = newTrack(1);
    feedSeconds(t, rolling, 10, WED, 15 * 60);
    near(t.demand[0], 10, 1e-9);
    // Five minutes at 40: five of fifteen sub-intervals moved.
    feedSeconds(t, rolling, 40, WED + 15 * MINUTE, 5 * 60);
    near(t.demand[0], (10 * 10 + 5 * 40) / 15, 1e-9);
    // Half a minute more changes nothing until the sub-interval ends.
    feedSeconds(t, rolling, 40, WED + 20 * MINUTE, 30);
    near(t.demand[0], 20, 1e-9);
    // Prediction: if 40 holds, the window ending at 21:00 holds 9×10 + 6×40.
    near(predictDemand(t, rolling, WED + 20.5 * MINUTE)[0], (9 * 10 + 6 * 40) / 15, 1e-9);
  });

  test('fixed window: updates only at the end of each window', () => {
    const t = newTrack(1);
    feedSeconds(t, fixed, 10, WED, 10 * 60);
    assert.equal(t.demand[0], 0);
    assert.equal(t.peakTime[0], 0);
    near(predictDemand(t, fixed, WED + 10 * MINUTE)[0], 10, 1e-9);
    feedSeconds(t, fixed, 40, WED + 10 * MINUTE, 5 * 60);
    near(t.demand[0], (10 * 10 + 5 * 40) / 15, 1e-9);
    assert.equal(t.peakTime[0], WED + 15 * MINUTE);
  });

  test('peak: the largest window with the time it ended; kept when demand falls; reset clears it', () => {
    const t = newTrack(2);
    for (let k = 0; k < 60; k++) {
      const v = k >= 20 && k < 35 ? 50 : 5;
      feedDemand(t, rolling, [v, -v], WED + k * MINUTE, WED + (k + 1) * MINUTE);
    }
    near(t.peak[0], 50, 1e-9);
    assert.equal(t.peakTime[0], WED + 35 * MINUTE);
    // Peaks are by magnitude, so a negative (leading) kvar demand keeps its sign.
    near(t.peak[1], -50, 1e-9);
    near(t.demand[0], 5, 1e-9);
    resetPeaks(t);
    assert.deepEqual(
      [t.peak, t.peakTime],
      [
        [0, 0],
        [0, 0],
      ],
    );
  });

  test('one long step spanning many sub-intervals gives the same demand as one-second steps', () => {
    const a = newTrack(1);
    const b = newTrack(1);
    feedSeconds(a, rolling, 7, WED, 20 * 60);
    feedDemand(b, rolling, [7], WED, WED + 20 * MINUTE);
    assert.deepEqual(b.demand, a.demand);
    assert.deepEqual(b.peakTime, a.peakTime);
  });
});

describe('harmonics', () => {
  const meter = new SimulatedMeter({ seed: 7, timeZone: 0 });
  const noon = meter.snapshot(WED + 14 * HOUR);
  const ct = meter.config.ctFullScale;

  test('THD = sqrt(Σ h²)', () => {
    near(thd([3, 4]), 5, 1e-12);
    assert.equal(thd([]), 0);
  });

  test('voltage: THD 1-4 %, odd orders dominate, the 5th largest', () => {
    for (const ph of [0, 1, 2] as const) {
      const v = voltageSpectrum(7, noon, ph, ct);
      assert.equal(v.orders.length, HARMONIC_ORDERS.length);
      assert.ok(v.thd >= 1 && v.thd <= 4, `THD-V ${v.thd}`);
      near(thd(v.orders), v.thd, 1e-9);
      const h = (n: number) => v.orders[n - 2] ?? NaN;
      assert.ok(h(5) > h(3) && h(3) > h(2) && h(7) > h(4) && h(5) === Math.max(...v.orders));
    }
  });

  test('current: by load type within 0-35 %, deterministic; an input without load reads 0', () => {
    const smps = inputCurrentSpectrum(7, noon, 7);
    const motor = inputCurrentSpectrum(7, noon, 10);
    const servers = inputCurrentSpectrum(7, noon, 13);
    assert.ok(smps.thd > servers.thd && servers.thd > 0, `${smps.thd} ${servers.thd}`);
    if (inputOf(noon, 10).current > 0) assert.ok(motor.thd < 10, `motor ${motor.thd}`);
    for (let n = 1; n <= 18; n++) {
      const s = inputCurrentSpectrum(7, noon, n);
      assert.ok(s.thd >= 0 && s.thd <= 35 + 1e-9, `input ${n}: ${s.thd}`);
    }
    assert.equal(inputCurrentSpectrum(7, noon, 18).thd, 0);
    assert.deepEqual(inputCurrentSpectrum(7, noon, 7), smps);
    const ph = phaseCurrentSpectrum(7, noon, 0);
    assert.ok(ph.thd > 0 && ph.thd <= 35);
  });
});

describe('digital inputs', () => {
  test('counters count pulses at a rate following the load, carrying the fraction of a pulse', () => {
    const c = newCounters();
    // DI1: 90 pulses/h at full load; 10 % of that at no load.
    countPulses(c, DEFAULT_DI_SETUP, 1, 1);
    assert.equal(c.counts[0], 90);
    countPulses(c, DEFAULT_DI_SETUP, 0, 0.5);
    assert.equal(c.counts[0], 94);
    near(c.fraction[0], 0.5, 1e-9);
    countPulses(c, DEFAULT_DI_SETUP, 0, 0.5);
    assert.equal(c.counts[0], 99);
    // Status inputs never count.
    assert.equal(c.counts[4], 0);
  });

  test('a counter contact flips with each pulse; status inputs change now and then, the same way every time', () => {
    const di1 = DEFAULT_DI_SETUP[0]!;
    assert.equal(diStatus(1, di1, 1, 7, WED), 1);
    assert.equal(diStatus(1, di1, 1, 8, WED), 0);
    const day = Array.from({ length: 24 * 60 }, (_, m) => statusInput(1, 9, WED + m * MINUTE));
    const changes = day.filter((v, i) => i > 0 && v !== day[i - 1]).length;
    assert.ok(changes >= 2 && changes <= 24 * 12, `changes ${changes}`);
    assert.deepEqual(
      Array.from({ length: 24 * 60 }, (_, m) => statusInput(1, 9, WED + m * MINUTE)),
      day,
    );
  });
});

/** A meter whose every input draws the same constant power: 1 kW, 0.5 kvar on each. */
class ConstantMeter implements SnapshotSource {
  readonly config: MeterConfig = { wiringType: 1, ratedVoltage: 120, ctFullScale: Array(18).fill(100), seed: 1, timeZone: 0 };
  configure(): void {}
  snapshot(atMs: number): MeterSnapshot {
    const inputs = Array.from({ length: 18 }, (_, i) => ({
      input: i + 1,
      phase: (i % 3) as 0 | 1 | 2,
      vln: 120,
      current: 9.3,
      p: 1,
      q: 0.5,
      s: Math.hypot(1, 0.5),
      pf: 0.894,
      loadNature: 'L' as const,
    }));
    const phases = [0, 1, 2].map((ph) => ({ vln: 120, vll: 208, current: 55.9, ...combinePowers(inputs.filter((x) => x.phase === ph)) }));
    const sys = combinePowers(phases);
    return { time: atMs, frequency: 60, phases: phases as MeterSnapshot['phases'], system: { vlnAvg: 120, vllAvg: 208, currentAvg: 55.9, ...sys }, inputs };
  }
}

describe('register lifecycle', () => {
  const open = (db: Database.Database, now: number) => MeterRegisters.open({ meter: new ConstantMeter(), store: new RegisterStore(db), seed: 1 }, now);
  const memoryDb = () => {
    const db = new Database(':memory:');
    for (const m of MIGRATIONS) db.exec(m);
    return db;
  };

  test('ticks integrate, saves come every 10 s, a restart catches up the gap, a clock jump is not counted', () => {
    const db = memoryDb();
    const t0 = WED + 10 * HOUR;
    const r = open(db, t0);
    const seeded = r.energySet('in1')!.importActive;
    assert.ok(seeded > 24 * 30, `seeded ${seeded}`);
    // March so far (3 days 10 h of 1 kW) in the current month, all of February in the prior.
    near(bucketTotal(r.energySet('in1')!.currentMonth), 3 * 24 + 10, 1e-6);
    near(bucketTotal(r.energySet('in1')!.priorMonth), 28 * 24, 1e-6);

    for (let k = 1; k <= 3600; k++) r.tick(t0 + k * SECOND);
    near(r.energySet('in1')!.importActive - seeded, 1, 1e-9, 'one hour at 1 kW');
    near(r.energySet('sys')!.importActive - 18 * seeded, 18, 1e-6, 'system');
    const store = new RegisterStore(db);
    r.tick(t0 + 3605 * SECOND);
    assert.equal(store.load('energy')!.asOf, t0 + 3600 * SECOND, 'not saved every second');
    r.tick(t0 + 3610 * SECOND);
    assert.equal(store.load('energy')!.asOf, t0 + 3610 * SECOND);

    // A setting of the clock by more than an hour moves the registers' time without counting.
    const before = r.energySet('in1')!.importActive;
    r.tick(t0 + 3610 * SECOND + LIVE_GAP_LIMIT_MS + HOUR);
    assert.equal(r.energySet('in1')!.importActive, before);
    r.close();

    // Away for 5 hours: the meter kept counting.
    const again = open(db, r.time + 5 * HOUR);
    near(again.energySet('in1')!.importActive - before, 5, 1e-6, 'caught up');
    const d = again.demandOf('in1')!;
    near(d.demand[1], 1, 1e-9, 'kW demand');
    near(d.prediction[1], 1, 1e-9, 'prediction');
    assert.ok((d.peakTime[1] ?? 0) > 0);
  });

  test('relay states persist at once', () => {
    const db = memoryDb();
    const r = open(db, WED);
    r.setRelays({ ro1: 1, ro2: 0 });
    assert.deepEqual(open(db, WED + SECOND).relays(), { ro1: 1, ro2: 0 });
  });
});
