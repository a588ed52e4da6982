import { REALTIME_KEYS as K, deviceInfo, homePageInfo } from '@meter/contract';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';

describe('device and readings API', () => {
  let m: TestModule;
  let token: string;
  before(async () => ({ m, admin: token } = await startModuleWithUsers()));
  after(() => m.close());

  const get = (url: string) => m.call('GET', url, { token });

  test('systemMode is public and normal (0) on a fresh device', async () => {
    const r = await m.call('GET', '/api/systemMode');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { data: { mode: 0 } });
  });

  test('homePageInfo and deviceInfo match their contract schemas', async () => {
    const home = await get('/api/command/homePageInfo');
    assert.equal(home.status, 200);
    homePageInfo.parse(home.body.data);
    assert.ok(Math.abs(home.body.data.currentTime - Date.now() / 1000) < 5);
    const info = await get('/api/settings/deviceInfo');
    deviceInfo.parse(info.body.data);
    assert.match(info.body.data.moduleEth0MacAddress, /^02(:[0-9A-F]{2}){5}$/);
    assert.equal(info.body.data.meterSerialNumber, m.services.device.identity().meterSerialNumber);
  });

  test('identity is kept across a restart of the same data folder', async () => {
    const before = (await get('/api/settings/deviceInfo')).body.data.meterSerialNumber;
    const { m: again, admin: t } = await startModuleWithUsers({ dataDir: m.dataDir, env: { MODULE_SEED: '999' } });
    try {
      const after = (await again.call('GET', '/api/settings/deviceInfo', { token: t })).body.data.meterSerialNumber;
      assert.equal(after, before);
    } finally {
      await again.close(true);
    }
  });

  test('storage: usage text and disk status from the data folder file system', async () => {
    const s = await m.call('PATCH', '/api/command/deviceInfo/getStorageStatus', { token });
    assert.equal(s.status, 200);
    assert.match(s.body.data.value, /^\d+\.\d\d [GM]B \/ \d+\.\d\d [GM]B \(\d+\.\d%\)$/);
    const d = await get('/api/command/getDiskStatus');
    assert.ok(d.body.data.diskStatus >= 0 && d.body.data.diskStatus <= 100);
  });

  test('mcStatus, wiring type, user names and DI names', async () => {
    assert.deepEqual((await get('/api/command/getMCStatus')).body.data, { meterFirmwareVersion: '1.16', mcStatus: 1 });
    assert.deepEqual((await get('/api/command/getWiringType')).body.data, { WiringType: 1, mcStatus: 1 });
    assert.equal((await get('/api/settings/meter')).body.data.voltageWiring, 1);
    const names = (await get('/api/settings/getUserName')).body.data;
    assert.deepEqual(
      Object.keys(names),
      Array.from({ length: 18 }, (_, i) => `userId${i + 1}`),
    );
    assert.deepEqual(names.userId5, { channel: 5, userName: '' });
    const di = (await get('/api/settings/getDiName')).body.data;
    assert.deepEqual(di.di1Config, { name: 'DI1' });
    assert.equal(Object.keys(di).length, 18);
  });

  test('realtime system rows obey the physics', async () => {
    const r = await get('/api/readings/realtime/system');
    assert.equal(r.status, 200);
    const rows = r.body.data as Record<string, number | string>[];
    assert.deepEqual(
      rows.map((x) => x.Name),
      ['Phase A', 'Phase B', 'Phase C', 'System'],
    );
    const sys = rows[3]!;
    const f = sys[K.frequency] as number;
    assert.ok(f >= 45 && f <= 65, `frequency ${f}`);
    const sumP = rows.slice(0, 3).reduce((a, x) => a + (x[K.activePower] as number), 0);
    assert.ok(Math.abs(sumP - (sys[K.activePower] as number)) < 0.01);
    for (const ph of rows.slice(0, 3)) {
      const s = ((ph[K.vln] as number) * (ph[K.current] as number)) / 1000;
      assert.ok(Math.abs(s - (ph[K.apparentPower] as number)) < 0.01 + 0.002 * s, 'S = V·I');
      assert.ok(!(K.frequency in ph));
      const ratio = (ph[K.vll] as number) / (ph[K.vln] as number);
      assert.ok(Math.abs(ratio - Math.sqrt(3)) < 0.05, `VLL/VLN ${ratio}`);
    }
  });

  test('channel rows: inputs 1-18, user channels 19-24 (3 LN), 404 otherwise', async () => {
    const one = await get('/api/readings/realtime/channels/1');
    assert.equal(one.status, 200);
    assert.deepEqual(
      one.body.data.map((x: { Name: string }) => x.Name),
      ['Input Channel 1'],
    );
    const user = await get('/api/readings/realtime/channels/19');
    assert.deepEqual(
      user.body.data.map((x: { Name: string }) => x.Name),
      ['Phase A', 'Phase B', 'Phase C', 'Total'],
    );
    for (const bad of ['0', '25', 'abc', '1e1', '-1']) {
      const r = await get(`/api/readings/realtime/channels/${bad}`);
      assert.equal(r.status, 404, bad);
      assert.equal(r.body.data.value, 'No data available');
    }
  });

  test('cert_accu.cer is a real X.509 certificate whose key is on disk with mode 0600', async () => {
    const r = await m.app.inject({ method: 'GET', url: '/api/cert_accu.cer' });
    assert.equal(r.statusCode, 200);
    assert.match(String(r.headers['content-disposition']), /cert_accu\.cer/);
    const cert = new X509Certificate(r.rawPayload);
    assert.match(cert.subject, new RegExp(`CN=${m.services.device.identity().meterSerialNumber.toLowerCase()}`));
    assert.ok(new Date(cert.validTo) > new Date());
    assert.equal(statSync(join(m.dataDir, 'tls', 'key.pem')).mode & 0o777, 0o600);
  });

  test('production test result is public', async () => {
    const r = await m.call('GET', '/api/productionTest/result');
    assert.equal(r.status, 200);
    assert.equal(r.body.data.moduleInfo.moduleSerialNumber, m.services.device.identity().meterSerialNumber);
    assert.equal(r.body.data.testResult.serialPort, 'PASS');
    assert.equal(r.body.data.testResult.storage, 'PASS');
    for (const v of Object.values(r.body.data.testResult)) assert.match(String(v), /^(PASS|FAIL: .+)$/);
  });

  test('reboot asks the launcher to reboot and answers Success', async () => {
    const r = await m.call('PATCH', '/api/command/rebootSystem', { token, body: { value: 1 } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { data: { value: 'Success' } });
    assert.equal(m.reboots, 1);
  });
});

