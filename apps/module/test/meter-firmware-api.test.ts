/**
 * Meter firmware update (002 §2.13, §7.6 meterUpdate): a signed .abin is applied (deviceInfo shows
 * the new version, the meter settings' option rules follow it, the module does not reboot);
 * tampered, truncated, wrong-key, wrong-product, module-package and too-old files are each refused
 * in the meter's own update log with nothing changed; `firmware:pack --kind meter` builds one.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { METER_MAGIC, buildPackage } from '../src/services/firmware/package-format.ts';
import { createTestModule, type TestModule } from './helper.ts';
import { putSettings } from './meter-settings-helpers.ts';
import { USER_PASSWORD, addUser, eventLog } from './users-helpers.ts';

const METER_MODEL = 'AcuRev 2100-mV-18';
const keys = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const pack = (version: string, key: KeyObject = keys.privateKey, product = METER_MODEL, magic = METER_MAGIC) =>
  buildPackage({ product, version }, [{ name: 'meter.bin', data: Buffer.from(`meter image ${version} `.repeat(80)) }], key, magic);

describe('meter firmware update', () => {
  const keyDir = mkdtempSync(join(tmpdir(), 'meter-fw-keys-'));
  writeFileSync(join(keyDir, 'test.pem'), keys.publicKey.export({ type: 'spki', format: 'pem' }));
  let m: TestModule;
  let admin: string;
  before(async () => {
    m = await createTestModule({ env: { MODULE_FIRMWARE_DEV_KEY: '0', MODULE_FIRMWARE_KEYS: keyDir } });
    admin = await m.login();
  });
  after(async () => {
    await m.close();
    rmSync(m.dataDir, { recursive: true, force: true });
    rmSync(keyDir, { recursive: true, force: true });
  });

  const upload = (file: Buffer, token = admin) => m.call('POST', '/api/upload/meterFirmware', { token, body: file, headers: { 'content-type': 'application/octet-stream' } });
  async function run(file: Buffer): Promise<string> {
    assert.equal((await upload(file)).status, 200);
    const r = await m.call('PATCH', '/api/meterUpdate/update', { token: admin, body: {} });
    assert.equal(r.status, 200, r.raw);
    for (let i = 0; i < 100; i++) {
      const { output } = (await m.call('GET', '/api/meterUpdate/info', { token: admin })).body.data;
      if (output.trimEnd().endsWith('END OF FILE')) return output;
      await sleep(50);
    }
    throw new Error('the log never ended');
  }
  const deviceInfo = async () => (await m.call('GET', '/api/settings/deviceInfo', { token: admin })).body.data;
  /** BACnet MS/TP (protocol 2) is offered from meter firmware 1.14 (contract METER_FIRMWARE.bacnet). */
  const saveMstp = () => putSettings(m, admin, 'general', (b) => ((b.protocolSelect = 2), (b.bacnetId = 1234)));

  test('refused files: each with its reason in the meter log, the version unchanged', async () => {
    const good = pack('1.17');
    const tampered = Buffer.from(good);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 5) ^ 0xff, tampered.length - 5);
    const cases: Array<[Buffer, string]> = [
      [tampered, 'Firmware update failed: part meter.bin damaged'],
      [good.subarray(0, good.length - 50), 'Firmware update failed: package truncated'],
      [good.subarray(0, 30), 'Firmware update failed: package truncated'],
      [pack('1.17', stranger.privateKey), 'Firmware update failed: signature check failed'],
      [pack('1.17', keys.privateKey, 'AcuRev 1300'), `Firmware update failed: package is for AcuRev 1300, this meter is ${METER_MODEL}`],
      [pack('1.17', keys.privateKey, 'AXM-WEB2', Buffer.from('A2UP')), 'Firmware update failed: not a firmware package'],
      [pack('1.09'), 'Firmware update failed: version 1.09 is below the minimum 1.10'],
      [pack('1.17.0'), 'Firmware update failed: version 1.17.0 is not a meter version number'],
    ];
    for (const [file, reason] of cases) {
      const log = await run(file);
      assert.ok(log.includes(reason), `${reason}\n${log}`);
      assert.ok(!log.includes('meter firmware update success'));
    }
    assert.equal((await deviceInfo()).meterFirmwareVersion, '1.16');
    // The module's own log was not touched.
    assert.equal((await m.call('GET', '/api/fwUpdate/info', { token: admin })).body.data.output, '');
  });

  test('a signed file is applied: deviceInfo and the option rules follow, no module reboot', async () => {
    assert.equal((await saveMstp()).status, 200);
    await putSettings(m, admin, 'general', (b) => (b.protocolSelect = 0));
    const down = await run(pack('1.13'));
    assert.match(down, /Signature verified: AcuRev 2100-mV-18 1\.13, 1 part\(s\)\nSending the firmware to the meter\nMeter restarted\nmeter firmware update success\nEND OF FILE\n$/);
    assert.equal((await deviceInfo()).meterFirmwareVersion, '1.13');
    const refused = await saveMstp();
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data.value, 'Protocol must be one of the listed options');
    await run(pack('1.16'));
    assert.equal((await deviceInfo()).meterFirmwareVersion, '1.16');
    assert.equal((await saveMstp()).status, 200);
    assert.equal(m.reboots, 0);
    assert.ok(eventLog(m).some((e) => e.message === 'Meter firmware 1.13 installed by admin (was 1.16)'));
  });

  test('view roles may read the log but not upload or start', async () => {
    await addUser(m, admin, 'viewer');
    const viewer = await m.login('viewer', USER_PASSWORD);
    assert.equal((await upload(pack('1.17'), viewer)).status, 403);
    assert.equal((await m.call('PATCH', '/api/meterUpdate/update', { token: viewer, body: {} })).status, 403);
    assert.equal((await m.call('GET', '/api/meterUpdate/info', { token: viewer })).status, 200);
  });

  test('firmware:pack --kind meter builds a file the module accepts with the development key', async () => {
    const out = join(keyDir, 'dev.abin');
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/module/src/firmware-pack.ts', '--kind', 'meter', '--version', '1.18', '--out', out], {
      cwd: join(import.meta.dirname, '../../..'),
    });
    assert.equal(readFileSync(out).subarray(0, 4).toString(), 'ABIN');
    const dev = await createTestModule({ env: { MODULE_FIRMWARE_DEV_KEY: '1' } });
    try {
      const token = await dev.login();
      assert.equal((await dev.call('POST', '/api/upload/meterFirmware', { token, body: readFileSync(out), headers: { 'content-type': 'application/octet-stream' } })).status, 200);
      await dev.call('PATCH', '/api/meterUpdate/update', { token, body: {} });
      for (let i = 0; i < 100 && (await dev.call('GET', '/api/settings/deviceInfo', { token })).body.data.meterFirmwareVersion !== '1.18'; i++) await sleep(50);
      assert.equal((await dev.call('GET', '/api/settings/deviceInfo', { token })).body.data.meterFirmwareVersion, '1.18');
    } finally {
      await dev.close();
      rmSync(dev.dataDir, { recursive: true, force: true });
    }
  });
});
