/** Trend calls of 001 §7 through the HTTP layer: every call, bad path parameters, permissions. */
import { endpointUrl, endpoints, trendExportStatus, trendLogRange, trendQuerySpec, trendRows } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestModule, type TestModule } from './helper.ts';
import { addRole, addUser, USER_PASSWORD } from './users-helpers.ts';

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
    m = await createTestModule({ now: () => clock.t });
    // Ten minutes and a bit of live recording.
    for (let i = 0; i < 660; i++, clock.t += 1000) m.services.ticker.tickAt(clock.t);
    admin = await m.login();
    await addRole(m, admin, 'readonly', 1, 2, 2, 2);
    await addRole(m, admin, 'setup', 2, 0, 0, 2);
    await addUser(m, admin, 'ro', { accessLevel: 'readonly', overridePwdPolicy: true });
    await addUser(m, admin, 'setup', { accessLevel: 'setup', overridePwdPolicy: true });
    viewer = await m.login('ro', USER_PASSWORD);
    outsider = await m.login('setup', USER_PASSWORD);
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

  test('every realtime parameter and interval answers; points and stat apply', async () => {
    for (const p of ['VLN', 'VLL', 'I', 'P', 'Q', 'S', 'PF', 'VTHD']) {
      for (const i of ['1sec', '15sec', '1min', '15min', '1hr', '1day', '1mon'] as const) {
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
    for (const p of ['EP', 'EQ', 'ES']) {
      for (const i of ['1min', '15min', '1hr', '1day', '1mon']) {
        const r = await get(`/api/trendlog/energy/${p}&${S0}&${S0 + 600}&${i}`);
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

  test('a malformed path parameter or query is a 400 with a message, never a 500', async () => {
    const cases: [string, RegExp][] = [
      ['/api/trendlog/realTime/VLN', /must be \{parameter\}/],
      [`/api/trendlog/realTime/XYZ&${S0}&${S0 + 60}&1sec`, /Unknown parameter XYZ/],
      [`/api/trendlog/realTime/VLN&${T0}&${T0 + 60000}&1sec`, /unix seconds/],
      [`/api/trendlog/realTime/VLN&abc&${S0}&1sec`, /Start time must be a time in unix seconds/],
      [`/api/trendlog/realTime/VLN&${S0 + 60}&${S0}&1sec`, /less than end time/],
      [`/api/trendlog/realTime/VLN&${S0}&${S0 + 60}&2min`, /Unknown interval 2min/],
      [`/api/trendlog/realTime/VLN&${S0 - 30 * 86400}&${S0}&1sec`, /more than 86400 points/],
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
