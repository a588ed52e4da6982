/** Config Management (002 §2.15, §7.8, §9.4): backups, apply with and without users, signed export, import, the limit of 10. */
import { syslogConfigAll, type MqttConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { exportConfigFile, importConfigFile, type BackupDoc } from '../src/services/config-backup/backup-format.ts';
import { CONFIG_PRODUCT_KEY } from '../src/services/config-backup/index.ts';
import { createTestModule, type TestModule } from './helper.ts';
import { addRole, addUser, eventLog, setPolicy, USER_PASSWORD } from './users-helpers.ts';

const list = async (m: TestModule, token: string) => (await m.call('GET', '/api/config/localInfo', { token })).body.data as { uuid: string; description: string }[];
const policy = async (m: TestModule, token: string) => (await m.call('GET', '/api/settings/passwordPolicy', { token })).body.data;
const userNames = async (m: TestModule, token: string) => ((await m.call('GET', '/api/usermg/user/list', { token })).body.data as { name: string }[]).map((u) => u.name).sort();

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

describe('config management', () => {
  let m: TestModule;
  let admin: string;
  before(async () => {
    m = await createTestModule();
    admin = await m.login();
  });
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
    const r = await m.call('PATCH', '/api/config/apply', { token: admin, body: { uuid, includeUser: false } });
    assert.equal(r.status, 200, r.raw);
    assert.equal((await policy(m, admin)).pwdLength, 8);
    assert.ok(eventLog(m).some((e) => e.message === 'Configuration "round trip" applied by admin'));
    assert.deepEqual((await m.call('GET', '/api/settings/syslogConfig', { token: admin })).body.data, syslogConfigAll(6));
    assert.ok((await userNames(m, admin)).includes('later'));
    const withUsers = await m.call('PATCH', '/api/config/apply', { token: admin, body: { uuid, includeUser: true } });
    assert.equal(withUsers.status, 200, withUsers.raw);
    assert.deepEqual(await userNames(m, admin), ['admin']);
    // The admin password of the backup still signs in.
    assert.ok(await m.login());
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
    assert.equal((await m.call('PATCH', '/api/config/apply', { token: admin, body: { uuid, includeUser: false } })).status, 200);
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
      const r = await m.call('PATCH', '/api/config/apply', { token: admin, body: { uuid, includeUser: false } });
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
    await addRole(m, admin, 'configurer', 2, 0, 2, 1);
    await addUser(m, admin, 'cfg', { accessLevel: 'configurer' });
    const cfg = await m.login('cfg', USER_PASSWORD);
    const uuid = (await list(m, admin))[0]!.uuid;
    const r = await m.call('PATCH', '/api/config/apply', { token: cfg, body: { uuid, includeUser: true } });
    assert.equal(r.status, 403);
    assert.equal(r.body.data.value, 'Applying users and roles also needs edit permission on user configuration');
    assert.equal((await m.call('PATCH', '/api/config/apply', { token: admin, body: { uuid: 'not-a-uuid', includeUser: false } })).status, 400);
    assert.equal((await m.call('PATCH', '/api/config/delete', { token: admin, body: { uuid: '00000000-0000-4000-8000-000000000000' } })).status, 404);
  });

  test('export: no password hash in the file; import of it adds a backup; a modified file and another model are refused', async () => {
    const uuid = await backup(m, admin, 'to export');
    const { name, text } = await exported(m, admin, uuid);
    const hash = (m.services.ctx.db.prepare("SELECT password_hash AS h FROM users WHERE name = 'admin'").get() as { h: string }).h;
    assert.ok(!text.includes(hash), 'no password hash in clear');
    assert.ok(!text.includes(hash.slice(-20)));
    const before = (await list(m, admin)).length;
    const ok = await m.call('POST', '/api/config/import', { token: admin, body: { fileName: name, content: text } });
    assert.equal(ok.status, 200, ok.raw);
    assert.equal((await list(m, admin)).length, before + 1);
    const modified = text.replace(/"pwdLength": \d+/, '"pwdLength": 33');
    assert.notEqual(modified, text);
    const refused = await m.call('POST', '/api/config/import', { token: admin, body: { fileName: name, content: modified } });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data.value, 'The configuration file is damaged or has been modified');
    const wrongExt = await m.call('POST', '/api/config/import', { token: admin, body: { fileName: 'x.json', content: text } });
    assert.equal(wrongExt.body.data.value, 'Configuration File must be a .conf.an file');
    const parsed = importConfigFile(text, randomBytes(32), CONFIG_PRODUCT_KEY).doc;
    const other = exportConfigFile({ ...parsed, meta: { ...parsed.meta, modelName: 'AcuRev 2020' } }, {}, randomBytes(32), CONFIG_PRODUCT_KEY);
    const model = await m.call('POST', '/api/config/import', { token: admin, body: { fileName: name, content: other } });
    assert.equal(model.status, 400);
    assert.equal(model.body.data.value, 'The configuration file is for another model (AcuRev 2020)');
    assert.equal((await list(m, admin)).length, before + 1, 'nothing added by a refusal');
  });

  test('a file of another device: imported without users; applying it with users is refused, without users it applies', async () => {
    const uuid = await backup(m, admin, 'for the other device');
    const { name, text } = await exported(m, admin, uuid);
    const other = await createTestModule({ env: { MODULE_SEED: '7' } });
    try {
      const t = await other.login();
      assert.equal((await other.call('POST', '/api/config/import', { token: t, body: { fileName: name, content: text } })).status, 200);
      const [entry] = (await other.call('GET', '/api/config/localInfo', { token: t })).body.data;
      const withUsers = await other.call('PATCH', '/api/config/apply', { token: t, body: { uuid: entry.uuid, includeUser: true } });
      assert.equal(withUsers.status, 400);
      assert.equal(withUsers.body.data.value, 'The user accounts of this configuration were saved by another device: apply it without users');
      assert.equal((await other.call('PATCH', '/api/config/apply', { token: t, body: { uuid: entry.uuid, includeUser: false } })).status, 200);
    } finally {
      await other.close();
    }
  });

  test('at most 10: the 11th backup and import are refused and nothing is lost; delete makes room', async () => {
    while ((await list(m, admin)).length < 10) await backup(m, admin, `fill ${(await list(m, admin)).length}`);
    const before = await list(m, admin);
    const r = await m.call('POST', '/api/config/backup', { token: admin, body: { description: 'eleventh' } });
    assert.equal(r.status, 409);
    assert.equal(r.body.data.value, 'At most 10 configurations can be saved: delete one first');
    assert.deepEqual(await list(m, admin), before);
    const { name, text } = await exported(m, admin, before[0]!.uuid);
    const imp = await m.call('POST', '/api/config/import', { token: admin, body: { fileName: name, content: text } });
    assert.equal(imp.status, 409);
    assert.deepEqual(await list(m, admin), before);
    const d = await m.call('PATCH', '/api/config/delete', { token: admin, body: { uuid: before[0]!.uuid } });
    assert.equal(d.status, 200);
    assert.equal((await list(m, admin)).length, 9);
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
  const product = randomBytes(32);

  test('secrets and hashes are sealed: never in clear; the same device opens them, another does not', () => {
    const text = exportConfigFile(doc, secrets, key, product);
    for (const s of ['public-secret', 'private-secret', 'scrypt$abc$def']) assert.ok(!text.includes(s), s);
    assert.deepEqual(importConfigFile(text, key, product), { doc, ownDevice: true });
    const foreign = importConfigFile(text, randomBytes(32), product);
    assert.equal(foreign.ownDevice, false);
    assert.deepEqual(foreign.doc.sections.snmp, { enable: 1, community: { read: '', write: '' } });
    assert.equal(foreign.doc.users, undefined);
  });

  test('any change to the file, a truncation or another product key is refused', () => {
    const text = exportConfigFile(doc, secrets, key, product);
    assert.throws(() => importConfigFile(text.replace('"enable": 1', '"enable": 0'), key, product));
    assert.throws(() => importConfigFile(text.replace('"modelName": "M"', '"modelName": "N"'), key, product));
    assert.throws(() => importConfigFile(text.slice(0, text.length / 2), key, product));
    assert.throws(() => importConfigFile(text, key, randomBytes(32)));
    assert.throws(() => importConfigFile('{}', key, product));
  });
});
