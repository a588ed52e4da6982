/**
 * Settings › Meter › Meter Connection (issue 26; docs/decisions/meter-connection-settings.md "Meter Connection"): validated
 * like every section (400 with the rule's message, nothing half-written), admin only on the
 * server, applied at the next start, MODULE_METER reported and winning, in the configuration
 * backups (applied with the importer's rights), back to Simulated after a factory reset.
 */
import {
  ADMIN_ONLY_TEXT,
  DEFAULT_METER_CONNECTION,
  formMessages as fm,
  namedRuleMessages as n,
  METER_PROFILE_NAMES,
  meterConnectionTexts as t,
  type MeterConnectionConfig,
} from '@meter/contract';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePorts } from '../../../../test-peers/free-ports.ts';
import { profileNames } from '../../src/meter/modbus/profile.ts';
import { until } from '../../../../test-peers/until.ts';
import { ADMIN_PASSWORD, startModuleWithUsers, type TestModule } from '../helper.ts';
import { USER_PASSWORD, addRole, addUser } from '../users-helpers.ts';

const PATH = '/api/settings/meter/meterConnection';
/** A TCP meter nobody answers for: the source is built and polls, the test only reads its kind. */
const TCP: MeterConnectionConfig = { ...DEFAULT_METER_CONNECTION(), source: 'modbus-tcp', tcp: { host: '127.0.0.1', port: 1, unit: 3, profile: 'module' } };

