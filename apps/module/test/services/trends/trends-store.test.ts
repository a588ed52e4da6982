/** The trend store: 1-Hz ingest, rollups, retention, queries, energy registers, backfill. */
import { energyDifferences } from '@meter/contract';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { backfillTrends } from '../../../src/services/trends/backfill.ts';
import { BucketPlan, ZoneClock } from '../../../src/services/trends/buckets.ts';
import { decodeSample, packSample, packVarints, SAMPLE_BYTES, unpackVarints } from '../../../src/services/trends/codec.ts';
import { PRUNE_BATCH } from '../../../src/services/trends/retention.ts';
import { groupIndex, OFFSETS, VALUE_COUNT } from '../../../src/services/trends/series.ts';
import { registerHarmonics } from '../../../src/services/trends/sources.ts';
import { count, NY, storeFixture, T0, type StoreFixture } from '../../trends-helpers.ts';

const S0 = T0 / 1000;
const VLN_A = OFFSETS[groupIndex('VLN')]!;

describe('codec', () => {
  test('a second packs into 75 bytes with 4.5 significant digits per group, whatever the scale', () => {
    const v = new Float64Array(VALUE_COUNT).map((_, i) => 1 + i * 0.37);
    const I = OFFSETS[groupIndex('I')]!;
    v.set([49_876.54, 12.3456, 0.00042, 30_000], I);
    v[VLN_A] = 120.456;
    v.set([-0.98123, 0.9, 0.95, 0.5], OFFSETS[groupIndex('PF')]!);
    v[OFFSETS[groupIndex('VTHD')]!] = NaN;
    const packed = packSample(v);
    assert.equal(packed.length, SAMPLE_BYTES);
    assert.equal(SAMPLE_BYTES, 75);
    const back = decodeSample(packed);
    assert.equal(back[I], 49_880, 'largest of its group: 4 digits and a half');
    assert.equal(back[I + 1], 10, 'smaller values share the exponent of their group’s largest');
    assert.equal(back[VLN_A], 120.46);
    assert.equal(back[OFFSETS[groupIndex('PF')]!], -0.9812);
    assert.ok(Number.isNaN(back[OFFSETS[groupIndex('VTHD')]!]!), 'missing stays missing');
  });

  test('energy varints: exact integers past 2^31, negatives, missing', () => {
    const units = [0, 1, -1, 2 ** 31 + 7, 12_345_678_901_234, NaN, -987_654];
    assert.deepEqual(
      [...unpackVarints(packVarints(units), units.length)].map((x) => (Number.isNaN(x) ? 'NaN' : x)),
      units.map((x) => (Number.isNaN(x) ? 'NaN' : x)),
    );
  });
});

describe('buckets in the device zone', () => {
  test('days are local (23 hours on the spring DST day), weeks start on Monday, hours follow a +05:45 zone', () => {
    const ny = new ZoneClock(() => NY);
    const day = ny.day(Date.parse('2026-03-08T16:00:00Z') / 1000);
    assert.equal(day, Date.parse('2026-03-08T05:00:00Z') / 1000);
    assert.equal(ny.addDays(day, 1) - day, 23 * 3600);
    const week = new BucketPlan({ kind: 'week' }, ny);
    assert.equal(week.first(day), Date.parse('2026-03-02T05:00:00Z') / 1000, 'Monday 2 March');
    const month = new BucketPlan({ kind: 'month' }, ny);
    assert.equal(month.next(month.first(day)), Date.parse('2026-04-01T04:00:00Z') / 1000);
    const ktm = new ZoneClock(() => 'Asia/Kathmandu');
    assert.equal(ktm.hour(Date.parse('2026-03-01T10:20:00Z') / 1000), Date.parse('2026-03-01T10:15:00Z') / 1000);
  });
});

