/** Trend rules of 000 §9 and 001 §3, §4, §5, §9: pure functions the console and module share. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ENERGY_UNITS,
  LOG_INTERVAL,
  LOG_INTERVALS,
  LOG_TYPES,
  REALTIME_UNITS,
  TREND_PARAM_BITS,
  energyDifferences,
  exportTrendLogBody,
  formatFileSize,
  fromLocal,
  fullMask,
  isoWithOffset,
  keepOrDefaultInterval,
  logIntervalAllowed,
  m4Indices,
  m4Rows,
  parseTrendQuery,
  presetRange,
  rangeOfTypes,
  realtimeTrendParameters,
  realtimeTrendWindow,
  selectLogInterval,
  selectedLogTypes,
  startOfLocalDay,
  trendBitsOf,
  trendExportState,
  trendIntervalOptions,
  trendMaskOf,
  trendQuerySpec,
  zoneOffsetSeconds,
  type TrendRow,
} from '../../src/index.ts';

const NY = 'America/New_York';
const MIN = 60_000;
const DAY = 86_400_000;

describe('log intervals and selection (001 §4, §9)', () => {
  test('value: label list as the spec gives it', () => {
    assert.deepEqual(
      LOG_INTERVALS.map((x) => [x.value, x.label]),
      [
        [13, '1 second'],
        [11, '15 seconds'],
        [12, '1 minute'],
        [0, '5 minutes'],
        [2, '15 minutes'],
        [3, '30 minutes'],
        [4, '1 hour'],
        [7, '1 day'],
        [9, '7 days'],
        [10, '1 month'],
      ],
    );
  });

  test('energy, demand or power quality drop 1 s and 15 s; a chosen one moves to 1 minute', () => {
    for (const t of ['energy', 'demand', 'powerQuality'] as const) {
      for (const current of [LOG_INTERVAL.sec1, LOG_INTERVAL.sec15]) {
        const r = selectLogInterval(['realTime', t], current);
        assert.ok(!r.options.includes(13) && !r.options.includes(11), t);
        assert.equal(r.value, LOG_INTERVAL.min1);
      }
      assert.equal(selectLogInterval([t], LOG_INTERVAL.hour1).value, LOG_INTERVAL.hour1);
    }
  });

  test('real-time only: 1 s stays while chosen; otherwise it is not offered and the interval resets to 15 s', () => {
    const kept = selectLogInterval(['realTime'], LOG_INTERVAL.sec1);
    assert.equal(kept.value, 13);
    assert.ok(kept.options.includes(13));
    const reset = selectLogInterval(['realTime'], LOG_INTERVAL.hour1);
    assert.equal(reset.value, 11);
    assert.ok(!reset.options.includes(13) && reset.options.includes(11));
    assert.equal(selectLogInterval(['io'], LOG_INTERVAL.sec1).options.length, 10);
  });

  test('the server form of the rule', () => {
    assert.equal(logIntervalAllowed(['realTime'], 13), true);
    assert.equal(logIntervalAllowed(['realTime', 'energy'], 11), false);
    assert.equal(logIntervalAllowed(['energy'], 12), true);
    assert.equal(logIntervalAllowed(['energy'], 5), false);
  });
});

describe('parameter masks and log types (001 §3)', () => {
  test('log type values and bits', () => {
    assert.deepEqual(LOG_TYPES, { realTime: 0, energy: 1, demand: 2, powerQuality: 3, io: 4 });
    assert.deepEqual(
      TREND_PARAM_BITS.realTime.map((p) => p.bit),
      [1, 2, 4, 8, 16, 32, 64, 128, 256],
    );
    assert.equal(TREND_PARAM_BITS.powerQuality.find((p) => p.label === 'Voltage THD')?.bit, 4);
    assert.equal(fullMask('powerQuality'), 8191);
    assert.equal(fullMask('energy'), 7);
    assert.equal(fullMask('demand'), 15);
    assert.equal(fullMask('io'), 1);
  });
  test('masks from bits and back; selected types', () => {
    assert.equal(trendMaskOf([1, 4, 256]), 261);
    assert.deepEqual(trendBitsOf(261), [1, 4, 256]);
    assert.deepEqual(selectedLogTypes({ realTimeMask: 1, energyMask: 0, demandMask: 0, powerQualityMask: 4, ioMask: 0 }), ['realTime', 'powerQuality']);
  });
});

describe('trend intervals by span (000 §9, 001 §9)', () => {
  test('thresholds, options and defaults', () => {
    assert.deepEqual(trendIntervalOptions('realtime', 10 * MIN), { options: ['1sec', '15sec', '1min'], default: '1sec' });
    assert.deepEqual(trendIntervalOptions('realtime', 659_999, 'VTHD'), { options: ['1min'], default: '1min' });
    assert.deepEqual(trendIntervalOptions('energy', 10 * MIN), { options: ['1min'], default: '1min' });
    assert.deepEqual(trendIntervalOptions('realtime', 660_000), { options: ['1min'], default: '1min' });
    assert.deepEqual(trendIntervalOptions('realtime', 3_660_000), { options: ['15min', '1hr'], default: '1hr' });
    assert.deepEqual(trendIntervalOptions('energy', DAY), { options: ['15min', '1hr', '1day'], default: '1hr' });
    assert.deepEqual(trendIntervalOptions('energy', 7 * DAY), { options: ['1hr', '1day'], default: '1day' });
    assert.deepEqual(trendIntervalOptions('energy', 2_678_399_999), { options: ['1hr', '1day'], default: '1day' });
    assert.deepEqual(trendIntervalOptions('energy', 2_678_400_000), { options: ['1day', '1mon'], default: '1mon' });
  });
  test('a still-offered interval is kept, else the default', () => {
    assert.equal(keepOrDefaultInterval('realtime', DAY - 1, '15min'), '15min');
    assert.equal(keepOrDefaultInterval('realtime', DAY - 1, '1sec'), '1hr');
  });
  test('VLN is dropped in the two wiring cases of 001 §4', () => {
    assert.equal(realtimeTrendParameters(1, 3).default, 'VLL');
    assert.ok(!realtimeTrendParameters(0, 4).options.includes('VLN'));
    assert.equal(realtimeTrendParameters(1, 1).default, 'VLN');
    assert.equal(realtimeTrendParameters(1, 1).options.length, 8);
  });
  test('units (001 §9)', () => {
    assert.deepEqual(ENERGY_UNITS, { EP: 'kWh', EQ: 'kvarh', ES: 'kVAh' });
    assert.deepEqual(REALTIME_UNITS, { VLN: 'V', VLL: 'V', VTHD: 'V', I: 'A', P: 'kW', Q: 'kvar', S: 'kVA', PF: '' });
  });
});

describe('device time zone and presets (001 §9)', () => {
  // Sunday 2026-03-08 is the US spring-forward day: 02:00 EST → 03:00 EDT.
  const springNoon = Date.parse('2026-03-08T16:00:00Z');

  test('offsets, a DST gap and overlap, ISO stamps', () => {
    assert.equal(zoneOffsetSeconds(NY, Date.parse('2026-01-15T12:00:00Z') / 1000), -5 * 3600);
    assert.equal(zoneOffsetSeconds(NY, Date.parse('2026-07-15T12:00:00Z') / 1000), -4 * 3600);
    assert.equal(fromLocal(NY, 2026, 3, 8, 2, 30), Date.parse('2026-03-08T07:30:00Z') / 1000, 'gap: moved past it');
    assert.equal(fromLocal(NY, 2026, 11, 1, 1, 30), Date.parse('2026-11-01T05:30:00Z') / 1000, 'overlap: the earlier');
    assert.equal(isoWithOffset(NY, Date.parse('2026-03-01T13:00:00Z') / 1000), '2026-03-01T08:00:00-05:00');
    assert.equal(isoWithOffset('Asia/Kathmandu', 0), '1970-01-01T05:30:00+05:30');
    assert.equal(isoWithOffset(-150, 0), '1969-12-31T21:30:00-02:30');
    // A zone whose midnight is skipped: the day starts at 01:00 (Santiago, 2026-09-06).
    const santiago = startOfLocalDay('America/Santiago', Date.parse('2026-09-06T15:00:00Z') / 1000);
    assert.equal(isoWithOffset('America/Santiago', santiago), '2026-09-06T01:00:00-03:00');
  });

  test('offsets read by the day are the exact ones, across every DST change of a year, second by second at each change', () => {
    // The oracle reads the offset Intl names ("GMT-05:00"), not the wall clock the source reads.
    const names = new Map<string, Intl.DateTimeFormat>();
    const exact = (zone: string, t: number) => {
      const named = names.get(zone) ?? new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
      names.set(zone, named);
      const name = named.formatToParts(t * 1000).find((x) => x.type === 'timeZoneName')?.value ?? '';
      const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
      assert.ok(m, `offset name ${name}`);
      return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) : 0;
    };
    const from = Date.parse('2026-01-01T00:00:00Z') / 1000;
    // New York, Santiago (a skipped midnight), Lord Howe (a half-hour change), Chatham (+12:45).
    for (const zone of [NY, 'America/Santiago', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      let changes = 0;
      for (let t = from; t < from + 366 * 86_400; t += 37 * 60 + 13) {
        const next = t + 37 * 60 + 13;
        if (exact(zone, t) !== exact(zone, next)) {
          changes++;
          for (let u = t; u <= next; u++) assert.equal(zoneOffsetSeconds(zone, u), exact(zone, u), `${zone} at ${u}`);
        } else assert.equal(zoneOffsetSeconds(zone, t), exact(zone, t), `${zone} at ${t}`);
      }
      assert.equal(changes, 2, `${zone}: two changes in the year`);
    }
  });

  test('Today, Yesterday and This Month start at local midnights', () => {
    const now = springNoon / 1000;
    assert.deepEqual(presetRange('Today', springNoon, NY), { start: Date.parse('2026-03-08T05:00:00Z') / 1000, end: now });
    assert.deepEqual(presetRange('Yesterday', springNoon, NY), { start: Date.parse('2026-03-07T05:00:00Z') / 1000, end: Date.parse('2026-03-08T05:00:00Z') / 1000 - 1 });
    assert.deepEqual(presetRange('This Month', springNoon, NY), { start: Date.parse('2026-03-01T05:00:00Z') / 1000, end: now });
  });

  test('rolling presets and the previous calendar month and year', () => {
    const now = springNoon / 1000;
    assert.deepEqual(presetRange('Last 10 Minutes', springNoon, NY), { start: now - 600, end: now });
    assert.deepEqual(presetRange('Last 1 Hour', springNoon, NY), { start: now - 3600, end: now });
    assert.deepEqual(presetRange('Last 7 days', springNoon, NY), { start: now - 7 * 86400, end: now });
    assert.deepEqual(presetRange('Last 30 days', springNoon, NY), { start: now - 30 * 86400, end: now });
    assert.deepEqual(presetRange('Last Month', springNoon, NY), { start: Date.parse('2026-02-01T05:00:00Z') / 1000, end: Date.parse('2026-03-01T05:00:00Z') / 1000 - 1 });
    assert.deepEqual(presetRange('Last Year', springNoon, NY), { start: Date.parse('2025-01-01T05:00:00Z') / 1000, end: Date.parse('2026-01-01T05:00:00Z') / 1000 - 1 });
    assert.deepEqual(presetRange('Today', Date.parse('2026-03-01T13:00:00Z'), 120), { start: Date.parse('2026-02-28T22:00:00Z') / 1000, end: Date.parse('2026-03-01T13:00:00Z') / 1000 });
  });
});

describe('trend data transforms', () => {
  test('energy differences: consecutive rows, stamped with the later; -1 and missing cells dropped', () => {
    const rows: TrendRow[] = [
      { Timestamp: 0, 'Phase A': 10, System: 100.1, 'Phase B': -1 },
      { Timestamp: 60, 'Phase A': 10.5, System: 100.3, 'Phase B': 5 },
      { Timestamp: 120, 'Phase A': '-1', System: 100.6, 'Phase B': 7 },
    ];
    assert.deepEqual(energyDifferences(rows), [
      { Timestamp: 60, 'Phase A': 0.5, System: 0.2 },
      { Timestamp: 120, System: 0.3, 'Phase B': 2 },
    ]);
    assert.deepEqual(energyDifferences([]), []);
  });

  test('file size: B, KB above 1024, MB above 1048576, 2 decimals', () => {
    assert.equal(formatFileSize(0), '0.00 B');
    assert.equal(formatFileSize(1024), '1024.00 B');
    assert.equal(formatFileSize(1025), '1.00 KB');
    assert.equal(formatFileSize(1_048_576), '1024.00 KB');
    assert.equal(formatFileSize(1_048_577), '1.00 MB');
    assert.equal(formatFileSize(5.5 * 1_048_576), '5.50 MB');
  });

  test('M4 keeps first, last, min and max of each column: a one-point spike survives', () => {
    const n = 10_000;
    const times = Array.from({ length: n }, (_, i) => i);
    const values = times.map((i) => (i === 4321 ? 999 : i === 777 ? -50 : Math.sin(i / 100)));
    const kept = m4Indices(times, values, 100);
    assert.ok(kept.length <= 400);
    assert.ok(kept.includes(4321) && kept.includes(777) && kept.includes(0) && kept.includes(n - 1));
    assert.deepEqual(
      kept,
      [...kept].sort((a, b) => a - b),
    );
    assert.deepEqual(m4Indices([], [], 10), []);
  });

  test('M4 over rows keeps whole rows, each series its own extremes', () => {
    const rows: TrendRow[] = Array.from({ length: 1000 }, (_, i) => ({ Timestamp: i, 'Phase A': i === 500 ? 100 : 1, System: i === 200 ? -100 : 2 }));
    const kept = m4Rows(rows, ['Phase A', 'System'], 10);
    assert.ok(kept.length <= 80);
    assert.ok(kept.some((r) => r['Phase A'] === 100) && kept.some((r) => r.System === -100));
    assert.equal(m4Rows(rows.slice(0, 30), ['System'], 10).length, 30, 'few rows come back untouched');
  });

  test('export file state from a status reply (001 §4)', () => {
    assert.equal(trendExportState({ exportStat: false, exportFileName: '' }), 'none');
    assert.equal(trendExportState({ exportStat: 1, exportFileName: '' }), 'generating');
    assert.equal(trendExportState({ exportStat: 2, exportFileName: '' }), 'compressing');
    assert.equal(trendExportState({ exportStat: false, exportFileName: 'a.zip' }), 'ready');
  });
});

describe('chart query path and export body (001 §5, §7)', () => {
  test('parses {parameter}&{start}&{end}&{interval}', () => {
    assert.equal(trendQuerySpec('VLN', 100.7, 700, '1sec'), 'VLN&100&700&1sec');
    assert.deepEqual(parseTrendQuery('realtime', 'VLN&100&700&1sec'), { ok: true, value: { parameter: 'VLN', start: 100, end: 700, interval: '1sec' } });
    assert.equal(parseTrendQuery('energy', 'EP&0&86400&1day').ok, true);
  });
  test('the real-time window reaches the start of the local day 30 days back: This Month on a 31st answers', () => {
    const now = Date.parse('2026-03-31T23:00:00Z') / 1000;
    assert.deepEqual(realtimeTrendWindow('UTC', now), { min: Date.parse('2026-03-01T00:00:00Z') / 1000, max: now + 60 });
    assert.equal(presetRange('This Month', now * 1000, 'UTC').start, realtimeTrendWindow('UTC', now).min);
  });
  test('refuses with a message', () => {
    const msg = (kind: 'realtime' | 'energy', spec: string) => {
      const r = parseTrendQuery(kind as 'realtime', spec);
      return r.ok ? '' : r.message;
    };
    assert.match(msg('realtime', 'VLN&1&2'), /must be \{parameter\}/);
    assert.match(msg('realtime', 'EP&1&2&1min'), /Unknown parameter EP/);
    assert.match(msg('realtime', 'VLN&1700000000000&1700000000600&1sec'), /unix seconds/);
    assert.match(msg('realtime', 'VLN&-1&2&1sec'), /unix seconds/);
    assert.match(msg('realtime', 'VLN&5&5&1sec'), /Start time must be less than end time/);
    assert.match(msg('energy', 'EP&0&600&1sec'), /Unknown interval 1sec/);
    assert.match(msg('realtime', 'VLN&0&100000&1sec'), /Interval 1sec is not offered for this time frame: use 15min or 1hr or 1day/);
    assert.match(msg('realtime', 'VTHD&0&600&1sec'), /Interval 1sec is not offered for this time frame: use 1min/);
    assert.match(msg('energy', `EP&0&${86_401 * 86_400}&1day`), /more than 86400 points/);
  });

  const body = {
    realTimeMask: 1,
    energyMask: 0,
    demandMask: 0,
    powerQualityMask: 0,
    ioMask: 0,
    startTime: 100,
    endTime: 200,
    logInterval: 12,
    logParamType: null,
    isAvgValueOn: false,
    isInstValueOn: false,
    isMaxValueOn: false,
    isMinValueOn: false,
  };
  const errors = (b: object) => {
    const r = exportTrendLogBody.safeParse(b);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  test('export body: valid', () => assert.deepEqual(errors(body), {}));
  test('export body: at least one parameter, start before end, no short interval with energy', () => {
    assert.deepEqual(errors({ ...body, realTimeMask: 0 }), { logParamArray: 'Please select at lease one' });
    assert.deepEqual(errors({ ...body, startTime: 200 }), { startTime: 'Start time must be less than end time', endTime: 'End time must be greater than start time' });
    assert.deepEqual(errors({ ...body, energyMask: 1, logInterval: 13 }), { logInterval: '1 second and 15 seconds are not available for energy, demand or power quality logs' });
    assert.match(errors({ ...body, realTimeMask: 512 }).realTimeMask!, /unknown parameter bits/);
    assert.match(errors({ ...body, logInterval: 5 }).logInterval!, /Log Interval/);
    assert.ok(Object.values(errors({ ...body, extra: 1 })).some((m) => /Unknown field extra/.test(m)));
  });
  test('range of a selection: latest minimum to earliest maximum', () => {
    const range = { realTimeMin: 10, realTimeMax: 100, energyMin: 5, energyMax: 90, demandMin: 0, demandMax: 0, powerQualityMin: 10, powerQualityMax: 100, ioMin: 0, ioMax: 0 };
    assert.deepEqual(rangeOfTypes(range, ['realTime', 'energy']), { min: 10, max: 90 });
  });
});
