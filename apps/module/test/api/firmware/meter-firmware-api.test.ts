/**
 * Meter firmware update (002 §2.13, §7.6 meterUpdate): a signed .abin is applied (deviceInfo shows
 * the new version, the meter settings' option rules follow it, the module does not reboot);
 * tampered, truncated, wrong-key, wrong-product, module-package and too-old files are each refused
 * at upload (upload/local/meterFirmware, multipart) with the reason in the reply and the meter's own
 * update log, nothing changed; an older file only by admin with "Allow downgrade" (issue 25);
 * `firmware:pack --kind meter` builds one.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { firmwareTexts } from '@meter/contract';
import { METER_MAGIC, buildPackage } from '../../../src/services/firmware/package-format.ts';
import { processUpdate, updateLog, uploadFirmware } from '../../firmware-helpers.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { putSettings } from '../../meter-settings-helpers.ts';
import { USER_PASSWORD, addRole, addUser, eventLog } from '../../users-helpers.ts';
import { until } from '../../../../../test-peers/until.ts';

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
  before(async () => ({ m, admin } = await startModuleWithUsers({ env: { MODULE_FIRMWARE_DEV_KEY: '0', MODULE_FIRMWARE_KEYS: keyDir } })));
  after(async () => {
    await m.close();
    rmSync(m.dataDir, { recursive: true, force: true });
    rmSync(keyDir, { recursive: true, force: true });
  });

  const upload = (file: Buffer, token = admin, opts: { allowDowngrade?: boolean; field?: string } = {}) => uploadFirmware(m, 'meter', file, token, { fileName: 'meter.abin', ...opts });
  async function run(file: Buffer, opts: { allowDowngrade?: boolean } = {}): Promise<string> {
    const r = await upload(file, admin, opts);
    assert.equal(r.status, 200, r.raw);
    return processUpdate(m, 'meter', admin);
  }
  const deviceInfo = async () => (await m.call('GET', '/api/settings/deviceInfo', { token: admin })).body.data;
  /** BACnet MS/TP (protocol 2) is offered from meter firmware 1.14 (contract METER_FIRMWARE.bacnet). */
  const saveMstp = () => putSettings(m, admin, 'general', (b) => ((b.protocolSelect = 2), (b.bacnetId = 1234)));

  test('refused files: each with its reason in the meter log, the version unchanged', async () => {
    const good = pack('1.17');
    const tampered = Buffer.from(good);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 5) ^ 0xff, tampered.length - 5);
    const cases: Array<[Buffer, string]> = [
      [tampered, 'part meter.bin damaged'],
      [good.subarray(0, good.length - 50), 'package truncated'],
      [good.subarray(0, 30), 'package truncated'],
      [pack('1.17', stranger.privateKey), 'signature check failed'],
      [pack('1.17', keys.privateKey, 'AcuRev 1300'), `package is for AcuRev 1300, this meter is ${METER_MODEL}`],
      [pack('1.17', keys.privateKey, 'AXM-WEB2', Buffer.from('A2UP')), 'not a firmware package'],
      [pack('1.09'), 'version 1.09 is below the minimum 1.10'],
      [pack('1.17.0'), 'version 1.17.0 is not a meter version number'],
    ];
    for (const [file, reason] of cases) {
      const r = await upload(file);
      assert.equal(r.status, 400, reason);
      assert.equal(r.body.data.value, reason);
      assert.ok((await updateLog(m, 'meter', admin)).endsWith(`Firmware update failed: ${reason}\nEND OF FILE\n`), reason);
      const start = await m.call('PATCH', '/api/meterUpdate/update', { token: admin, body: {} });
      assert.equal(start.body.data.value, 'No firmware file uploaded', 'nothing kept');
    }
    const noFile = await upload(pack('1.17'), admin, { field: 'upload' });
    assert.equal(noFile.status, 400);
    assert.equal(noFile.body.data.value, 'Please provide Firmware File');
    assert.equal((await m.call('POST', '/api/upload/meterFirmware', { token: admin, body: pack('1.17'), headers: { 'content-type': 'application/octet-stream' } })).status, 404);
    assert.equal((await deviceInfo()).meterFirmwareVersion, '1.16');
    // The module's own log was not touched.
    assert.equal((await m.call('GET', '/api/fwUpdate/info', { token: admin })).body.data.output, '');
  });

  test('a signed file is applied: deviceInfo and the option rules follow, no module reboot; an older one only by admin with the option (issue 25)', async () => {
    assert.equal((await saveMstp()).status, 200);
    await putSettings(m, admin, 'general', (b) => (b.protocolSelect = 0));
    const older = await upload(pack('1.13'));
    assert.equal(older.status, 400);
    assert.equal(older.body.data.value, firmwareTexts.olderVersion('1.13', '1.16'));
    await addRole(m, admin, 'fw-editor', 2, 2, 0, 2);
    await addUser(m, admin, 'fwedit', { accessLevel: 'fw-editor' });
    const editor = await m.login('fwedit', USER_PASSWORD);
    const notAdmin = await upload(pack('1.13'), editor, { allowDowngrade: true });
    assert.equal(notAdmin.status, 403);
    assert.equal(notAdmin.body.data.value, 'Only admin may install an older firmware version');
    assert.equal((await deviceInfo()).meterFirmwareVersion, '1.16');
    const down = await run(pack('1.13'), { allowDowngrade: true });
    assert.match(down, /Signature verified: AcuRev 2100-mV-18 1\.13, 1 part\(s\)\nSending the firmware to the meter\nMeter restarted\nmeter firmware update success\nEND OF FILE\n$/);
    assert.equal((await deviceInfo()).meterFirmwareVersion, '1.13');
    const refused = await saveMstp();
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data.value, 'Protocol must be one of the listed options');
    await run(pack('1.16'));
    assert.equal((await deviceInfo()).meterFirmwareVersion, '1.16');
    assert.equal((await saveMstp()).status, 200);
    assert.equal(m.reboots, 0);
    assert.ok(eventLog(m).some((e) => e.level === 'Critical' && e.message === 'Meter firmware downgraded from 1.16 to 1.13 by admin'));
    assert.ok(eventLog(m).some((e) => e.level === 'Info' && e.message === 'Meter firmware 1.16 installed by admin (was 1.13)'));
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
      cwd: join(import.meta.dirname, '../../../../..'),
    });
    assert.equal(readFileSync(out).subarray(0, 4).toString(), 'ABIN');
    const { m: dev, admin: token } = await startModuleWithUsers({ env: { MODULE_FIRMWARE_DEV_KEY: '1' } });
    try {
      assert.equal((await uploadFirmware(dev, 'meter', readFileSync(out), token, { fileName: 'dev.abin' })).status, 200);
      await dev.call('PATCH', '/api/meterUpdate/update', { token, body: {} });
      await until('the meter firmware 1.18', async () => (await dev.call('GET', '/api/settings/deviceInfo', { token })).body.data.meterFirmwareVersion === '1.18', 5000);
      assert.equal((await dev.call('GET', '/api/settings/deviceInfo', { token })).body.data.meterFirmwareVersion, '1.18');
    } finally {
      await dev.close();
      rmSync(dev.dataDir, { recursive: true, force: true });
    }
  });
});