describe('ingest and rollups', () => {
  let f: StoreFixture;
  before(async () => {
    f = await storeFixture();
    f.meter.spikes.set(S0 + 100, 3);
    f.run(3 * 3600 + 30);
  });
  after(() => f.close());

  test('one row a second; a minute rollup when the minute turns; hours and the day from their children', () => {
    const { svc } = f;
    assert.equal(count(svc, 'rt_second'), 3 * 3600 + 30);
    assert.equal(count(svc, 'rt_minute'), 180, 'the minute in progress is not a rollup yet');
    assert.equal(count(svc, 'rt_hour'), 3);
    assert.deepEqual(svc.db.prepare('SELECT t, n FROM rt_day').all(), [{ t: Date.parse('2026-03-01T05:00:00Z') / 1000, n: 3 * 3600 }]);
    const minute = [...svc.realtime.rows('minute', S0, S0 + 60)][0]!;
    const raw = [...svc.realtime.rows('second', S0, S0 + 60)];
    assert.equal(minute.n, 60);
    const mean = raw.reduce((a, r) => a + r.avg[VLN_A]!, 0) / 60;
    assert.ok(Math.abs(minute.avg[VLN_A]! - mean) < 0.02, `${minute.avg[VLN_A]} vs ${mean}`);
    assert.equal(minute.max[VLN_A], Math.max(...raw.map((r) => r.avg[VLN_A]!)));
    const hour = [...svc.realtime.rows('hour', S0, S0 + 1)][0]!;
    const folded = svc.realtime.fold('minute', S0, S0 + 3600)!;
    assert.equal(hour.n, 3600);
    assert.ok(Math.abs(hour.avg[VLN_A]! - folded.avg[VLN_A]!) < 0.02);
    assert.ok(hour.max[VLN_A]! > 300, 'the spike is in the hour maximum');
  });

  test('queries by interval: rows per bucket, stat, and M4 keeps the spike', () => {
    const { svc } = f;
    const q = (interval: '1sec' | '15sec' | '1min' | '15min' | '1hr' | '1day' | '1mon', end: number, extra = {}) =>
      svc.queryRealtime({ parameter: 'VLN', start: S0, end, interval, ...extra });
    assert.equal(q('1sec', S0 + 600).length, 601);
    assert.equal(q('15sec', S0 + 600).length, 41);
    assert.equal(q('1min', S0 + 3600).length, 61);
    assert.equal(q('15min', S0 + 3 * 3600).length, 12, 'the quarter in progress has no closed minute');
    assert.equal(q('1hr', S0 + 3 * 3600).length, 3);
    assert.equal(q('1day', S0 + 3600).length, 1);
    assert.deepEqual(Object.keys(q('1hr', S0)[0]!), ['Timestamp', 'Phase A', 'Phase B', 'Phase C', 'System']);
    const avg = q('1min', S0)[0]!;
    const max = q('1min', S0, { stat: 'max' })[0]!;
    const min = q('1min', S0, { stat: 'min' })[0]!;
    assert.ok((min['Phase A'] as number) <= (avg['Phase A'] as number) && (avg['Phase A'] as number) <= (max['Phase A'] as number));

    const all = q('1sec', S0 + 3599);
    const capped = q('1sec', S0 + 3599, { points: 50 });
    assert.ok(capped.length <= 50 * 4 * 4 && capped.length < all.length / 4, `${capped.length}`);
    assert.ok(
      capped.some((r) => (r['Phase A'] as number) > 300),
      'the one-second spike survives',
    );
    assert.equal(capped[0]!.Timestamp, S0);
    assert.equal(capped[capped.length - 1]!.Timestamp, S0 + 3599);
  });

  test('VTHD comes from the harmonics registers, System the mean of the phases', () => {
    const row = f.svc.queryRealtime({ parameter: 'VTHD', start: S0, end: S0, interval: '1sec' })[0]!;
    const snap = f.meter.snapshot(T0);
    const [a, b, c] = registerHarmonics(f.meter).vthd(snap);
    assert.equal(row['Phase A'], Math.round(a * 100) / 100);
    assert.ok(Math.abs((row.System as number) - (a + b + c) / 3) < 0.01);
    assert.ok(a > 1 && a < 4);
  });

  test('energy: cumulative rows led by a base row; differences are each bucket’s energy', () => {
    const { svc } = f;
    const rate = f.energy.rate;
    const perMinute = energyDifferences(svc.queryEnergy({ parameter: 'EP', start: S0 + 1800, end: S0 + 2400, interval: '1min' }));
    assert.equal(perMinute.length, 11);
    assert.equal(perMinute[0]!.Timestamp, S0 + 1800);
    for (const r of perMinute) {
      assert.ok(Math.abs((r['Phase A'] as number) - 60 * rate) < 1e-6, JSON.stringify(r));
      assert.ok(Math.abs((r.System as number) - 60 * rate * 4) < 1e-6);
      assert.ok(Math.abs((r['Input Channel 1'] as number) - 60 * rate * 5) < 1e-6);
    }
    const quarters = energyDifferences(svc.queryEnergy({ parameter: 'EQ', start: S0 + 900, end: S0 + 7199, interval: '15min' }));
    assert.equal(quarters.length, 7);
    for (const r of quarters) assert.ok(Math.abs((r['Phase A'] as number) - 900 * rate * 23) < 1e-6, 'EQ columns follow EP’s 22');
    const hours = svc.queryEnergy({ parameter: 'ES', start: S0 + 3600, end: S0 + 2 * 3600, interval: '1hr' });
    assert.deepEqual(
      hours.map((r) => r.Timestamp),
      [S0, S0 + 3600, S0 + 7200],
    );
    assert.ok(Math.abs((energyDifferences(hours)[0]!['Phase A'] as number) - 3600 * rate * 45) < 1e-6);
  });

  test('the log range: local start of the first day, end of the last, 0 for what is not recorded', () => {
    const r = f.svc.range();
    const dayStart = Date.parse('2026-03-01T05:00:00Z') / 1000;
    assert.deepEqual(r, {
      realTimeMin: dayStart,
      realTimeMax: dayStart + 86_400 - 1,
      energyMin: dayStart,
      energyMax: dayStart + 86_400 - 1,
      demandMin: 0,
      demandMax: 0,
      powerQualityMin: dayStart,
      powerQualityMax: dayStart + 86_400 - 1,
      ioMin: 0,
      ioMax: 0,
    });
  });
});

