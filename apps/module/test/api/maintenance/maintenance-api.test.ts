/** Settings › Management (002 §2.11, §2.12, §6, §7.5): resets with the seal, factory reset, system log, diagnostic file. */
import { ALARM_STATUSES, CLEAR_DEVICE_RUN_TIME, DEBUG_SUBSYSTEMS, syslogConfigAll } from '@meter/contract';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { RegisterSet } from '../../../src/meter/reading-source.ts';
import { SYSTEM_SLOT } from '../../../src/meter/registers/sampling.ts';
import { ADMIN_PASSWORD, createTestModule, startModuleWithUsers, type TestModule } from '../../helper.ts';
import { save } from '../../meter-settings-helpers.ts';
import { addRole, addUser, eventLog, setPolicy, USER_PASSWORD } from '../../users-helpers.ts';

const reset = (m: TestModule, token: string, readingName: string) => m.call('PATCH', '/api/command/resetReadings', { token, body: { readingName } });

describe('management: reading resets and the seal', () => {
  let m: TestModule;
  let admin: string;
  before(async () => {
    ({ m, admin } = await startModuleWithUsers());
    // Registers with history, peaks and counts to reset.
    const t0 = m.services.registers.time;
    for (let s = 1; s <= 3; s++) m.services.ticker.tickAt(t0 + s * 1000);
  });
  after(() => m.close());
  beforeEach(() => m.services.device.updateState({ sealStatus: 0 }));

  test('reset energy: every register of every set reads zero, then counts up again; the meter event log records it', async () => {
    const slots = () => Object.values((m.services.registers as unknown as { energy: { sets: Record<string, RegisterSet> } }).energy.sets);
    assert.ok(
      slots().some((s) => s.importActive > 0),
      'the seeded history has energy',
    );
    const r = await reset(m, admin, 'energy');
    assert.equal(r.status, 200, r.raw);
    assert.deepEqual(r.body, { data: { value: 'Success' } });
    const api = await m.call('GET', '/api/readings/energy/system', { token: admin });
    assert.equal(api.status, 200);
    const numbers = JSON.stringify(api.body.data).match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? [];
    assert.ok(numbers.length > 0);
    for (const set of slots()) {
      assert.equal(set.importActive + set.exportActive + set.importReactive + set.exportReactive + set.apparent, 0);
    }
    const t = m.services.registers.time;
    m.services.ticker.tickAt(t + 60_000);
    assert.ok(
      slots().some((s) => s.importActive > 0),
      'counts up again',
    );
    const events = m.services.ctx.db.prepare("SELECT event FROM meter_event_log WHERE event = 'resetEnergy'").all();
    assert.equal(events.length, 1);
    assert.ok(eventLog(m).some((e) => e.message === 'Energy reset by admin'));
  });

  test('reset demand clears every peak; reset alarm record empties the alarm log', async () => {
    const peaks = () => Object.values((m.services.registers as unknown as { demand: { tracks: Record<string, { peak: number[] }> } }).demand.tracks).flatMap((t) => t.peak);
    assert.ok(
      peaks().some((p) => p !== 0),
      'seeded peaks',
    );
    assert.equal((await reset(m, admin, 'demand')).status, 200);
    assert.ok(peaks().every((p) => p === 0));
    m.services.alarms.record({ atMs: 1_700_000_000_000, alarmId: 1, parameter: 'Phase A Current', condition: '>', setPoint: 5, value: 6, status: ALARM_STATUSES[0] });
    assert.equal(m.services.alarms.list().length, 1);
    assert.equal((await reset(m, admin, 'alarm')).status, 200);
    assert.equal(m.services.alarms.list().length, 0);
  });

  test('reset device run time: homePageInfo counts from zero again', async () => {
    const r = await reset(m, admin, 'deviceRunTime');
    assert.equal(r.status, 200, r.raw);
    const home = await m.call('GET', '/api/command/homePageInfo', { token: admin });
    assert.ok(home.body.data.runTime <= 1);
    assert.deepEqual(m.services.ctx.db.prepare("SELECT count(*) AS n FROM meter_event_log WHERE event = 'resetDeviceRunTime'").get(), { n: 1 });
  });

  test('sealed: demand, energy and alarm resets are refused and nothing changes; run time follows its optional seal', async () => {
    await save(m, admin, 'general', (b) => (b.optionalSealConfig = { ...b.optionalSealConfig, deviceRunTime: 0 }));
    m.services.device.updateState({ sealStatus: 1 });
    assert.deepEqual((await m.call('GET', '/api/command/getSealStatus', { token: admin })).body.data, { meterSealStatus: 1, [CLEAR_DEVICE_RUN_TIME]: 0 });
    const before = JSON.stringify(m.services.registers.energySet(SYSTEM_SLOT));
    for (const [name, label] of [
      ['demand', 'Demand'],
      ['energy', 'Energy'],
      ['alarm', 'Alarm record'],
    ]) {
      const r = await reset(m, admin, name!);
      assert.equal(r.status, 400, name);
      assert.equal(r.body.data.value, `${label} cannot be reset while the meter is sealed`);
    }
    assert.equal(JSON.stringify(m.services.registers.energySet(SYSTEM_SLOT)), before);
    assert.equal((await reset(m, admin, 'deviceRunTime')).status, 200, 'run time not covered by the seal');
    m.services.device.updateState({ sealStatus: 0 });
    await save(m, admin, 'general', (b) => (b.optionalSealConfig = { ...b.optionalSealConfig, deviceRunTime: 1 }));
    m.services.device.updateState({ sealStatus: 1 });
    assert.deepEqual((await m.call('GET', '/api/command/getSealStatus', { token: admin })).body.data, { meterSealStatus: 1, [CLEAR_DEVICE_RUN_TIME]: 1 });
    const r = await reset(m, admin, 'deviceRunTime');
    assert.equal(r.status, 400);
    assert.equal(r.body.data.value, 'Device run time cannot be reset while the meter is sealed');
  });

  test('a bad readingName is 400 with the message; view roles get 403; the run time reset also needs edit on configuration', async () => {
    const bad = await reset(m, admin, 'voltage');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.data.value, 'readingName must be one of demand, energy, alarm, deviceRunTime');
    await addUser(m, admin, 'viewer');
    const viewer = await m.login('viewer', USER_PASSWORD);
    assert.equal((await reset(m, viewer, 'demand')).status, 403);
    assert.equal((await m.call('PATCH', '/api/command/resetFactory', { token: viewer, body: { value: 1 } })).status, 403);
    assert.equal((await m.call('GET', '/api/command/getSealStatus', { token: viewer })).status, 200);
    // Edit on maintenance, view on configuration.
    await addRole(m, admin, 'maint', 2, 1, 0, 2);
    await addUser(m, admin, 'tech', { accessLevel: 'maint' });
    const tech = await m.login('tech', USER_PASSWORD);
    assert.equal((await reset(m, tech, 'demand')).status, 200);
    const rt = await reset(m, tech, 'deviceRunTime');
    assert.equal(rt.status, 403);
    assert.equal(rt.body.data.value, 'Device run time reset also needs edit permission on configuration');
  });
});

