import { rmSync } from 'node:fs';
/** Module event log, meter event log and alarm log: queries, windows, clears, exports, permissions. */
import { METER_EVENT_RECORD_KEYS, logTexts, meterEventTexts } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { MINUTE, ROLE_USERS, T0, csvRows, type RoleName } from '../../logs-helpers.ts';

describe('module event log API', () => {
  let m: TestModule;
  const clock = { t: T0 };
  let tokens: Record<RoleName | 'admin', string>;
  const get = (url: string, token = tokens.admin) => m.call('GET', url, { token });

  before(async () => ({ m, tokens } = await startModuleWithUsers({ ...ROLE_USERS, now: () => clock.t })));
  after(() => m.close());

  test('the sign-in is logged; the first page is rows 0 to 10, newest first', async () => {
    const r = await get('/api/eventLog?idStart=0&idEnd=10');
    assert.equal(r.status, 200, r.raw);
    assert.ok(r.body.data.count > 5);
    assert.equal(r.body.data.eventLogs.length, 10);
    assert.deepEqual(Object.keys(r.body.data.eventLogs[0]), ['level', 'message', 'timestamp', 'user']);
    const all = await get(`/api/eventLog?idStart=0&idEnd=1000`);
    assert.ok(all.body.data.eventLogs.some((e: { message: string; level: string }) => e.message.startsWith('User admin signed in') && e.level === 'Info'));
  });

  test('windows, interval and level filters', async () => {
    // 25 entries a minute apart from T0+1h, levels cycling Critical, Error, Info.
    const levels = ['Critical', 'Error', 'Info'] as const;
    for (let i = 0; i < 25; i++) {
      clock.t = T0 + 60 * MINUTE + i * MINUTE;
      m.services.events.write(levels[i % 3]!, `entry ${i}`);
    }
    const from = (T0 + 60 * MINUTE) / 1000;
    const page = async (a: number, b: number) => (await get(`/api/eventLog?idStart=${a}&idEnd=${b}&timeStart=${from}`)).body.data;
    const p1 = await page(0, 10);
    assert.equal(p1.count, 25);
    assert.deepEqual(p1.eventLogs.map((e: { message: string }) => e.message).slice(0, 3), ['entry 24', 'entry 23', 'entry 22']);
    const p3 = await page(20, 30);
    assert.deepEqual(
      p3.eventLogs.map((e: { message: string }) => e.message),
      ['entry 4', 'entry 3', 'entry 2', 'entry 1', 'entry 0'],
    );
    assert.equal((await page(40, 80)).eventLogs.length, 0);

    const interval = (await get(`/api/eventLog?idStart=0&idEnd=80&timeStart=${from + 120}&timeEnd=${from + 300}`)).body.data;
    assert.deepEqual(
      interval.eventLogs.map((e: { message: string }) => e.message),
      ['entry 5', 'entry 4', 'entry 3', 'entry 2'],
    );
    assert.equal(interval.count, 4);

    const crit = (await get(`/api/eventLog?idStart=0&idEnd=80&timeStart=${from}&level=Critical,Error`)).body.data;
    assert.equal(crit.count, 17);
    assert.ok(crit.eventLogs.every((e: { level: string }) => e.level !== 'Info'));
    const info = (await get(`/api/eventLog?idStart=0&idEnd=80&timeStart=${from}&level=Info`)).body.data;
    assert.equal(info.count, 8);
    // Without a window the first page is answered.
    assert.equal((await get('/api/eventLog')).body.data.eventLogs.length, 10);
  });

  test('bad queries are refused with 400 and the reason', async () => {
    for (const q of ['idStart=10&idEnd=5', 'idStart=abc', 'idStart=0&idEnd=5000', 'timeStart=20&timeEnd=10', 'timeStart=-1', 'level=Warning', 'level=Info,debug']) {
      const r = await get(`/api/eventLog?${q}`);
      assert.equal(r.status, 400, q);
      assert.equal(typeof r.body.data.value, 'string', q);
    }
    assert.equal((await get('/api/eventLog?level=Warning')).body.data.value, logTexts.badLevel('Warning'));
  });

  test('the user filter: the entries of one user, by exact name; too long a name is refused', async () => {
    const mine = (await get('/api/eventLog?idStart=0&idEnd=1000&user=u_reader')).body.data;
    assert.ok(mine.count > 0);
    assert.ok(mine.eventLogs.every((e: { user: string }) => e.user === 'u_reader'));
    assert.ok(mine.eventLogs.some((e: { message: string }) => e.message.startsWith('User u_reader signed in')));
    // Not a prefix match: 'u_read' is nobody.
    assert.equal((await get('/api/eventLog?user=u_read')).body.data.count, 0);
    // The module's own entries carry no user; an empty filter is no filter.
    m.services.events.write('Info', 'module entry');
    assert.equal((await get('/api/eventLog?idStart=0&idEnd=1&user=')).body.data.eventLogs[0].user, '');
    const long = await get(`/api/eventLog?user=${'x'.repeat(33)}`);
    assert.equal(long.status, 400);
    assert.equal(long.body.data.value, logTexts.badUserFilter);
  });

  test('readable with readings, configuration or maintenance view; not without', async () => {
    for (const role of ['readonly', 'reader', 'config', 'maint'] as const) assert.equal((await get('/api/eventLog', tokens[role])).status, 200, role);
    assert.equal((await get('/api/eventLog', tokens.nothing)).status, 403);
  });

  test('export: a CSV in the device time zone, formula cells neutralised, token-protected, replaced by the next export', async () => {
    clock.t = T0 + 3 * 60 * MINUTE;
    for (const msg of ['=1+2', '+SUM(A1)', '-2+3', '@cmd', 'say "hi", then go']) m.services.events.write('Error', msg);
    const r = await m.call('PATCH', '/api/eventLog/export', { token: tokens.config, body: { action: 'export' } });
    assert.equal(r.status, 200, r.raw);
    const filePath: string = r.body.data.filePath;
    assert.match(filePath, /^\/api\/eventLog\/export\/module_event_log_20260301_060000\.csv$/);

    assert.equal((await m.call('GET', filePath)).status, 401, 'no token, no file');
    const file = await m.call('GET', filePath, { token: tokens.readonly });
    assert.equal(file.status, 200);
    assert.match(String(file.headers['content-type']), /^text\/csv/);
    assert.match(String(file.headers['content-disposition']), /attachment; filename="module_event_log_20260301_060000\.csv"/);
    const rows = csvRows(file.raw);
    assert.equal(rows[0], 'Timestamp,Level,User,Message');
    assert.match(rows[1]!, /^2026-03-01T0[0-9]:\d\d:\d\d-05:00,Info,/);
    const tail = rows.slice(-5);
    assert.deepEqual(tail, [
      "2026-03-01T06:00:00-05:00,Error,,'=1+2",
      "2026-03-01T06:00:00-05:00,Error,,'+SUM(A1)",
      "2026-03-01T06:00:00-05:00,Error,,'-2+3",
      "2026-03-01T06:00:00-05:00,Error,,'@cmd",
      '2026-03-01T06:00:00-05:00,Error,,"say ""hi"", then go"',
    ]);

    // Another zone, another offset; the previous file is gone.
    m.services.device.updateState({ timeZone: 'Asia/Kolkata' });
    clock.t += 1000;
    const again = await m.call('PATCH', '/api/eventLog/export', { token: tokens.admin, body: { action: 'export' } });
    const second = await get(again.body.data.filePath);
    assert.equal(second.status, 200);
    assert.match(csvRows(second.raw).at(-1)!, /^2026-03-01T16:30:00\+05:30,Error,/);
    assert.equal((await get(filePath)).status, 404);
    m.services.device.updateState({ timeZone: 'America/New_York' });

    for (const bad of ['..%2Fmodule.sqlite', '%2Fetc%2Fpasswd']) {
      assert.equal((await get(`/api/eventLog/export/${bad}`)).status, 400, bad);
    }
    assert.equal((await get('/api/eventLog/export/module_event_log_20990101_000000.csv')).status, 404);
    assert.equal((await m.call('PATCH', '/api/eventLog/export', { token: tokens.admin, body: { action: 'zip' } })).status, 400);
    assert.equal((await m.call('PATCH', '/api/eventLog/export', { token: tokens.nothing, body: { action: 'export' } })).status, 403);
  });

  test('clear needs maintenance edit and leaves one entry saying who cleared', async () => {
    for (const role of ['reader', 'readonly', 'config'] as const) {
      assert.equal((await m.call('PATCH', '/api/eventLog/clear', { token: tokens[role], body: { value: 1 } })).status, 403, role);
    }
    assert.equal((await m.call('PATCH', '/api/eventLog/clear', { token: tokens.admin, body: {} })).status, 400);
    const r = await m.call('PATCH', '/api/eventLog/clear', { token: tokens.maint, body: { value: 1 } });
    assert.deepEqual(r.body, { data: { value: 'Success' } });
    const after = (await get('/api/eventLog?idStart=0&idEnd=80')).body.data;
    assert.equal(after.count, 1);
    assert.deepEqual(after.eventLogs[0], { level: 'Info', message: 'Module event log cleared by u_maint', timestamp: Math.floor(clock.t / 1000), user: 'u_maint' });
  });
});