describe('restart, clock changes, retention, reset', () => {
  let f: StoreFixture;
  before(async () => (f = await storeFixture()));
  after(() => f.close());

  test('a restart continues the minute in progress; a clock set back pauses recording', async () => {
    f.run(90);
    await f.reopen();
    f.run(40);
    const m1 = [...f.svc.realtime.rows('minute', S0 + 60, S0 + 61)][0]!;
    assert.equal(m1.n, 60);
    const before = count(f.svc, 'rt_second');
    f.clock.t -= 3_600_000;
    f.run(30);
    assert.equal(count(f.svc, 'rt_second'), before);
    f.clock.t += 3_600_000;
  });

  test('retention prunes expired rows a batch at a time', () => {
    const old = S0 - 31 * 86_400;
    const packed = packSample(new Float64Array(VALUE_COUNT).fill(1));
    f.svc.db.transaction(() => {
      for (let t = old; t < old + 1200; t++) f.svc.realtime.insertSecond(t, packed);
    })();
    // Up to the pruning second (t % 10 === 5).
    while (Math.floor(f.clock.t / 1000) % 10 !== 5) f.run(1);
    const total = count(f.svc, 'rt_second');
    f.run(1);
    assert.equal(total + 1 - count(f.svc, 'rt_second'), PRUNE_BATCH, 'one batch per prune');
    f.run(30);
    assert.equal(
      f.svc.db
        .prepare('SELECT count(*) FROM rt_second WHERE t < ?')
        .pluck()
        .get(S0 - 30 * 86_400),
      0,
    );
  });

  test('Clear Logs empties every table and recording goes on', () => {
    f.svc.reset();
    for (const t of ['rt_second', 'rt_minute', 'rt_hour', 'rt_day', 'en_minute_block', 'en_quarter', 'en_hour', 'en_day']) assert.equal(count(f.svc, t), 0, t);
    assert.equal(f.svc.range().realTimeMin, 0);
    f.run(65);
    assert.ok(count(f.svc, 'rt_second') >= 65);
    assert.equal(count(f.svc, 'rt_minute'), 1);
  });
});

