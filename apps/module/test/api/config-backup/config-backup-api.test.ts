/**
 * Config Management (002 §2.15, §7.4, §7.8, §9.4): backups, apply with and without users, the
 * authenticated export, the file upload, the limit of 10. Then issue 25 item 1, each attack
 * performed: a backup never grants more than its importer holds.
 */
import { endpoints, secretPaths, syslogConfigAll, type AnySection, type MqttConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { exportConfigFile, importConfigFile, originId, type BackupDoc } from '../../../src/services/config-backup/backup-format.ts';
import { MODULE_SECRET_FILE } from '../../../src/services/config-backup/module-secret.ts';
import { setValueAt, stableJson, valueAt } from '../../../src/services/sections/document.ts';
import { ADMIN_PASSWORD, startModuleWithUsers, type TestModule } from '../../helper.ts';
import { uploadFile } from '../../upload-helper.ts';
import { addRole, addUser, eventLog, setPolicy, USER_PASSWORD } from '../../users-helpers.ts';

const UPLOAD = '/api/upload/local/configFile';
const upload = (m: TestModule, token: string, name: string, text: string | Buffer, remoteAddress?: string) => uploadFile(m, UPLOAD, token, name, text, remoteAddress);

const list = async (m: TestModule, token: string) =>
  (await m.call('GET', '/api/config/localInfo', { token })).body.data as { uuid: string; description: string; serialNumber: string; otherModule?: boolean }[];
const policy = async (m: TestModule, token: string) => (await m.call('GET', '/api/settings/passwordPolicy', { token })).body.data;
const userNames = async (m: TestModule, token: string) => ((await m.call('GET', '/api/usermg/user/list', { token })).body.data as { name: string }[]).map((u) => u.name).sort();
const apply = (m: TestModule, token: string, body: Record<string, unknown>) => m.call('PATCH', '/api/config/apply', { token, body });

async function backup(m: TestModule, token: string, description: string) {
  const r = await m.call('POST', '/api/config/backup', { token, body: { description } });
  assert.equal(r.status, 200, r.raw);
  return (await list(m, token)).find((e) => e.description === description)!.uuid;
}

async function exported(m: TestModule, token: string, uuid: string): Promise<{ name: string; text: string }> {
  const r = await m.call('PATCH', '/api/config/export', { token, body: { uuid } });
  assert.equal(r.status, 200, r.raw);
  const link = r.body.data.value as string;
  assert.match(link, /^config\/file\/AR[0-9A-F]{8}_\d{14}\.conf\.an$/);
  const file = await m.app.inject({ method: 'GET', url: `/api/${link}`, headers: { authorization: `Bearer ${token}` } });
  assert.equal(file.statusCode, 200);
  return { name: link.split('/').pop()!, text: file.body };
}

/** Empties the list (the limit of 10 is a test of its own). */
async function clearBackups(m: TestModule, token: string) {
  for (const e of await list(m, token)) assert.equal((await m.call('PATCH', '/api/config/delete', { token, body: { uuid: e.uuid } })).status, 200);
}

/** The key the first file format was signed with, built into the code then: what an attacker re-signs with. */
const OLD_PRODUCT_KEY = Buffer.from('6d657465722d636f6e736f6c652d636f6e6669672d66696c652d6b65792d3031', 'hex');
/** A file edited by hand and signed again, as an attacker holding a key would. */
function resigned(text: string, key: Buffer, edit: (file: any) => void): string {
  const file = JSON.parse(text);
  edit(file);
  delete file.mac;
  return JSON.stringify({ ...file, mac: createHmac('sha256', key).update(stableJson(file)).digest('hex') }, null, 2);
}

describe('config management', () => {
  let m: TestModule;
  let admin: string;
  before(async () => ({ m, admin } = await startModuleWithUsers()));
  after(() => m.close());

  test('a backup lists its metadata (002 §3.15)', async () => {
    await backup(m, admin, 'first');
    const [e] = await list(m, admin);
    assert.deepEqual(Object.keys(e!).sort(), ['description', 'fileName', 'firmwareVerion', 'modelName', 'serialNumber', 'timestamp', 'uuid']);
    const info = m.services.device.identity();
    assert.equal((e as Record<string, unknown>).modelName, info.meterModel);
    assert.equal((e as Record<string, unknown>).serialNumber, info.meterSerialNumber);
    assert.equal((e as Record<string, unknown>).firmwareVerion, info.moduleFirmwareVersion);
    const bad = await m.call('POST', '/api/config/backup', { token: admin, body: { description: 'x'.repeat(65) } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.data.errors.description, 'Description cannot exceed 64 characters');
  });

  test('backup → change → apply: the settings come back, users stay unless includeUser; the audit names the user', async () => {
    const uuid = await backup(m, admin, 'round trip');
    await setPolicy(m, admin, { pwdLength: 12 });
    await m.call('PUT', '/api/settings/syslogConfig', { token: admin, body: syslogConfigAll(7) });
    await addUser(m, admin, 'later', { password: 'LaterPass1234' });
    const r = await apply(m, admin, { uuid, includeUser: false });
    assert.equal(r.status, 200, r.raw);
    assert.deepEqual(r.body.data, { value: 'Success', skipped: [] });
    assert.equal((await policy(m, admin)).pwdLength, 8);
    assert.ok(eventLog(m).some((e) => e.message === 'Configuration "round trip" applied by admin'));
    assert.deepEqual((await m.call('GET', '/api/settings/syslogConfig', { token: admin })).body.data, syslogConfigAll(6));
    assert.ok((await userNames(m, admin)).includes('later'));
    const withUsers = await apply(m, admin, { uuid, includeUser: true });
    assert.equal(withUsers.status, 200, withUsers.raw);
    assert.deepEqual(await userNames(m, admin), ['admin']);
    // The admin password of the backup still signs in.
    assert.ok(await m.login());
    admin = await m.login();
  });

  test("002 §2.15: the MQTT client id is not backed up; applying keeps the device's own, and a part the backup lacks keeps its value", async () => {
    const path = '/api/settings/communication/mqttConfig';
    const mqtt = async () => (await m.call('GET', path, { token: admin })).body.data as MqttConfig;
    const first = await mqtt();
    const uuid = await backup(m, admin, 'mqtt');
    const { text } = await exported(m, admin, uuid);
    assert.ok(text.includes('"keepAlive"') && !text.includes(first.mqttGenaral.ClientId), 'the client id is in the backup');
    const changed = { ...first, mqttGenaral: { ...first.mqttGenaral, ClientId: 'OtherDeviceId1', keepAlive: 120 } };
    assert.equal((await m.call('PUT', path, { token: admin, body: changed })).status, 200);
    assert.equal((await apply(m, admin, { uuid, includeUser: false })).status, 200);
    const after = await mqtt();
    assert.equal(after.mqttGenaral.keepAlive, first.mqttGenaral.keepAlive);
    assert.equal(after.mqttGenaral.ClientId, 'OtherDeviceId1');
  });

  test('a refused section leaves everything as it was (one transaction)', async () => {
    const uuid = await backup(m, admin, 'sealed later');
    await setPolicy(m, admin, { pwdLength: 10 });
    // The I/O settings are sealed now: the backup's I/O section differs from the live one.
    const io = (await m.call('GET', '/api/settings/ioConfig', { token: admin })).body.data;
    io.pulseConst = io.pulseConst === 1000 ? 2000 : 1000;
    assert.equal((await m.call('PUT', '/api/settings/ioConfig', { token: admin, body: io })).status, 200);
    m.services.device.updateState({ sealStatus: 1 });
    try {
      const r = await apply(m, admin, { uuid, includeUser: false });
      assert.equal(r.status, 400, r.raw);
      assert.match(r.body.data.value, /cannot be changed while the meter is sealed/);
      assert.equal((await policy(m, admin)).pwdLength, 10, 'nothing applied');
    } finally {
      m.services.device.updateState({ sealStatus: 0 });
      await setPolicy(m, admin, { pwdLength: 8 });
    }
  });

  test('permissions: view gets the list only; includeUser also needs edit on user configuration', async () => {
    await addUser(m, admin, 'viewer');
    const viewer = await m.login('viewer', USER_PASSWORD);
    assert.equal((await m.call('GET', '/api/config/localInfo', { token: viewer })).status, 200);
    assert.equal((await m.call('POST', '/api/config/backup', { token: viewer, body: { description: 'no' } })).status, 403);
    assert.equal((await upload(m, viewer, 'a.conf.an', '{}')).status, 403);
    await addRole(m, admin, 'configurer', 2, 0, 2, 1);
    await addUser(m, admin, 'cfg', { accessLevel: 'configurer' });
    const cfg = await m.login('cfg', USER_PASSWORD);
    const uuid = (await list(m, admin))[0]!.uuid;
    const r = await apply(m, cfg, { uuid, includeUser: true });
    assert.equal(r.status, 403);
    assert.equal(r.body.data.value, 'Applying users and roles also needs edit permission on user configuration');
    assert.equal((await apply(m, admin, { uuid: 'not-a-uuid', includeUser: false })).status, 400);
    assert.equal((await m.call('PATCH', '/api/config/delete', { token: admin, body: { uuid: '00000000-0000-4000-8000-000000000000' } })).status, 404);
  });

  test('002 §7.4 upload/local/configFile: the file is checked when uploaded (name, format, authentication, model, firmware); a good one joins the list', async () => {
    await clearBackups(m, admin);
    const uuid = await backup(m, admin, 'to export');
    const { name, text } = await exported(m, admin, uuid);
    const hash = (m.services.ctx.db.prepare("SELECT password_hash AS h FROM users WHERE name = 'admin'").get() as { h: string }).h;
    assert.ok(!text.includes(hash), 'no password hash in clear');
    assert.ok(!text.includes(hash.slice(-20)));
    const ok = await upload(m, admin, name, text);
    assert.equal(ok.status, 200, ok.raw);
    assert.deepEqual(ok.body, { data: { value: 'Success' } });
    assert.equal((await list(m, admin)).length, 2);
    assert.equal((await list(m, admin))[0]!.otherModule, undefined, "this module's own file");
    const refusals: [string, string | Buffer, string][] = [
      ['x.json', text, 'Configuration File must be a .conf.an file'],
      [name, '', 'Please provide Configuration File'],
      [name, 'not json at all', 'The file is not a configuration file'],
      [name, JSON.stringify({ ...JSON.parse(text), format: 'acu-conf/1' }), 'The file is not a configuration file'],
      [name, Buffer.alloc(900_001, 32), 'Configuration File is too large'],
      [name, text.replace(/"pwdLength": \d+/, '"pwdLength": 33'), 'The configuration file is damaged or has been modified'],
      [name, text.slice(0, -40), 'The file is not a configuration file'],
      // Nested deeper than any configuration (a 500 once anything walked it recursively).
      [name, text.replace('"sections": {', `"sections": { "deep": ${'['.repeat(200_000)}${']'.repeat(200_000)},`), 'The file is not a configuration file'],
    ];
    for (const [fileName, content, message] of refusals) {
      const r = await upload(m, admin, fileName, content);
      assert.equal(r.status, 400, `${fileName}: ${r.raw}`);
      assert.equal(r.body.data.value, message);
    }
    // A JSON body is not the upload.
    const json = await m.call('POST', UPLOAD, { token: admin, body: { fileName: name, content: text } });
    assert.equal(json.status, 400);
    assert.equal(json.body.data.value, 'Please provide Configuration File');
    assert.equal((await m.call('POST', '/api/config/import', { token: admin, body: { fileName: name, content: text } })).status, 404, 'the old call is gone');
    assert.equal((await list(m, admin)).length, 2, 'nothing added by a refusal');
    assert.ok(eventLog(m).some((e) => e.level === 'Error' && /^Configuration file .* refused \(authentication failed: changed after export\), import by admin$/.test(e.message)));
  });

  test('at most 10: the 11th backup and upload are refused and nothing is lost; delete makes room', async () => {
    while ((await list(m, admin)).length < 10) await backup(m, admin, `fill ${(await list(m, admin)).length}`);
    const before = await list(m, admin);
    const r = await m.call('POST', '/api/config/backup', { token: admin, body: { description: 'eleventh' } });
    assert.equal(r.status, 409);
    assert.equal(r.body.data.value, 'At most 10 configurations can be saved: delete one first');
    assert.deepEqual(await list(m, admin), before);
    const { name, text } = await exported(m, admin, before[0]!.uuid);
    const imp = await upload(m, admin, name, text);
    assert.equal(imp.status, 409);
    assert.deepEqual(await list(m, admin), before);
    const d = await m.call('PATCH', '/api/config/delete', { token: admin, body: { uuid: before[0]!.uuid } });
    assert.equal(d.status, 200);
    assert.equal((await list(m, admin)).length, 9);
  });
});

describe('issue 25 item 1: a configuration backup never grants more than its importer holds', () => {
  let m: TestModule;
  let other: TestModule;
  let admin: string;
  let otherAdmin: string;
  /** Edit on configuration, view on user configuration. */
  let cfg: string;
  /** Edit on configuration and on user configuration, not admin. */
  let umgr: string;
  before(async () => {
    const s = await startModuleWithUsers({
      roles: { configurer: [2, 0, 2, 1], manager: [2, 0, 2, 0] },
      users: [
        { name: 'cfg', accessLevel: 'configurer' },
        { name: 'umgr', accessLevel: 'manager' },
      ],
    });
    [m, admin, cfg, umgr] = [s.m, s.admin, s.tokens.cfg, s.tokens.umgr];
    ({ m: other, admin: otherAdmin } = await startModuleWithUsers({ env: { MODULE_SEED: '7' } }));
  });
  after(async () => {
    await m.close();
    await other.close();
  });

  test('the module secret: made on the first start of each data folder, mode 0600, in no file and no reply', async () => {
    const file = join(m.dataDir, MODULE_SECRET_FILE);
    const secret = readFileSync(file, 'utf8').trim();
    assert.match(secret, /^[0-9a-f]{64}$/);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.notEqual(readFileSync(join(other.dataDir, MODULE_SECRET_FILE), 'utf8').trim(), secret, 'another data folder, another secret');
    const { text } = await exported(m, admin, await backup(m, admin, 'secret check'));
    assert.ok(!text.includes(secret));
    assert.equal(JSON.parse(text).origin, originId(Buffer.from(secret, 'hex')));
    assert.equal((await m.call('GET', `/api/config/file/${MODULE_SECRET_FILE}`, { token: admin })).status, 404);
    // No GET of the table replies it.
    for (const e of Object.values(endpoints)) {
      if (e.method !== 'GET' || e.path.includes(':') || ('file' in e && e.file)) continue;
      const r = await m.call('GET', `/api${e.path}`, { token: admin });
      assert.ok(!r.raw.includes(secret), e.path);
    }
    await clearBackups(m, admin);
  });

  test('a configuration editor edits its exported file (password policy, MQTT, its own role to admin) and re-signs it: refused, with the message', async () => {
    const { name, text } = await exported(m, cfg, await backup(m, cfg, 'mine'));
    const edit = (f: any) => {
      f.sections.passwordPolicy.pwdLength = 6;
      f.sections.passwordPolicy.maxFailedAttempts = 0;
      f.sections.mqttConfig.mqttGenaral.keepAlive = 999;
      const me = f.users.users.find((u: { name: string }) => u.name === 'cfg');
      me.accessLevel = 'admin';
    };
    for (const forged of [resigned(text, OLD_PRODUCT_KEY, edit), resigned(text, randomBytes(32), edit), text.replace('"name": "configurer"', '"name": "admin2"')]) {
      const r = await upload(m, cfg, name, forged);
      assert.equal(r.status, 400, r.raw);
      assert.equal(r.body.data.value, 'The configuration file is damaged or has been modified');
    }
    assert.equal((await list(m, admin)).length, 1, 'only its own backup');
    await clearBackups(m, admin);
  });

  test('the same edits in a file dressed as another module: kept as a migration, which only admin may apply', async () => {
    const { name, text } = await exported(m, cfg, await backup(m, cfg, 'dressed'));
    const forged = JSON.parse(text);
    forged.origin = 'f'.repeat(32);
    forged.sections.passwordPolicy.pwdLength = 6;
    forged.users.users.find((u: { name: string }) => u.name === 'cfg').accessLevel = 'admin';
    const r = await upload(m, cfg, name, JSON.stringify(forged));
    assert.equal(r.status, 200, r.raw);
    const entry = (await list(m, cfg)).find((e) => e.otherModule)!;
    assert.ok(entry, 'marked as from another module');
    const serial = entry.serialNumber;
    for (const body of [
      { uuid: entry.uuid, includeUser: false },
      { uuid: entry.uuid, includeUser: false, confirmOrigin: serial },
      { uuid: entry.uuid, includeUser: true, confirmOrigin: serial },
    ]) {
      const a = await apply(m, cfg, body);
      assert.equal(a.status, 403, a.raw);
      assert.equal(a.body.data.value, `This configuration comes from another module (serial number ${serial}): only admin may apply it`);
    }
    // Nothing sealed in it was opened: even admin gets no users from it.
    const u = await apply(m, admin, { uuid: entry.uuid, includeUser: true, confirmOrigin: serial });
    assert.equal(u.status, 400);
    assert.equal(u.body.data.value, 'The user accounts of this configuration were saved by another device: apply it without users');
    assert.equal((await policy(m, admin)).pwdLength, 8);
    assert.equal((await m.call('GET', '/api/usermg/user/config/cfg', { token: admin })).body.data.accessLevel, 'configurer');
    await clearBackups(m, admin);
  });

  test('a configuration editor applies a backup: the password policy, admin-only MQTT and maintenance settings are skipped and listed; its own area applies', async () => {
    const mqttPath = '/api/settings/communication/mqttConfig';
    const mqtt = (await m.call('GET', mqttPath, { token: admin })).body.data as MqttConfig;
    const io = (await m.call('GET', '/api/settings/ioConfig', { token: admin })).body.data;
    await setPolicy(m, admin, { pwdLength: 6, maxFailedAttempts: 0 });
    assert.equal((await m.call('PUT', mqttPath, { token: admin, body: { ...mqtt, mqttGenaral: { ...mqtt.mqttGenaral, keepAlive: 300 } } })).status, 200);
    assert.equal((await m.call('PUT', '/api/settings/syslogConfig', { token: admin, body: syslogConfigAll(7) })).status, 200);
    const uuid = await backup(m, admin, 'weak policy');
    await setPolicy(m, admin, { pwdLength: 12, maxFailedAttempts: 5 });
    assert.equal((await m.call('PUT', mqttPath, { token: admin, body: { ...mqtt, mqttGenaral: { ...mqtt.mqttGenaral, keepAlive: 60 } } })).status, 200);
    assert.equal((await m.call('PUT', '/api/settings/syslogConfig', { token: admin, body: syslogConfigAll(6) })).status, 200);
    assert.equal((await m.call('PUT', '/api/settings/ioConfig', { token: admin, body: { ...io, pulseConst: io.pulseConst === 1000 ? 2000 : 1000 } })).status, 200);

    const r = await apply(m, cfg, { uuid, includeUser: false });
    assert.equal(r.status, 200, r.raw);
    assert.equal(r.body.data.value, 'Success');
    assert.deepEqual([...r.body.data.skipped].sort(), ['Debug diagnostic', 'MQTT settings', 'Password policy']);
    const p = await policy(m, admin);
    assert.equal(p.pwdLength, 12);
    assert.equal(p.maxFailedAttempts, 5);
    assert.equal(((await m.call('GET', mqttPath, { token: admin })).body.data as MqttConfig).mqttGenaral.keepAlive, 60);
    assert.deepEqual((await m.call('GET', '/api/settings/syslogConfig', { token: admin })).body.data, syslogConfigAll(6));
    assert.equal((await m.call('GET', '/api/settings/ioConfig', { token: admin })).body.data.pulseConst, io.pulseConst, 'its own area applied');
    assert.ok(eventLog(m).some((e) => e.message === 'Configuration "weak policy" applied by cfg; not applied (no permission): Password policy, Debug diagnostic, MQTT settings'));
    // With users: refused whole.
    const u = await apply(m, cfg, { uuid, includeUser: true });
    assert.equal(u.status, 403);
    // Admin applies all of it.
    const a = await apply(m, admin, { uuid, includeUser: false });
    assert.deepEqual(a.body.data, { value: 'Success', skipped: [] });
    assert.equal((await policy(m, admin)).pwdLength, 6);
    await setPolicy(m, admin, { pwdLength: 8, maxFailedAttempts: 5 });
    await clearBackups(m, admin);
  });

  test('a user manager applies a backup with users: no user of the admin role, no role or user above its rights; admin may', async () => {
    // At backup time umgr was in the admin role.
    assert.equal((await m.call('PUT', '/api/usermg/user/config/umgr', { token: admin, body: { accessLevel: 'admin', multipleLogin: true } })).status, 200);
    const uuid = await backup(m, admin, 'umgr was admin');
    assert.equal((await m.call('PUT', '/api/usermg/user/config/umgr', { token: admin, body: { accessLevel: 'manager', multipleLogin: true } })).status, 200);
    umgr = await m.login('umgr', USER_PASSWORD);
    const escalate = await apply(m, umgr, { uuid, includeUser: true });
    assert.equal(escalate.status, 403, escalate.raw);
    // The refusal its own call gives it.
    const direct = await m.call('PUT', '/api/usermg/user/config/umgr', { token: umgr, body: { accessLevel: 'admin', multipleLogin: true } });
    assert.equal(direct.status, 403);
    assert.equal(escalate.body.data.value, direct.body.data.value);
    assert.equal(escalate.body.data.value, 'Only user admin can add or change users of the admin role or set their passwords');
    assert.equal((await m.call('GET', '/api/usermg/user/config/umgr', { token: admin })).body.data.accessLevel, 'manager');

    // A removed user of a role with rights umgr lacks comes back only through admin.
    await m.call('PATCH', '/api/config/delete', { token: admin, body: { uuid } });
    await addRole(m, admin, 'power', 0, 0, 0, 1);
    await addUser(m, admin, 'pw', { accessLevel: 'power' });
    const uuid2 = await backup(m, admin, 'pw present');
    assert.equal((await m.call('PATCH', '/api/usermg/user/remove', { token: admin, body: { name: 'pw' } })).status, 200);
    const beyond = await apply(m, umgr, { uuid: uuid2, includeUser: true });
    assert.equal(beyond.status, 403, beyond.raw);
    assert.equal(beyond.body.data.value, 'You cannot grant more than your own rights on Readings');
    assert.ok(!(await userNames(m, admin)).includes('pw'));
    // Admin's own backup for admin.
    const ok = await apply(m, admin, { uuid: uuid2, includeUser: true });
    assert.equal(ok.status, 200, ok.raw);
    assert.ok((await userNames(m, admin)).includes('pw'));

    // Admin changed its password after a backup: a user manager cannot set the old one back.
    await clearBackups(m, admin);
    const uuid3 = await backup(m, admin, 'old admin password');
    const change = await m.call('PATCH', '/api/command/setPassword', { token: admin, body: { username: 'admin', oldPassword: ADMIN_PASSWORD, newPassword: 'NewAdmin5678' } });
    assert.equal(change.status, 200, change.raw);
    admin = await m.login('admin', 'NewAdmin5678');
    const reset = await apply(m, umgr, { uuid: uuid3, includeUser: true });
    assert.equal(reset.status, 403, reset.raw);
    assert.equal(reset.body.data.value, 'Only user admin can add or change users of the admin role or set their passwords');
    assert.ok(await m.login('admin', 'NewAdmin5678'));
    assert.equal((await apply(m, admin, { uuid: uuid3, includeUser: true })).status, 200);
    admin = await m.login();
    await clearBackups(m, admin);
  });

  test('a whitelist that would shut the importer out is refused, as its own save would refuse it', async () => {
    const far = '10.0.0.7';
    const wl = (enable: boolean) => ({ whiteListEnable: enable, whiteList: [{ ipv4: far, ipv6: '', description: '' }] });
    const put = (body: unknown) =>
      m.app.inject({ method: 'PUT', url: '/api/settings/communication/ipWhitelistConfig', remoteAddress: far, payload: body as object, headers: { authorization: `Bearer ${admin}` } });
    assert.equal((await put(wl(true))).statusCode, 200);
    const made = await m.app.inject({
      method: 'POST',
      url: '/api/config/backup',
      remoteAddress: far,
      payload: { description: 'far only' },
      headers: { authorization: `Bearer ${admin}` },
    });
    assert.equal(made.statusCode, 200, made.body);
    assert.equal((await put(wl(false))).statusCode, 200);
    const uuid = (await list(m, admin)).find((e) => e.description === 'far only')!.uuid;
    const r = await apply(m, admin, { uuid, includeUser: false });
    assert.equal(r.status, 400, r.raw);
    assert.equal(r.body.data.value, 'Your address 127.0.0.1 is not in the whitelist: add it before enabling the whitelist, or you would be shut out');
    assert.equal((await m.call('GET', '/api/settings/communication/ipWhitelistConfig', { token: admin })).body.data.whiteListEnable, false);
    await clearBackups(m, admin);
  });

  test('no secret in clear in an exported file: passwords, keys, tokens, password hashes', async () => {
    // Every secret field of every section a backup holds gets a value of its own.
    const planted: string[] = [];
    const sections = new Map<string, AnySection>();
    for (const e of Object.values(endpoints)) if (e.method === 'PUT' && e.section) sections.set(e.section.key, e.section);
    for (const section of sections.values()) {
      const paths = secretPaths(section);
      if (paths.length === 0 || !m.services.sections.serves(section)) continue;
      const doc = m.services.sections.document(section);
      paths.forEach((path, i) => {
        if (typeof valueAt(doc, path) === 'string') setValueAt(doc, path, `Zq${section.key.slice(0, 4)}${i}x9K`);
      });
      try {
        m.services.sections.save(section, doc, 'admin');
      } catch {
        continue; // a section this module keeps device-specific or that its rules refuse here
      }
      for (const path of paths) {
        const v = valueAt(m.services.sections.document(section), path);
        if (typeof v === 'string' && v.startsWith('Zq')) planted.push(v);
      }
    }
    assert.ok(planted.length >= 5, `secrets planted: ${planted.join(', ')}`);
    const { text } = await exported(m, admin, await backup(m, admin, 'secrets'));
    for (const v of planted) assert.ok(!text.includes(v), `${v} in clear`);
    for (const row of m.services.ctx.db.prepare('SELECT password_hash AS h FROM users').all() as { h: string }[]) {
      for (const part of row.h.split('$').filter((p) => p.length >= 8)) assert.ok(!text.includes(part), 'a password hash in clear');
    }
    const deviceKey = m.services.ctx.kv.get<string>('config.deviceKey')!;
    assert.ok(!text.includes(deviceKey));
    // The same module opens them again: the planted secrets come back after an apply.
    const { name } = await exported(m, admin, (await list(m, admin))[0]!.uuid);
    assert.equal((await upload(m, admin, name, text)).status, 200);
    await clearBackups(m, admin);
  });

  test('a file from another module: refused without the confirmation naming its serial, refused for non-admin, applied by admin with it, still under every rule', async () => {
    await setPolicy(m, admin, { pwdLength: 10 });
    const { name, text } = await exported(m, admin, await backup(m, admin, 'migration'));
    const serial = m.services.device.identity().meterSerialNumber;
    assert.notEqual(other.services.device.identity().meterSerialNumber, serial);
    const up = await upload(other, otherAdmin, name, text);
    assert.equal(up.status, 200, up.raw);
    const [entry] = await list(other, otherAdmin);
    assert.equal(entry!.otherModule, true);
    assert.equal(entry!.serialNumber, serial);
    assert.ok(eventLog(other).some((e) => e.message === `Configuration file ${name} imported by admin (from another module, serial number ${serial}: without secrets and users)`));

    await addRole(other, otherAdmin, 'configurer', 2, 0, 2, 0);
    await addUser(other, otherAdmin, 'ocfg', { accessLevel: 'configurer' });
    const ocfg = await other.login('ocfg', USER_PASSWORD);
    const nonAdmin = await apply(other, ocfg, { uuid: entry!.uuid, includeUser: false, confirmOrigin: serial });
    assert.equal(nonAdmin.status, 403);
    assert.equal(nonAdmin.body.data.value, `This configuration comes from another module (serial number ${serial}): only admin may apply it`);
    for (const confirmOrigin of [undefined, 'AR00000000', '']) {
      const r = await apply(other, otherAdmin, { uuid: entry!.uuid, includeUser: false, ...(confirmOrigin === undefined ? {} : { confirmOrigin }) });
      assert.equal(r.status, 400, r.raw);
      assert.equal(r.body.data.value, `This configuration comes from another module (serial number ${serial}): confirm its origin to apply it`);
    }
    assert.equal((await policy(other, otherAdmin)).pwdLength, 8, 'nothing applied without the confirmation');
    const users = await apply(other, otherAdmin, { uuid: entry!.uuid, includeUser: true, confirmOrigin: serial });
    assert.equal(users.status, 400);
    assert.equal(users.body.data.value, 'The user accounts of this configuration were saved by another device: apply it without users');
    const ok = await apply(other, otherAdmin, { uuid: entry!.uuid, includeUser: false, confirmOrigin: serial });
    assert.equal(ok.status, 200, ok.raw);
    assert.equal((await policy(other, otherAdmin)).pwdLength, 10);
    assert.ok(eventLog(other).some((e) => e.message === `Configuration "migration" applied by admin (from another module, serial number ${serial})`));

    // Nothing in such a file is trusted: a value outside its rule is refused at apply as its save would refuse it.
    const bad = JSON.parse(text);
    bad.sections.passwordPolicy.pwdLength = 99;
    assert.equal((await upload(other, otherAdmin, name, JSON.stringify(bad))).status, 200);
    const badEntry = (await list(other, otherAdmin)).find((e) => e.uuid !== entry!.uuid)!;
    // A crafted name inside such a file never reaches the file system as it is.
    for (const fileName of ['..', '../../x.conf.an', 'a/b.conf.an']) {
      assert.equal((await upload(other, otherAdmin, name, JSON.stringify({ ...bad, meta: { ...bad.meta, fileName } }))).status, 200);
      const crafted = (await list(other, otherAdmin)).find((e) => ![entry!.uuid, badEntry.uuid].includes(e.uuid))! as { uuid: string; fileName?: string };
      assert.match(crafted.fileName!, /^AR[0-9A-F]{8}_\d{14}\.conf\.an$/);
      const link = await other.call('PATCH', '/api/config/export', { token: otherAdmin, body: { uuid: crafted.uuid } });
      assert.equal(link.status, 200, link.raw);
      assert.match(link.body.data.value, /^config\/file\/AR[0-9A-F]{8}_\d{14}\.conf\.an$/);
      await other.call('PATCH', '/api/config/delete', { token: otherAdmin, body: { uuid: crafted.uuid } });
    }
    const refused = await apply(other, otherAdmin, { uuid: badEntry.uuid, includeUser: false, confirmOrigin: serial });
    assert.equal(refused.status, 400, refused.raw);
    assert.equal(refused.body.data.errors.pwdLength, 'Minimum Password Length must be between 6 and 64');
    assert.equal((await policy(other, otherAdmin)).pwdLength, 10);

    // The upload checks the model and the firmware version of such a file.
    const model = await upload(other, otherAdmin, name, JSON.stringify({ ...bad, meta: { ...bad.meta, modelName: 'AcuRev 2020' } }));
    assert.equal(model.body.data.value, 'The configuration file is for another model (AcuRev 2020)');
    const newer = await upload(other, otherAdmin, name, JSON.stringify({ ...bad, meta: { ...bad.meta, firmwareVerion: '99.0.0' } }));
    assert.equal(newer.body.data.value, 'The configuration file was saved by a newer firmware (99.0.0): update the module first');
    await setPolicy(m, admin, { pwdLength: 8 });
  });
});

describe('config file format', () => {
  const doc: BackupDoc = {
    meta: { fileName: 'f.conf.an', firmwareVerion: '3.4.0', modelName: 'M', serialNumber: 'S', timestamp: 1, description: 'd', uuid: '00000000-0000-4000-8000-000000000000' },
    sections: { snmp: { enable: 1, community: { read: 'public-secret', write: 'private-secret' } } },
    users: { roles: [], users: [{ name: 'admin', passwordHash: 'scrypt$abc$def', accessLevel: 'admin', overridePwdPolicy: 0, multipleLogin: 1, registerTime: 0, passwordChangedAt: 0 }] },
  };
  const secrets = {
    snmp: [
      ['community', 'read'],
      ['community', 'write'],
    ],
  };
  const key = randomBytes(32);
  const secret = randomBytes(32);

  test('secrets and hashes are sealed: never in clear; the same module opens them, another module reads the file without them', () => {
    const text = exportConfigFile(doc, secrets, key, secret);
    for (const s of ['public-secret', 'private-secret', 'scrypt$abc$def', secret.toString('hex'), key.toString('base64')]) assert.ok(!text.includes(s), s);
    assert.deepEqual(importConfigFile(text, key, secret), { doc, ownModule: true });
    const foreign = importConfigFile(text, randomBytes(32), randomBytes(32));
    assert.equal(foreign.ownModule, false);
    assert.deepEqual(foreign.doc.sections.snmp, { enable: 1, community: { read: '', write: '' } });
    assert.equal(foreign.doc.users, undefined);
  });

  test('a file naming another origin is never opened, even under the right device key', () => {
    const file = JSON.parse(exportConfigFile(doc, secrets, key, secret));
    file.origin = '0'.repeat(32);
    const read = importConfigFile(JSON.stringify(file), key, secret);
    assert.equal(read.ownModule, false);
    assert.equal(read.doc.users, undefined);
    assert.deepEqual(read.doc.sections.snmp, { enable: 1, community: { read: '', write: '' } });
  });

  test("any change to this module's file, a truncation or another secret's signature is refused", () => {
    const text = exportConfigFile(doc, secrets, key, secret);
    const reason = (t: string) => {
      try {
        importConfigFile(t, key, secret);
        return 'accepted';
      } catch (e) {
        return (e as { reason: string }).reason;
      }
    };
    assert.equal(reason(text.replace('"enable": 1', '"enable": 0')), 'modified');
    assert.equal(reason(text.replace('"modelName": "M"', '"modelName": "N"')), 'modified');
    assert.equal(reason(text.replace('"accessLevel": "admin"', '"accessLevel": "view"')), 'modified');
    assert.equal(reason(resigned(text, OLD_PRODUCT_KEY, () => {})), 'modified');
    assert.equal(reason(text.slice(0, text.length / 2)), 'format');
    assert.equal(reason('{}'), 'format');
    assert.equal(reason(text), 'accepted');
  });
});