describe('meter event log and alarm log API', () => {
  let m: TestModule;
  const clock = { t: T0 };
  let tokens: Record<RoleName | 'admin', string>;
  const get = (url: string, token = tokens.admin) => m.call('GET', url, { token });

  before(async () => ({ m, tokens } = await startModuleWithUsers({ ...ROLE_USERS, now: () => clock.t })));
  after(() => m.close());

  test('a new data folder starts with one restart event', async () => {
    const r = await get('/api/readings/systemEvent');
    assert.equal(r.status, 200, r.raw);
    assert.deepEqual(r.body.data, [{ Event: meterEventTexts.restart, Timestamp: T0 / 1000 }]);
    assert.deepEqual(Object.keys(r.body.data[0]), [...METER_EVENT_RECORD_KEYS]);
  });

  test('events others write come newest first; unknown keys are refused', async () => {
    m.services.meterEvents.write('resetEnergy', T0 + MINUTE);
    m.services.meterEvents.write('modifySysParam', T0 + 2 * MINUTE);
    const list = (await get('/api/readings/systemEvent')).body.data;
    assert.deepEqual(
      list.map((e: { Event: string }) => e.Event),
      [meterEventTexts.modifySysParam, meterEventTexts.resetEnergy, meterEventTexts.restart],
    );
    assert.throws(() => m.services.meterEvents.write('explode' as never, T0));
  });

  test('with a window the reply carries the count', async () => {
    const r = (await get('/api/readings/systemEvent?idStart=0&idEnd=1')).body.data;
    assert.deepEqual(r, { count: 3, eventLogs: [{ Event: meterEventTexts.modifySysParam, Timestamp: (T0 + 2 * MINUTE) / 1000 }] });
    const since = (await get(`/api/readings/systemEvent?idStart=0&idEnd=10&timeStart=${(T0 + MINUTE) / 1000}`)).body.data;
    assert.equal(since.count, 2);
    assert.equal((await get('/api/readings/systemEvent?idStart=3&idEnd=1')).status, 400);
  });

  test('a step of the meter clock is recorded as a restart; a clock set on purpose is not', async () => {
    const { ticker } = m.services;
    const before = (await get('/api/readings/systemEvent')).body.data.length;
    ticker.tickAt(T0 + 10 * MINUTE);
    ticker.tickAt(T0 + 10 * MINUTE + 1000);
    assert.equal((await get('/api/readings/systemEvent')).body.data.length, before, 'one second later is no step');
    ticker.tickAt(T0 + 70 * MINUTE);
    const list = (await get('/api/readings/systemEvent')).body.data;
    assert.equal(list.length, before + 1);
    assert.deepEqual(list[0], { Event: meterEventTexts.restart, Timestamp: (T0 + 70 * MINUTE) / 1000 });
    m.services.meterEvents.write('setClk', T0 + 200 * MINUTE);
    ticker.tickAt(T0 + 200 * MINUTE);
    assert.equal((await get('/api/readings/systemEvent')).body.data[0].Event, meterEventTexts.setClk);
  });

  test('readings or maintenance view reads it (the maintenance page); others are refused', async () => {
    for (const role of ['readonly', 'maint'] as const) assert.equal((await get('/api/readings/systemEvent', tokens[role])).status, 200, role);
    for (const role of ['config', 'nothing'] as const) assert.equal((await get('/api/readings/systemEvent', tokens[role])).status, 403, role);
  });

  test('export: Timestamp and Event with the device offset', async () => {
    const r = await m.call('PATCH', '/api/log/eventLog/export', { token: tokens.readonly, body: { action: 'export' } });
    assert.equal(r.status, 200, r.raw);
    assert.match(r.body.data.filePath, /^\/api\/log\/eventLog\/export\/meter_event_log_\d{8}_\d{6}\.csv$/);
    const rows = csvRows((await get(r.body.data.filePath, tokens.readonly)).raw);
    assert.equal(rows[0], 'Timestamp,Event');
    assert.equal(rows[1], `2026-03-01T03:00:00-05:00,${meterEventTexts.restart}`);
    assert.equal((await get(r.body.data.filePath, tokens.config)).status, 403);
  });

  test('clear needs maintenance edit and is written to the module event log', async () => {
    assert.equal((await m.call('PATCH', '/api/log/event/delete', { token: tokens.reader, body: { value: 1 } })).status, 403);
    const r = await m.call('PATCH', '/api/log/event/delete', { token: tokens.admin, body: { value: 1 } });
    assert.equal(r.status, 200, r.raw);
    assert.deepEqual((await get('/api/readings/systemEvent')).body.data, []);
    const audit = (await get('/api/eventLog?idStart=0&idEnd=1')).body.data.eventLogs[0];
    assert.equal(audit.message, 'Meter event log cleared by admin');
  });

  test('alarm log: empty until alarms exist, then records newest first with Timestamp last', async () => {
    assert.deepEqual((await get('/api/readings/alarm')).body.data, []);
    m.services.alarms.record({ alarmId: 2, parameter: 'Phase A Voltage', condition: '>', setPoint: 130, value: 131.2, status: 'Triggered', atMs: T0 + MINUTE });
    m.services.alarms.record({ alarmId: 2, parameter: 'Phase A Voltage', condition: '>', setPoint: 130, value: 128.9, status: 'Recovered', atMs: T0 + 2 * MINUTE });
    const list = (await get('/api/readings/alarm', tokens.readonly)).body.data;
    assert.deepEqual(
      list.map((a: { Status: string }) => a.Status),
      ['Recovered', 'Triggered'],
    );
    assert.deepEqual(Object.keys(list[0]).at(-1), 'Timestamp');
    assert.deepEqual(list[1], { Alarm: 2, Parameter: 'Phase A Voltage', Condition: '>', Setpoint: 130, Value: 131.2, Status: 'Triggered', Timestamp: (T0 + MINUTE) / 1000 });
    assert.equal((await get('/api/readings/alarm', tokens.config)).status, 403);
    assert.throws(() => m.services.alarms.record({ alarmId: 11, parameter: 'x', condition: '>', setPoint: 1, value: 2, status: 'Triggered', atMs: T0 }));
  });

  test('logs survive a restart; the first-start restart is not written again', async () => {
    m.services.meterEvents.write('resetDiPulseCounter', T0 + 300 * MINUTE);
    await m.app.close();
    const { m: again, admin: t } = await startModuleWithUsers({ dataDir: m.dataDir, now: () => clock.t });
    try {
      const events = (await again.call('GET', '/api/readings/systemEvent', { token: t })).body.data;
      assert.deepEqual(events, [{ Event: meterEventTexts.resetDiPulseCounter, Timestamp: (T0 + 300 * MINUTE) / 1000 }]);
      assert.equal((await again.call('GET', '/api/readings/alarm', { token: t })).body.data.length, 2);
      const mod = (await again.call('GET', '/api/eventLog?idStart=0&idEnd=1000', { token: t })).body.data.eventLogs;
      assert.ok(mod.some((e: { message: string }) => e.message === 'Meter event log cleared by admin'));
    } finally {
      await again.close(true);
      // The first module is closed already; its folder goes now.
      rmSync(m.dataDir, { recursive: true, force: true });
      m.close = async () => {};
    }
  });
});