describe('bad input', () => {
  let m: TestModule;
  let token: string;
  before(async () => ({ m, admin: token } = await startModuleWithUsers()));
  after(() => m.close());

  test('malformed JSON is 400 with a message, never 500', async () => {
    const r = await m.app.inject({ method: 'POST', url: '/api/users/authenticate', headers: { 'content-type': 'application/json' }, payload: '{"username": "admin",' });
    assert.equal(r.statusCode, 400);
    assert.deepEqual(r.json(), { data: { value: 'Malformed JSON' } });
  });

  test('wrong types, missing and unknown fields are 400 with the catalogue message', async () => {
    const missing = await m.call('POST', '/api/users/authenticate', { body: { username: 'admin' } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.data.value, 'Please provide Password');
    assert.deepEqual(missing.body.data.errors, { password: 'Please provide Password' });
    const unknown = await m.call('POST', '/api/users/authenticate', { body: { username: 'admin', password: 'x', extra: 1 } });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.data.value, 'Unknown field extra');
    const wrongType = await m.call('PATCH', '/api/command/rebootSystem', { token, body: { value: '1' } });
    assert.equal(wrongType.status, 400);
    assert.equal(m.reboots, 0);
    const range = await m.call('PUT', '/api/usrmg/general/config', { token, body: { maxLoginUser: 11, sessionTimeout: 15 } });
    assert.equal(range.status, 400);
    assert.equal(range.body.data.value, 'Max Concurrent Logins must be between 1 and 10');
  });

  test('a JSON array or a non-JSON content type is 400', async () => {
    const arr = await m.call('POST', '/api/users/authenticate', { body: [] });
    assert.equal(arr.status, 400);
    const text = await m.app.inject({ method: 'POST', url: '/api/users/authenticate', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    assert.equal(text.statusCode, 400);
    assert.ok(typeof text.json().data.value === 'string');
  });

  test('unknown paths are 404 with a JSON reply', async () => {
    for (const url of ['/api/nope', '/api', '/api/readings/realtime', '/favicon.ico']) {
      const r = await m.call('GET', url, { token });
      assert.equal(r.status, 404, url);
      assert.ok(typeof r.body.data.value === 'string', url);
    }
    const wrongMethod = await m.call('DELETE', '/api/systemMode');
    assert.equal(wrongMethod.status, 404);
  });

  test('API replies are not cached and carry hardening headers', async () => {
    const r = await m.call('GET', '/api/systemMode');
    assert.equal(r.headers['cache-control'], 'no-store');
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
  });
});