describe('Meter Connection settings', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'meter-connection-'));
  let m: TestModule;
  let admin: string;
  const start = async (env: Record<string, string> = {}) => {
    ({ m, admin } = await startModuleWithUsers({ dataDir, env }));
  };
  const get = async (token = admin) => (await m.call('GET', PATH, { token })).body.data as MeterConnectionConfig;
  const put = (body: unknown, token = admin) => m.call('PUT', PATH, { token, body });

  before(() => start());
  after(async () => {
    await m.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the contract names the profiles the module ships', () => {
    assert.deepEqual([...METER_PROFILE_NAMES].sort(), profileNames().sort());
  });

  test('first start: Simulated, no environment; the simulator reads', async () => {
    assert.deepEqual(await get(), { ...DEFAULT_METER_CONNECTION(), environment: '' });
    assert.equal(m.services.meter.kind, 'simulated');
  });

  test('bad input: 400 with the field rule message, nothing saved', async () => {
    const first = await get();
    const cases: [unknown, string, string][] = [
      [{ ...TCP, tcp: { ...TCP.tcp, host: '' } }, 'tcp.host', fm.required(t.host)],
      [{ ...TCP, tcp: { ...TCP.tcp, host: 'meter one' } }, 'tcp.host', fm.noSpace(t.host)],
      [{ ...TCP, tcp: { ...TCP.tcp, host: 'bad_host!' } }, 'tcp.host', fm.ipOrDomain(t.host)],
      [{ ...TCP, tcp: { ...TCP.tcp, port: 0 } }, 'tcp.port', fm.between(t.port, 1, 65535)],
      [{ ...TCP, tcp: { ...TCP.tcp, unit: 248 } }, 'tcp.unit', fm.between(t.unit, 0, 247)],
      [{ ...TCP, tcp: { ...TCP.tcp, profile: 'acurev1310' } }, 'tcp.profile', n.oneOf(t.profile)],
      [{ ...TCP, source: 'modbus-rtu' }, 'rtu.device', fm.required(t.device)],
      [{ ...TCP, source: 'modbus-rtu', rtu: { ...TCP.rtu, device: '/etc/passwd' } }, 'rtu.device', t.badDevice],
      [{ ...TCP, source: 'modbus-rtu', rtu: { ...TCP.rtu, device: '/dev/../etc/passwd' } }, 'rtu.device', t.badDevice],
      [{ ...TCP, source: 'modbus-rtu', rtu: { ...TCP.rtu, device: '/dev/ttyUSB0', baud: 14400 } }, 'rtu.baud', n.oneOf(t.baud)],
      [{ ...TCP, source: 'modbus-rtu', rtu: { ...TCP.rtu, device: '/dev/ttyUSB0', unit: 0 } }, 'rtu.unit', fm.between(t.unit, 1, 247)],
      [{ ...TCP, source: 'bluetooth' }, 'source', n.oneOf(t.source)],
    ];
    for (const [body, field, message] of cases) {
      const r = await put(body);
      assert.equal(r.status, 400, `${field}: ${r.raw}`);
      assert.equal(r.body.data.errors?.[field], message, `${field}: ${r.raw}`);
    }
    const extra = await put({ ...TCP, command: 'x' });
    assert.equal(extra.status, 400, extra.raw);
    assert.deepEqual(await get(), first, 'nothing saved');
  });

  test('admin only, enforced by the server: a configuration editor reads it and is refused a save', async () => {
    await addRole(m, admin, 'engineer', 0, 0, 0, 2);
    await addUser(m, admin, 'eng', { accessLevel: 'engineer' });
    const eng = await m.login('eng', USER_PASSWORD);
    const before = await get();
    assert.deepEqual(await get(eng), before);
    const r = await put(TCP, eng);
    assert.equal(r.status, 403, r.raw);
    assert.equal(r.body.data.value, ADMIN_ONLY_TEXT);
    assert.deepEqual(await get(), before);
  });

  test('a save is applied at the next start, not before (the console offers the reboot)', async () => {
    const r = await put({ ...TCP, environment: 'ignored: read-only' });
    assert.equal(r.status, 200, r.raw);
    assert.deepEqual(await get(), { ...TCP, environment: '' });
    assert.equal(m.services.meter.kind, 'simulated', 'the running source is kept until the restart');
    await m.close(true);
    await start();
    assert.equal(m.services.meter.kind, 'modbus-tcp');
    assert.deepEqual(await get(), { ...TCP, environment: '' });
  });

  test('MODULE_METER wins and is reported read-only; the stored section is kept', async () => {
    await m.close(true);
    await start({ MODULE_METER: 'modbus-rtu:///dev/ttyMETER0?baud=9600&parity=even&unit=7&profile=acurev2000' });
    assert.equal(m.services.meter.kind, 'modbus-rtu');
    const shown = await get();
    assert.equal(shown.environment, 'modbus-rtu:///dev/ttyMETER0?baud=9600&parity=even&unit=7&profile=acurev2000');
    assert.deepEqual({ ...shown, environment: '' }, { ...TCP, environment: '' });
    // A save still stores the section (for when the variable goes); it never stores the environment.
    assert.equal((await put(shown)).status, 200);
    await m.close(true);
    await start();
    assert.equal(m.services.meter.kind, 'modbus-tcp');
    assert.equal((await get()).environment, '');
  });

  test("the outbound guard: a TCP meter on one of the module's own ports is refused by the guard (the loss names it)", async () => {
    await m.close(true);
    const [port] = await freePorts(1);
    await start({ MODULE_MODBUS_PORT: String(port), MODULE_METER: `modbus-tcp://127.0.0.1:${port}?unit=1&profile=module` });
    await until('the loss', () => m.services.events.all().some((e) => e.level === 'Error' && e.message.includes('is a port of this module')), 8000);
    await m.close(true);
    await start();
  });

  test('in the configuration backup: applied by admin, skipped and named for a configuration editor', async () => {
    const backup = await m.call('POST', '/api/config/backup', { token: admin, body: { description: 'meter tcp' } });
    assert.equal(backup.status, 200, backup.raw);
    const uuid = ((await m.call('GET', '/api/config/localInfo', { token: admin })).body.data as { uuid: string; description: string }[]).find((e) => e.description === 'meter tcp')!.uuid;
    assert.equal((await put(DEFAULT_METER_CONNECTION())).status, 200);
    // A configuration editor may apply the backup, but not this section: left as it is, named.
    await addRole(m, admin, 'configurer', 2, 0, 2, 1);
    await addUser(m, admin, 'conf', { accessLevel: 'configurer' });
    const conf = await m.login('conf', USER_PASSWORD);
    const byEditor = await m.call('PATCH', '/api/config/apply', { token: conf, body: { uuid, includeUser: false } });
    assert.equal(byEditor.status, 200, byEditor.raw);
    assert.ok((byEditor.body.data.skipped as string[]).includes('Meter connection settings'), byEditor.raw);
    assert.equal((await get()).source, 'simulated');
    const byAdmin = await m.call('PATCH', '/api/config/apply', { token: admin, body: { uuid, includeUser: false } });
    assert.equal(byAdmin.status, 200, byAdmin.raw);
    assert.deepEqual(await get(), { ...TCP, environment: '' });
  });

  test('a factory reset returns it to Simulated', async () => {
    assert.equal((await m.call('PATCH', '/api/command/resetFactory', { token: admin, body: { value: 1 } })).status, 200);
    await m.close(true);
    await start({ MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD });
    assert.equal(m.services.meter.kind, 'simulated');
    assert.deepEqual(await get(), { ...DEFAULT_METER_CONNECTION(), environment: '' });
  });
});