describe('management: debug diagnostic, system log and the diagnostic file', () => {
  let m: TestModule;
  let admin: string;
  before(async () => ({ m, admin } = await startModuleWithUsers()));
  after(() => m.close());

  const webLog = () => {
    const f = join(m.dataDir, 'syslog', 'web-server.log');
    return existsSync(f) ? readFileSync(f, 'utf8') : '';
  };

  test('every subsystem of 002 §2.12 starts off (6); a bad level is 400 and saves nothing', async () => {
    const r = await m.call('GET', '/api/settings/syslogConfig', { token: admin });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body.data), [...DEBUG_SUBSYSTEMS]);
    assert.deepEqual(r.body.data, syslogConfigAll(6));
    const bad = await m.call('PUT', '/api/settings/syslogConfig', { token: admin, body: { ...syslogConfigAll(6), MQTT: { logLevel: 5 } } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.data.errors['MQTT.logLevel'], 'logLevel must be 7 or 6');
  });

  test('the switch sets the level of the module logger: Web Server on writes a debug line per call, off writes none', async () => {
    await m.call('GET', '/api/command/homePageInfo?token=secret-token', { token: admin });
    assert.equal(webLog(), '');
    const on = await m.call('PUT', '/api/settings/syslogConfig', { token: admin, body: { ...syslogConfigAll(6), 'Web Server': { logLevel: 7 } } });
    assert.equal(on.status, 200, on.raw);
    await m.call('GET', '/api/command/homePageInfo?token=secret-token', { token: admin });
    assert.match(webLog(), /DEBUG GET \/api\/command\/homePageInfo\?token=\[redacted\] 200/);
    assert.ok(!webLog().includes('secret-token'));
    // A download ticket is spent at once, and kept out of the log all the same.
    await m.call('GET', '/api/command/homePageInfo?ticket=secret-ticket', { token: admin });
    assert.match(webLog(), /DEBUG GET \/api\/command\/homePageInfo\?ticket=\[redacted\] 200/);
    assert.ok(!webLog().includes('secret-ticket'));
    await m.call('PUT', '/api/settings/syslogConfig', { token: admin, body: syslogConfigAll(6) });
    const size = webLog().length;
    await m.call('GET', '/api/command/homePageInfo', { token: admin });
    assert.equal(webLog().length, size);
  });

  test('the diagnostic file is a gzip tar of the event log, the system log, the configuration without secrets and the versions', async () => {
    const made = await m.call('PATCH', '/api/command/downloadSyslog', { token: admin, body: {} });
    assert.equal(made.status, 200, made.raw);
    const name = made.body.data.value as string;
    assert.match(name, /^diagnostic_AR[0-9A-F]{8}_\d{14}\.tar\.gz$/);
    const file = await m.app.inject({ method: 'GET', url: `/api/command/diagnosticFile/${name}`, headers: { authorization: `Bearer ${admin}` } });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'application/gzip');
    const dir = mkdtempSync(join(tmpdir(), 'diag-'));
    try {
      writeFileSync(join(dir, 'd.tar.gz'), file.rawPayload);
      execFileSync('tar', ['-xzf', join(dir, 'd.tar.gz'), '-C', dir]);
      assert.ok(readFileSync(join(dir, 'module-event-log.csv'), 'utf8').startsWith('Timestamp,Level,Message'));
      assert.ok(readdirSync(join(dir, 'syslog')).includes('web-server.log'));
      assert.ok(readdirSync(join(dir, 'syslog')).includes('app-supervisor.log'));
      const config = JSON.parse(readFileSync(join(dir, 'configuration.json'), 'utf8'));
      assert.equal(config.meterGeneral?.meterPassword ?? config[Object.keys(config).find((k) => 'meterPassword' in config[k])!].meterPassword, '');
      assert.deepEqual(config.syslogConfig, syslogConfigAll(6));
      assert.equal(JSON.parse(readFileSync(join(dir, 'versions.json'), 'utf8')).moduleFirmwareVersion, '3.4.0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.equal((await m.call('GET', '/api/command/diagnosticFile/..%2Fmodule.sqlite', { token: admin })).status, 400);
    assert.equal((await m.call('GET', '/api/command/diagnosticFile/diagnostic_AR00000000_20260101000000.tar.gz', { token: admin })).status, 404);
  });

  test('the diagnostic file also needs view on configuration; Clear System Log empties every file', async () => {
    await addRole(m, admin, 'maintonly', 2, 2, 0, 2);
    await addUser(m, admin, 'mo', { accessLevel: 'maintonly' });
    const mo = await m.login('mo', USER_PASSWORD);
    assert.equal((await m.call('PATCH', '/api/command/downloadSyslog', { token: mo, body: {} })).status, 403);
    assert.equal((await m.call('GET', '/api/settings/syslogConfig', { token: mo })).status, 200);
    const cleared = await m.call('PATCH', '/api/command/clearSysLog', { token: admin, body: {} });
    assert.equal(cleared.status, 200);
    assert.deepEqual(m.services.maintenance.systemLog.files(), []);
    assert.ok(eventLog(m).some((e) => e.message === 'System log cleared by admin'));
  });
});