describe('backfill', () => {
  let f: StoreFixture;
  before(async () => {
    f = await storeFixture({ start: T0 + 3 * 86_400_000 });
  });
  after(() => f.close());

  test('fills history in one pass, skips what exists, and meets the live energy registers', async () => {
    const o = { days: 0.05, energyDays: 1, now: f.clock.t, meter: f.meter, harmonics: registerHarmonics(f.meter), energy: f.energy };
    const first = await backfillTrends(f.svc, o);
    assert.equal(first.minutesWritten, 72);
    assert.equal(first.energyMinutesWritten, 1440);
    assert.equal(count(f.svc, 'rt_second'), 72 * 60);
    assert.equal(count(f.svc, 'rt_hour'), 2);
    const again = await backfillTrends(f.svc, o);
    assert.deepEqual(again, { minutesWritten: 0, minutesSkipped: 72, energyMinutesWritten: 0 });

    const now = Math.floor(f.clock.t / 1000);
    const live = f.energy.totals();
    const rows = f.svc.queryEnergy({ parameter: 'EP', start: now - 86_400, end: now, interval: '1hr' });
    const last = rows[rows.length - 1]!;
    assert.ok(Math.abs((last['Phase A'] as number) - live[0]!) < 1e-3, 'the history ends at today’s register');
    const diffs = energyDifferences(rows);
    assert.ok(diffs.every((r) => (r.System as number) >= 0));
    // Live recording continues from the backfilled registers.
    f.run(130);
    const after = energyDifferences(f.svc.queryEnergy({ parameter: 'EP', start: now - 120, end: now + 130, interval: '1min' }));
    assert.ok(
      after.every((r) => Number.isFinite(r['Phase A'] as number) && (r['Phase A'] as number) >= 0),
      JSON.stringify(after),
    );
  });

  test('a register walked back never goes below zero', async () => {
    f.energy.base = 0.01;
    await f.reopen();
    f.svc.reset();
    await backfillTrends(f.svc, { energyDays: 2, now: f.clock.t, meter: f.meter, harmonics: registerHarmonics(f.meter), energy: f.energy });
    const rows = f.svc.queryEnergy({ parameter: 'EP', start: Math.floor(f.clock.t / 1000) - 2 * 86_400, end: Math.floor(f.clock.t / 1000), interval: '1day' });
    assert.ok(rows.length >= 2);
    assert.ok(rows.every((r) => (r.System as number) >= 0 && (r['Phase A'] as number) >= 0));
    assert.equal(rows[0]!['Phase A'], 0);
  });

  test('the backfill command refuses a real meter source: it would invent history (issue 26)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'backfill-real-'));
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/module/src/backfill.ts', '--days', '1'], {
        cwd: fileURLToPath(new URL('../../../../..', import.meta.url)),
        env: { ...process.env, INIT_CWD: '', MODULE_DATA_DIR: dataDir, MODULE_METER: 'modbus-tcp://127.0.0.1:1?unit=1&profile=acurev2000' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /backfill writes the simulated meter's history: it does not run on a modbus-tcp meter source/);
      assert.ok(!existsSync(join(dataDir, 'trends.sqlite')) || statSync(join(dataDir, 'trends.sqlite')).size < 1_000_000, 'no history written');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
