/** Trend calls of 001 §7 through the HTTP layer: every call, bad path parameters, permissions. */
import { endpointUrl, endpoints, trendExportStatus, trendLogRange, trendQuerySpec, trendRows } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';

/** 2026-03-01 08:00 EST. */
const T0 = Date.parse('2026-03-01T13:00:00Z');
const S0 = T0 / 1000;

describe('trend API', () => {
  let m: TestModule;
  const clock = { t: T0 };
  let admin: string;
  let viewer: string;
  let outsider: string;

  before(async () => {
    const s = await startModuleWithUsers({
      now: () => clock.t,
      // Ten minutes and a bit of live recording.
      beforeSignIn: (m) => {
        for (let i = 0; i < 660; i++, clock.t += 1000) m.services.ticker.tickAt(clock.t);
      },
      roles: { readonly: [1, 2, 2, 2], setup: [2, 0, 0, 2] },
      users: [
        { name: 'ro', accessLevel: 'readonly', overridePwdPolicy: true },
        { name: 'setup', accessLevel: 'setup', overridePwdPolicy: true },
      ],
    });
    [m, admin, viewer, outsider] = [s.m, s.admin, s.tokens.ro, s.tokens.setup];
  });
  after(() => m.close());

  const get = (url: string, token = admin) => m.call('GET', url, { token });
  const rt = (spec: string, q = '') => get(`/api/trendlog/realTime/${spec}${q}`);

  test('realtime rows at 1 s, with the spec’s literal & or percent-encoded, and a Server-Timing header', async () => {
    const r = await rt(trendQuerySpec('VLN', S0, S0 + 599, '1sec'));
    assert.equal(r.status, 200, r.raw);
    const rows = trendRows.parse(r.body.data);
    assert.equal(rows.length, 600);
    assert.deepEqual(Object.keys(rows[0]!), ['Timestamp', 'Phase A', 'Phase B', 'Phase C', 'System']);
    assert.equal(rows[0]!.Timestamp, S0);
    assert.ok((rows[0]!['Phase A'] as number) > 100);
    assert.match(String(r.headers['server-timing']), /^db;dur=\d+\.\d+$/);
    const encoded = await get(endpointUrl(endpoints.realtimeTrend.path, { spec: trendQuerySpec('VLN', S0, S0 + 599, '1sec') }));
    assert.deepEqual(encoded.body, r.body);
  });

  test('every realtime parameter answers at each interval of a 10-minute frame; points and stat apply', async () => {
    for (const p of ['VLN', 'VLL', 'I', 'P', 'Q', 'S', 'PF', 'VTHD']) {
      for (const i of p === 'VTHD' ? (['1min'] as const) : (['1sec', '15sec', '1min'] as const)) {
        const r = await rt(trendQuerySpec(p, S0, S0 + 600, i));
        assert.equal(r.status, 200, `${p} ${i} ${r.raw}`);
        assert.ok(r.body.data.length >= 1, `${p} ${i}`);
      }
    }
    const capped = await rt(trendQuerySpec('P', S0, S0 + 600, '1sec'), '?points=20');
    assert.ok(capped.body.data.length <= 20 * 16 && capped.body.data.length < 601);
    const max = await rt(trendQuerySpec('I', S0, S0 + 60, '1min'), '?stat=max');
    const avg = await rt(trendQuerySpec('I', S0, S0 + 60, '1min'));
    assert.ok(max.body.data[0]['Phase A'] >= avg.body.data[0]['Phase A']);
  });

  test('energy rows: EP, EQ, ES at every interval, cumulative, with the channel columns', async () => {
    // A frame each interval is offered for (001 §9), ending at the recorded ten minutes.
    const spans = { '1min': 600, '15min': 3660, '1hr': 3660, '1day': 86_400, '1mon': 2_678_400 };
    for (const p of ['EP', 'EQ', 'ES']) {
      for (const [i, span] of Object.entries(spans)) {
        const r = await get(`/api/trendlog/energy/${p}&${S0 + 600 - span}&${S0 + 600}&${i}`);
        assert.equal(r.status, 200, `${p} ${i} ${r.raw}`);
        trendRows.parse(r.body.data);
      }
    }
    const r = await get(`/api/trendlog/energy/EP&${S0}&${S0 + 600}&1min`);
    const rows = r.body.data;
    assert.equal(rows.length, 10, 'minutes 08:00 to 08:09 closed (08:10 is in progress)');
    assert.ok(Object.keys(rows[0]).includes('Input Channel 18'));
    assert.ok(rows[9].System >= rows[0].System, 'registers only grow');
    // Running totals are never thinned: a thinned reply would merge buckets in the differences.
    const capped = await get(`/api/trendlog/energy/EP&${S0}&${S0 + 600}&1min?points=1`);
    assert.equal(capped.status, 200);
    assert.deepEqual(capped.body.data, rows);
  });

  test('chart queries run off the event loop: a Basic Metering poll sent after a chart call answers first', async () => {
    const order: string[] = [];
    const chart = rt(trendQuerySpec('P', S0 + 660 - 6 * 86_400, S0 + 660, '15min')).then((r) => (order.push('chart'), r));
    const poll = get('/api/readings/realtime/system').then((r) => (order.push('poll'), r));
    const [c, p] = await Promise.all([chart, poll]);
    assert.equal(c.status, 200, c.raw);
    assert.equal(p.status, 200, p.raw);
    assert.deepEqual(order, ['poll', 'chart']);
  });

  test('a malformed path parameter or query is a 400 with a message, never a 500', async () => {
    const cases: [string, RegExp][] = [
      ['/api/trendlog/realTime/VLN', /must be \{parameter\}/],
      [`/api/trendlog/realTime/XYZ&${S0}&${S0 + 60}&1sec`, /Unknown parameter XYZ/],
      [`/api/trendlog/realTime/VLN&${T0}&${T0 + 60000}&1sec`, /unix seconds/],
      [`/api/trendlog/realTime/VLN&abc&${S0}&1sec`, /Start time must be a time in unix seconds/],
      [`/api/trendlog/realTime/VLN&${S0 + 60}&${S0}&1sec`, /less than end time/],
      [`/api/trendlog/realTime/VLN&${S0}&${S0 + 60}&2min`, /Unknown interval 2min/],
      [`/api/trendlog/realTime/VLN&${S0 - 30 * 86400}&${S0}&1sec`, /Interval 1sec is not offered for this time frame: use 1hr or 1day/],
      [`/api/trendlog/energy/EP&1&${1 + 86_401 * 86_400}&1day`, /more than 86400 points/],
      [`/api/trendlog/realTime/VLN&${S0 - 31 * 86400}&${S0 - 30 * 86400}&1hr`, /Start time must not be before \d+: real-time trends keep 30 days/],
      [`/api/trendlog/realTime/VLN&${S0 + 3600}&${S0 + 3600 + 600}&1sec`, /End time must not be after the device time/],
      [`/api/trendlog/realTime/VLN&${S0}&${S0 + 60}&1sec?points=0`, /points must be/],
      [`/api/trendlog/realTime/VLN&${S0}&${S0 + 60}&1sec?stat=median`, /stat must be/],
      [`/api/trendlog/energy/VLN&${S0}&${S0 + 60}&1min`, /Unknown parameter VLN/],
      [`/api/trendlog/energy/EP&${S0}&${S0 + 60}&15sec`, /Unknown interval 15sec/],
      [`/api/trendlog/energy/EP&${S0}&${S0 + 60}&1min&extra`, /must be \{parameter\}/],
      ['/api/trendlog/energy/%E0%A4%A', /./],
    ];
    for (const [url, message] of cases) {
      const r = await get(url);
      assert.equal(r.status, 400, `${url}: ${r.status} ${r.raw}`);
      assert.match(r.body.data.value, message, url);
    }
  });

  // 001 §9 by frame length (seconds, both ends inclusive), written out here rather than taken
  // from the contract: under 11 min 1 s (the module's), 15 s, 1 min (VTHD and energy: 1 min);
  // under 61 min 1 min; under a day 15 min, 1 h; under a week also 1 day; under 31 days 1 h,
  // 1 day; longer 1 day, 1 month.
  const bands: { spans: number[]; realtime: string[]; vthd: string[]; energy: string[] }[] = [
    { spans: [1, 600, 659], realtime: ['1sec', '15sec', '1min'], vthd: ['1min'], energy: ['1min'] },
    { spans: [660, 3659], realtime: ['1min'], vthd: ['1min'], energy: ['1min'] },
    { spans: [3660, 86_399], realtime: ['15min', '1hr'], vthd: ['15min', '1hr'], energy: ['15min', '1hr'] },
    { spans: [86_400, 604_799], realtime: ['15min', '1hr', '1day'], vthd: ['15min', '1hr', '1day'], energy: ['15min', '1hr', '1day'] },
    { spans: [604_800, 30 * 86_400, 2_678_399], realtime: ['1hr', '1day'], vthd: ['1hr', '1day'], energy: ['1hr', '1day'] },
    { spans: [2_678_400, 366 * 86_400], realtime: ['1day', '1mon'], vthd: ['1day', '1mon'], energy: ['1day', '1mon'] },
  ];
  const REALTIME_INTERVALS = ['1sec', '15sec', '1min', '15min', '1hr', '1day', '1mon'];
  const ENERGY_INTERVALS = ['1min', '15min', '1hr', '1day', '1mon'];

  test('every frame × interval pair: the offered ones answer, the rest are a 400 naming the offered ones', async () => {
    const end = S0 + 600;
    // Real-time frames reach back at most to the start of the local day 30 days ago.
    const windowMin = Date.parse('2026-01-30T05:00:00Z') / 1000;
    let checked = 0;
    for (const band of bands) {
      for (const span of band.spans) {
        const cases = [
          { kind: 'realTime', parameter: 'VLN', intervals: REALTIME_INTERVALS, allowed: band.realtime },
          { kind: 'realTime', parameter: 'VTHD', intervals: REALTIME_INTERVALS, allowed: band.vthd },
          { kind: 'energy', parameter: 'EP', intervals: ENERGY_INTERVALS, allowed: band.energy },
        ];
        for (const c of cases) {
          if (c.kind === 'realTime' && end - span < windowMin) continue;
          for (const i of c.intervals) {
            const url = `/api/trendlog/${c.kind}/${c.parameter}&${end - span}&${end}&${i}`;
            const r = await get(url);
            checked++;
            if (c.allowed.includes(i)) {
              assert.equal(r.status, 200, `${url}: ${r.raw}`);
            } else {
              assert.equal(r.status, 400, `${url}: ${r.raw}`);
              assert.equal(r.body.data.value, `Interval ${i} is not offered for this time frame: use ${c.allowed.join(' or ')}`, url);
              assert.deepEqual(r.body.data.errors, { spec: r.body.data.value });
            }
          }
        }
      }
    }
    assert.ok(checked > 200, `${checked} pairs`);
  });

  test('the real-time window: 30 days back to the start of that local day, up to the device time (a minute of slack)', async () => {
    const now = S0 + 660;
    const windowMin = Date.parse('2026-01-30T05:00:00Z') / 1000;
    const first = await rt(trendQuerySpec('P', windowMin, now, '1day'));
    assert.equal(first.status, 200, first.raw);
    const early = await rt(trendQuerySpec('P', windowMin - 1, now, '1day'));
    assert.equal(early.status, 400);
    assert.deepEqual(early.body.data, { value: `Start time must not be before ${windowMin}: real-time trends keep 30 days`, errors: { spec: early.body.data.value } });
    assert.equal((await rt(trendQuerySpec('P', now - 599, now + 60, '1sec'))).status, 200);
    const late = await rt(trendQuerySpec('P', now - 598, now + 61, '1sec'));
    assert.equal(late.status, 400);
    assert.equal(late.body.data.value, `End time must not be after the device time (${now})`);
    // Energy has no lower limit: its store keeps years.
    assert.equal((await get(`/api/trendlog/energy/EP&${windowMin - 86_400 * 400}&${now}&1mon`)).status, 200);
  });

  test('getLogMaxMin: range pairs snapped to local days', async () => {
    const r = await get('/api/command/trendlog/getLogMaxMin');
    const range = trendLogRange.parse(r.body.data);
    assert.equal(range.realTimeMin, Date.parse('2026-03-01T05:00:00Z') / 1000);
    assert.equal(range.realTimeMax, Date.parse('2026-03-02T05:00:00Z') / 1000 - 1);
    assert.equal(range.demandMin, 0);
  });

  test('export calls: status, start, cancel, delete, download name checks', async () => {
    const idle = trendExportStatus.parse((await get('/api/command/trendlog/getLogExportStat')).body.data);
    assert.deepEqual(idle, { exportStat: false, exportFileName: '', currentTimeStamp: 0, startTimeStamp: 0, endTimeStamp: 0, filesize: 0 });
    const body = {
      realTimeMask: 1,
      energyMask: 1,
      demandMask: 0,
      powerQualityMask: 4,
      ioMask: 0,
      startTime: S0,
      endTime: S0 + 600,
      logInterval: 12,
      logParamType: null,
      isAvgValueOn: false,
      isInstValueOn: false,
      isMaxValueOn: false,
      isMinValueOn: false,
    };
    const started = await m.call('PATCH', '/api/command/trendlog/exportLog', { token: viewer, body });
    assert.deepEqual(started.body, { data: { value: 'Success' } });
    assert.equal((await get('/api/command/trendlog/getLogExportStat')).body.data.exportStat, 1);
    assert.deepEqual((await m.call('PATCH', '/api/command/trendlog/cancelExportLog', { token: viewer, body: { value: 1 } })).body, { data: { value: 'Success' } });
    assert.deepEqual((await m.call('PATCH', '/api/command/trendlog/cancelExportLog', { token: viewer, body: { value: 1 } })).body, {
      data: { value: 'No trend log file is being generated' },
    });
    assert.deepEqual((await m.call('PATCH', '/api/command/trendlog/deleteExportLog', { token: viewer, body: { value: 1 } })).body, { data: { value: 'Success' } });
    assert.equal((await m.call('PATCH', '/api/command/trendlog/deleteExportLog', { token: viewer, body: {} })).status, 400);
    assert.equal((await get('/api/exportLog/TrendLog_none.zip', viewer)).status, 404);
    assert.equal((await get('/api/exportLog/..%2Fmodule.sqlite', viewer)).status, 400);
    assert.equal((await get('/api/exportLog/.hidden', viewer)).status, 400);

    const outOfRange = await m.call('PATCH', '/api/command/trendlog/exportLog', { token: admin, body: { ...body, startTime: S0 - 3 * 86400 } });
    assert.equal(outOfRange.status, 400);
    assert.match(outOfRange.body.data.value, /within the range/);
    const demand = await m.call('PATCH', '/api/command/trendlog/exportLog', { token: admin, body: { ...body, demandMask: 1 } });
    assert.equal(demand.status, 400);
    assert.match(demand.body.data.value, /Active Power Demand is not recorded/);
    const none = await m.call('PATCH', '/api/command/trendlog/exportLog', { token: admin, body: { ...body, realTimeMask: 0, energyMask: 0, powerQualityMask: 0 } });
    assert.deepEqual(none.body.data.errors, { logParamArray: 'Please select at lease one' });
  });

  test('permissions: readings view reads and exports; only maintenance edit clears; no readings, no trends', async () => {
    const spec = trendQuerySpec('VLN', S0, S0 + 60, '1sec');
    assert.equal((await rt(spec)).status, 200);
    assert.equal((await get(`/api/trendlog/realTime/${spec}`, viewer)).status, 200);
    assert.equal((await m.call('PATCH', '/api/command/trendlog/resetLogDB', { token: viewer, body: { value: 1 } })).status, 403);
    for (const [method, url] of [
      ['GET', `/api/trendlog/realTime/${spec}`],
      ['GET', `/api/trendlog/energy/EP&${S0}&${S0 + 60}&1min`],
      ['GET', '/api/command/trendlog/getLogMaxMin'],
      ['GET', '/api/command/trendlog/getLogExportStat'],
      ['PATCH', '/api/command/trendlog/exportLog'],
      ['PATCH', '/api/command/trendlog/cancelExportLog'],
      ['PATCH', '/api/command/trendlog/deleteExportLog'],
      ['GET', '/api/exportLog/x.zip'],
    ] as const) {
      assert.equal((await m.call(method, url, { token: outsider, body: method === 'PATCH' ? { value: 1 } : undefined })).status, 403, url);
    }
    // The setup role has maintenance edit but no readings: it may clear (Emergency Mode does).
    const cleared = await m.call('PATCH', '/api/command/trendlog/resetLogDB', { token: outsider, body: { value: 1 } });
    assert.deepEqual(cleared.body, { data: { value: 'Success' } });
    assert.deepEqual((await rt(spec)).body.data, []);
    assert.equal((await get('/api/command/trendlog/getLogMaxMin')).body.data.realTimeMin, 0);
  });
});