describe('management: factory reset', () => {
  test('restores users, module and meter settings to the first start, keeps the identity and the measurements, then reboots; a kill before the restart still applies it', async () => {
    const { m, admin } = await startModuleWithUsers();
    const serial = m.services.device.identity().meterSerialNumber;
    const firstMeter = (await m.call('GET', '/api/settings/meter', { token: admin })).body.data;
    const firstIo = (await m.call('GET', '/api/settings/ioConfig', { token: admin })).body.data;
    await addUser(m, admin, 'olduser');
    await setPolicy(m, admin, { pwdLength: 12 });
    await m.call('PUT', '/api/settings/syslogConfig', { token: admin, body: syslogConfigAll(7) });
    await save(m, admin, 'general', (b) => Object.assign(b, { deviceDescription: 'Gone after the reset', ratedVoltage: 277 }));
    const io = await m.call('PUT', '/api/settings/ioConfig', { token: admin, body: { ...firstIo, di1Config: { ...firstIo.di1Config, name: 'Gone' } } });
    assert.equal(io.status, 200, io.raw);
    assert.notDeepEqual((await m.call('GET', '/api/settings/meter', { token: admin })).body.data, firstMeter);
    const energy = m.services.registers.energySet(SYSTEM_SLOT)!.importActive;
    const r = await m.call('PATCH', '/api/command/resetFactory', { token: admin, body: { value: 1 } });
    assert.equal(r.status, 200, r.raw);
    assert.equal(m.reboots, 1);
    // The module dies before the reboot builds it again (power cut): the mark is in SQLite.
    await m.close(true);
    const again = await createTestModule({ dataDir: m.dataDir, env: { MODULE_ADMIN_PASSWORD: 'Fresh1234' } });
    try {
      assert.equal((await again.call('POST', '/api/users/authenticate', { body: { username: 'admin', password: ADMIN_PASSWORD } })).status, 401);
      const t = await again.login('admin', 'Fresh1234');
      const users = await again.call('GET', '/api/usermg/user/list', { token: t });
      assert.deepEqual(
        users.body.data.map((u: { name: string }) => u.name),
        ['admin'],
      );
      assert.equal((await again.call('GET', '/api/settings/passwordPolicy', { token: t })).body.data.pwdLength, 8);
      assert.deepEqual((await again.call('GET', '/api/settings/syslogConfig', { token: t })).body.data, syslogConfigAll(6));
      assert.equal(again.services.device.identity().meterSerialNumber, serial);
      // Issue 28: the meter settings are the first start's too (description, rated voltage, I/O).
      assert.deepEqual((await again.call('GET', '/api/settings/meter', { token: t })).body.data, firstMeter);
      assert.deepEqual((await again.call('GET', '/api/settings/ioConfig', { token: t })).body.data, firstIo);
      assert.ok(again.services.registers.energySet(SYSTEM_SLOT)!.importActive >= energy);
      assert.ok(eventLog(again).some((e) => e.message === 'Factory reset requested by admin'));
      assert.ok(eventLog(again).some((e) => e.level === 'Critical' && e.message.startsWith('Factory reset applied')));
    } finally {
      await again.close();
    }
    // Applied once: a later start keeps what was set after it.
    const third = await createTestModule({ dataDir: m.dataDir, env: { MODULE_ADMIN_PASSWORD: 'Other1234' } });
    try {
      assert.equal((await third.call('POST', '/api/users/authenticate', { body: { username: 'admin', password: 'Fresh1234' } })).status, 200);
    } finally {
      await third.close();
      rmSync(m.dataDir, { recursive: true, force: true });
    }
  });
});
