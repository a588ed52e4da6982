import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REALTIME_KEYS as K, type ReadingRow, type WiringType } from '@meter/contract';
import { SimulatedMeter } from '../../src/meter/simulator.ts';
import { channelRows, systemRows } from '../../src/meter/rows.ts';
import { inputOf, type MeterSnapshot } from '../../src/meter/reading-source.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** A Monday, 00:00 UTC. */
const MONDAY = Date.UTC(2025, 5, 9);
const SQRT3 = Math.sqrt(3);
const WIRINGS: WiringType[] = [0, 1, 2];

/** Test-side PRNG so the sampled times are repeatable too. */
function times(count: number, seed: number): number[] {
  let x = seed >>> 0;
  return Array.from({ length: count }, () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return MONDAY + Math.floor((x / 2 ** 32) * WEEK);
  });
}

function near(actual: number, expected: number, tol: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tol ${tol})`);
}

const num = (row: ReadingRow | undefined, key: string) => {
  assert.ok(row, `no row for ${key}`);
  return row[key] as number;
};

test('same seed and time give the same snapshot, regardless of call order', () => {
  const a = new SimulatedMeter({ seed: 42 });
  const b = new SimulatedMeter({ seed: 42 });
  const ts = times(20, 1);
  const forward = ts.map((t) => a.snapshot(t));
  const backward = [...ts]
    .reverse()
    .map((t) => b.snapshot(t))
    .reverse();
  assert.deepEqual(forward, backward);
  const t0 = ts[0]!;
  assert.deepEqual(a.snapshot(t0), forward[0]);

  const other = new SimulatedMeter({ seed: 43 });
  assert.notDeepEqual(other.snapshot(t0).inputs, forward[0]!.inputs);
});

function checkPhysics(s: MeterSnapshot, wiring: WiringType): void {
  const eps = 1e-9;
  assert.equal(s.inputs.length, 18);
  for (const x of s.inputs) {
    assert.equal(x.phase, (x.input - 1) % 3);
    assert.equal(x.vln, s.phases[x.phase].vln);
    near(x.s, (x.vln * x.current) / 1000, eps, `S=VI input ${x.input}`);
    near(x.p, x.s * x.pf, eps, `P=S·PF input ${x.input}`);
    near(x.p ** 2 + x.q ** 2, x.s ** 2, 1e-9, `S²=P²+Q² input ${x.input}`);
    if (x.current === 0) {
      assert.equal(x.pf, 1);
      assert.equal(x.loadNature, 'R');
    } else {
      assert.ok(x.pf >= 0.8 && x.pf <= 1, `pf ${x.pf} input ${x.input}`);
    }
    assert.equal(x.loadNature, Math.abs(x.q) < 0.0005 ? 'R' : x.q > 0 ? 'L' : 'C');
    if (wiring === 2 && x.input % 3 === 0) assert.equal(x.current, 0, `2 LN leaves input ${x.input} without a CT`);
  }
  s.phases.forEach((ph, i) => {
    const mine = s.inputs.filter((x) => x.phase === i);
    near(
      ph.p,
      mine.reduce((a, x) => a + x.p, 0),
      eps,
      'phase P = ΣP',
    );
    near(
      ph.q,
      mine.reduce((a, x) => a + x.q, 0),
      eps,
      'phase Q = ΣQ',
    );
    near(ph.s, Math.hypot(ph.p, ph.q), eps, 'phase S');
    near(ph.current, (ph.s * 1000) / ph.vln, eps, 'phase I = S/V');
    near(ph.pf, ph.s === 0 ? 1 : ph.p / ph.s, eps, 'phase PF');
    near(ph.vll / ph.vln, SQRT3, SQRT3 * 0.02, 'VLL/VLN');
    const next = s.phases[(i + 1) % 3]!.vln;
    near(ph.vll, Math.sqrt(ph.vln ** 2 + next ** 2 + ph.vln * next), eps, 'VLL at 120°');
    near(ph.vln, 120, 120 * 0.05, 'VLN near rated');
  });
  const sys = s.system;
  near(
    sys.p,
    s.phases.reduce((a, x) => a + x.p, 0),
    eps,
    'system P',
  );
  near(
    sys.q,
    s.phases.reduce((a, x) => a + x.q, 0),
    eps,
    'system Q',
  );
  near(sys.s, Math.hypot(sys.p, sys.q), eps, 'system S');
  near(sys.pf, sys.p / sys.s, eps, 'system PF');
  assert.ok(s.frequency >= 45 && s.frequency <= 65);
  assert.ok(s.frequency >= 59.95 && s.frequency <= 60.05, `frequency ${s.frequency}`);
}

/** The rounded rows still satisfy the identities, within what rounding can move them. */
function checkRows(rows: ReadingRow[]): void {
  for (const r of rows) {
    const v = num(r, K.vln);
    const i = num(r, K.current);
    const p = num(r, K.activePower);
    const q = num(r, K.reactivePower);
    const s = num(r, K.apparentPower);
    const pf = num(r, K.powerFactor);
    near(s, Math.hypot(p, q), 0.002, `${r.Name} S`);
    if (s > 0.1) near(pf, p / s, 0.002 + 0.001 / s, `${r.Name} PF`);
    if (r.Name !== 'Total' && r.Name !== 'System') near(s, (v * i) / 1000, 0.0005 + (0.05 * i + 0.0005 * v) / 1000 + 1e-9, `${r.Name} S=VI`);
    assert.ok(['R', 'L', 'C'].includes(r[K.loadNature] as string));
  }
}

for (const wiring of WIRINGS) {
  test(`physics identities hold across a week, wiring ${wiring}`, () => {
    const meter = new SimulatedMeter({ seed: 7 + wiring, wiringType: wiring, timeZoneOffsetMinutes: -300 });
    for (const t of times(400, 100 + wiring)) {
      const s = meter.snapshot(t);
      checkPhysics(s, wiring);
      const sys = systemRows(s);
      checkRows(sys);
      near(
        num(sys[3], K.activePower),
        sys.slice(0, 3).reduce((a, r) => a + num(r, K.activePower), 0),
        0.002,
        'row ΣP',
      );
      for (let ch = 1; ch <= 24; ch++) {
        const rows = channelRows(s, ch, wiring);
        if (rows) checkRows(rows);
      }
    }
  });
}

function meanSystemP(meter: SimulatedMeter, localHour: number, offsetMinutes: number): number {
  let sum = 0;
  let n = 0;
  for (let week = 0; week < 4; week++) {
    for (let day = 0; day < 5; day++) {
      for (let minute = 0; minute < 60; minute += 10) {
        const local = MONDAY + week * WEEK + day * DAY + localHour * HOUR + minute * 60_000;
        sum += meter.snapshot(local - offsetMinutes * 60_000).system.p;
        n++;
      }
    }
  }
  return sum / n;
}

test('daily shape: afternoon load is well above night load, in device local time', () => {
  const offset = -360;
  const meter = new SimulatedMeter({ seed: 3, timeZoneOffsetMinutes: offset });
  const afternoon = meanSystemP(meter, 14, offset);
  const night = meanSystemP(meter, 3, offset);
  assert.ok(afternoon > 2 * night, `14:00 ${afternoon} kW vs 03:00 ${night} kW`);

  // The same instants read in UTC put 14:00 local at 20:00, past the peak.
  const utc = new SimulatedMeter({ seed: 3 });
  assert.ok(meanSystemP(utc, 14, 0) > meanSystemP(utc, 20, 0));
});

test('a time zone name is accepted and follows the local clock', () => {
  const named = new SimulatedMeter({ seed: 5, timeZone: 'America/New_York' });
  const fixed = new SimulatedMeter({ seed: 5, timeZoneOffsetMinutes: -240 }); // EDT in June
  const t = MONDAY + 2 * DAY + 18 * HOUR;
  assert.deepEqual(named.snapshot(t), fixed.snapshot(t));
  assert.throws(() => new SimulatedMeter({ timeZone: 'Not/AZone' }), RangeError);

  // The device's zone can change at run time; the shape moves with it.
  const moved = new SimulatedMeter({ seed: 5 });
  moved.configure({ timeZone: 'America/New_York' });
  assert.deepEqual(moved.snapshot(t), named.snapshot(t));
  assert.equal(moved.config.timeZone, 'America/New_York');
});

test('weekends are quieter than weekdays', () => {
  const meter = new SimulatedMeter({ seed: 9 });
  const at = (day: number) => meter.snapshot(MONDAY + day * DAY + 14 * HOUR).system.p;
  assert.ok(at(5) < at(2) && at(6) < at(3), 'Saturday and Sunday below midweek');
});

test('loads lag mostly, with one leading (capacitive) input', () => {
  const s = new SimulatedMeter({ seed: 4 }).snapshot(MONDAY + 14 * HOUR);
  const natures = s.inputs.map((x) => x.loadNature);
  assert.ok(natures.filter((n) => n === 'L').length >= 12, natures.join(''));
  assert.ok(natures.includes('C'), natures.join(''));
  assert.equal(s.system.loadNature, 'L');
});

test('CT full scale scales the current proportionally and caps it', () => {
  // The building's CTs are 100 A: the configured full scale scales their signal (meter settings).
  const small = new SimulatedMeter({ seed: 11, ctFullScale: Array(18).fill(5) });
  const normal = new SimulatedMeter({ seed: 11 });
  const double = new SimulatedMeter({ seed: 11, ctFullScale: Array(18).fill(200) });
  for (const t of times(100, 5)) {
    const [sa, sb, sc] = [small.snapshot(t), normal.snapshot(t), double.snapshot(t)];
    for (let n = 1; n <= 18; n++) {
      const [a, b, c] = [inputOf(sa, n), inputOf(sb, n), inputOf(sc, n)];
      assert.ok(a.current <= 5, `input ${n} reads ${a.current} A on a 5 A CT`);
      near(a.current, b.current * 0.05, 1e-9, `input ${n} at 5 A`);
      near(c.current, b.current * 2, 1e-9, `input ${n} at 200 A`);
    }
  }

  const big = Array(18).fill(100);
  big[0] = 2;
  small.configure({ ctFullScale: big });
  assert.equal(small.config.ctFullScale[0], 2);
  const peak = MONDAY + 2 * DAY + 15 * HOUR;
  assert.ok(inputOf(small.snapshot(peak), 1).current <= 2);
  near(inputOf(small.snapshot(peak), 4).current, inputOf(normal.snapshot(peak), 4).current, 1e-9, 'the other inputs keep their 100 A CTs');
});

test('configure checks its input and the config getter cannot be mutated', () => {
  const meter = new SimulatedMeter();
  assert.deepEqual({ ...meter.config, ctFullScale: meter.config.ctFullScale.length }, { wiringType: 1, ratedVoltage: 120, ctFullScale: 18, seed: 1, timeZone: 0 });
  assert.equal(meter.config.ctFullScale[5], 100);
  assert.throws(() => meter.configure({ wiringType: 6 as WiringType }), RangeError);
  assert.throws(() => meter.configure({ ctFullScale: [100] }), RangeError);
  assert.throws(() => meter.configure({ ratedVoltage: -1 }), RangeError);
  meter.config.ctFullScale[0] = 1;
  assert.equal(meter.config.ctFullScale[0], 100);
  meter.configure({ ratedVoltage: 230 });
  near(meter.snapshot(MONDAY).phases[0].vln, 230, 230 * 0.05, 'follows rated voltage');
});

const VALUE_KEYS = [K.vln, K.current, K.activePower, K.reactivePower, K.apparentPower, K.powerFactor, K.loadNature];

test('system rows: Phase A/B/C with VAB/VBC/VCA, then System with frequency', () => {
  const s = new SimulatedMeter({ seed: 2 }).snapshot(MONDAY + 14 * HOUR);
  const rows = systemRows(s);
  assert.deepEqual(
    rows.map((r) => r.Name),
    ['Phase A', 'Phase B', 'Phase C', 'System'],
  );
  for (const r of rows.slice(0, 3)) assert.deepEqual(Object.keys(r), ['Name', K.vln, K.vll, ...VALUE_KEYS.slice(1)]);
  assert.deepEqual(Object.keys(rows[3] ?? {}), ['Name', K.vln, K.vll, ...VALUE_KEYS.slice(1), K.frequency]);
  assert.equal(rows[1]?.[K.vll], Math.round(s.phases[1].vll * 10) / 10);
  assert.equal(rows[3]?.[K.frequency], Math.round(s.frequency * 100) / 100);
  assert.equal(rows[3]?.[K.current], Math.round(s.system.currentAvg * 1000) / 1000);
});

test('channel rows for each wiring type', () => {
  const meter = new SimulatedMeter({ seed: 2 });
  const t = MONDAY + 14 * HOUR;
  const names = (rows: ReadingRow[] | null) => rows?.map((r) => r.Name);

  for (const wiring of WIRINGS) {
    meter.configure({ wiringType: wiring });
    const s = meter.snapshot(t);
    const input5 = channelRows(s, 5, wiring);
    assert.deepEqual(names(input5), ['Input Channel 5']);
    assert.deepEqual(Object.keys(input5?.[0] ?? {}), ['Name', ...VALUE_KEYS]);
    assert.equal(input5?.[0]?.[K.activePower], Math.round(inputOf(s, 5).p * 1000) / 1000);
    for (const bad of [0, 25, -1, 1.5, NaN]) assert.equal(channelRows(s, bad, wiring), null);
  }

  let s = (meter.configure({ wiringType: 0 }), meter.snapshot(t));
  for (let ch = 19; ch <= 24; ch++) assert.equal(channelRows(s, ch, 0), null);

  s = (meter.configure({ wiringType: 1 }), meter.snapshot(t));
  const u2 = channelRows(s, 20, 1)!;
  assert.deepEqual(names(u2), ['Phase A', 'Phase B', 'Phase C', 'Total']);
  assert.deepEqual(
    u2.slice(0, 3).map((r) => r[K.activePower]),
    [4, 5, 6].map((n) => Math.round(inputOf(s, n).p * 1000) / 1000),
  );
  const p = [4, 5, 6].reduce((a, n) => a + inputOf(s, n).p, 0);
  const q = [4, 5, 6].reduce((a, n) => a + inputOf(s, n).q, 0);
  near(num(u2[3], K.activePower), p, 0.0005, 'Total P');
  near(num(u2[3], K.apparentPower), Math.hypot(p, q), 0.0005, 'Total S');
  near(num(u2[3], K.powerFactor), p / Math.hypot(p, q), 0.0005, 'Total PF');
  near(num(u2[3], K.current), [4, 5, 6].reduce((a, n) => a + inputOf(s, n).current, 0) / 3, 0.0005, 'Total I = average');
  assert.deepEqual(names(channelRows(s, 24, 1)), ['Phase A', 'Phase B', 'Phase C', 'Total']);

  s = (meter.configure({ wiringType: 2 }), meter.snapshot(t));
  const u3 = channelRows(s, 21, 2)!;
  assert.deepEqual(names(u3), ['Phase A', 'Phase B', 'Total']);
  assert.deepEqual(
    u3.slice(0, 2).map((r) => r[K.current]),
    [7, 8].map((n) => Math.round(inputOf(s, n).current * 1000) / 1000),
  );
  assert.equal(channelRows(s, 3, 2)?.[0]?.[K.current], 0, 'skipped input reads no current');
});

test('an input with no current reads PF 1.000 and load nature R', () => {
  const s = new SimulatedMeter().snapshot(MONDAY + 14 * HOUR);
  const spare = channelRows(s, 18, 1)?.[0];
  assert.ok(spare);
  assert.equal(spare[K.current], 0);
  assert.equal(spare[K.powerFactor], 1);
  assert.equal(spare[K.loadNature], 'R');
  assert.equal(Object.is(spare[K.reactivePower], -0), false);
});
