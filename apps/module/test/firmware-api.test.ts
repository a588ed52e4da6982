/**
 * Module firmware update (002 §4.8, §4.9, §7.6): a signed package is applied end to end (the version
 * changes after the reboot); tampered, truncated, wrong-key, wrong-product and too-old packages are
 * each refused in the update log with nothing changed.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { buildPackage } from '../src/services/firmware/package-format.ts';
import { createTestModule, type TestModule } from './helper.ts';
import { addUser, eventLog, USER_PASSWORD } from './users-helpers.ts';

const keys = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const pack = (version: string, key: KeyObject = keys.privateKey, product = 'AXM-WEB2') =>
  buildPackage({ product, version }, [{ name: 'rootfs.img', data: Buffer.from(`image ${version} `.repeat(100)) }], key);

describe('module firmware update', () => {
  const keyDir = mkdtempSync(join(tmpdir(), 'fw-keys-'));
  writeFileSync(join(keyDir, 'test.pem'), keys.publicKey.export({ type: 'spki', format: 'pem' }));
  const env = { MODULE_FIRMWARE_DEV_KEY: '0', MODULE_FIRMWARE_KEYS: keyDir };
  let m: TestModule;
  let admin: string;
  before(async () => {
    m = await createTestModule({ env });
    admin = await m.login();
  });
  after(async () => {
    await m.close();
    rmSync(m.dataDir, { recursive: true, force: true });
    rmSync(keyDir, { recursive: true, force: true });
  });

  const upload = (file: Buffer, token = admin) => m.call('POST', '/api/upload/firmware', { token, body: file, headers: { 'content-type': 'application/octet-stream' } });
  async function run(file: Buffer): Promise<string> {
    assert.equal((await upload(file)).status, 200);
    const r = await m.call('PATCH', '/api/fwUpdate/update', { token: admin, body: {} });
    assert.equal(r.status, 200, r.raw);
    for (let i = 0; i < 100; i++) {
      const { output } = (await m.call('GET', '/api/fwUpdate/info', { token: admin })).body.data;
      if (output.trimEnd().endsWith('END OF FILE')) return output;
      await sleep(50);
    }
    throw new Error('the log never ended');
  }
  const version = async () => (await m.call('GET', '/api/settings/deviceInfo', { token: admin })).body.data.moduleFirmwareVersion;

  test('refused packages: each with its reason in the log, the version unchanged and no reboot', async () => {
    const good = pack('3.5.0');
    const tampered = Buffer.from(good);
    const at = tampered.length - 10;
    tampered.writeUInt8(tampered.readUInt8(at) ^ 0xff, at);
    const cases: Array<[Buffer, string]> = [
      [tampered, 'Firmware update failed: part rootfs.img damaged'],
      [good.subarray(0, good.length - 100), 'Firmware update failed: package truncated'],
      [good.subarray(0, 40), 'Firmware update failed: package truncated'],
      [pack('3.5.0', stranger.privateKey), 'Firmware update failed: signature check failed'],
      [pack('3.5.0', keys.privateKey, 'AXM-OTHER'), 'Firmware update failed: package is for AXM-OTHER, this module is AXM-WEB2'],
      [pack('2.9.9'), 'Firmware update failed: version 2.9.9 is below the minimum 3.0.0'],
      [Buffer.from('not a package at all'), 'Firmware update failed: not a firmware package'],
    ];
    for (const [file, reason] of cases) {
      const log = await run(file);
      assert.ok(log.includes(reason), `${reason}\n${log}`);
      assert.ok(!log.includes('firmware update success'));
    }
    await sleep(100);
    assert.equal(await version(), '3.4.0');
    assert.equal(m.reboots, 0);
    assert.equal(m.services.ctx.kv.get('firmware.pendingVersion'), undefined);
  });

  test('the development key is not trusted when MODULE_FIRMWARE_DEV_KEY is 0', async () => {
    const { execFileSync } = await import('node:child_process');
    const out = join(keyDir, 'dev.a2up');
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/module/src/firmware-pack.ts', '--version', '3.6.0', '--out', out], { cwd: join(import.meta.dirname, '../../..') });
    const { readFileSync } = await import('node:fs');
    assert.ok((await run(readFileSync(out))).includes('Firmware update failed: signature check failed'));
  });

  test('upload needs edit on maintenance and a binary body', async () => {
    await addUser(m, admin, 'viewer');
    const viewer = await m.login('viewer', USER_PASSWORD);
    assert.equal((await upload(pack('3.5.0'), viewer)).status, 403);
    const json = await m.call('POST', '/api/upload/firmware', { token: admin, body: {} });
    assert.equal(json.status, 400);
    assert.equal(json.body.data.value, 'The firmware file must be sent as application/octet-stream');
  });

  test('a signed package: success in the log, reboot, and the new version after it', async () => {
    const log = await run(pack('3.5.0'));
    assert.match(log, /Signature verified: AXM-WEB2 3\.5\.0, 1 part\(s\)\nInstalling\nfirmware update success\nEND OF FILE\n$/);
    for (let i = 0; i < 60 && m.reboots === 0; i++) await sleep(100);
    assert.equal(m.reboots, 1);
    assert.equal(await version(), '3.4.0', 'the running version changes with the restart');
    // The module stops here (or is killed): the next start runs the new version.
    await m.close(true);
    m = await createTestModule({ dataDir: m.dataDir, env });
    admin = await m.login();
    assert.equal(await version(), '3.5.0');
    assert.ok(eventLog(m).some((e) => e.message === 'Module firmware 3.5.0 running'));
  });
});

test('by default the published development key is not trusted', async () => {
  const { loadConfig } = await import('../src/config.ts');
  assert.equal(loadConfig({}).firmwareDevKey, false);
  assert.equal(loadConfig({ MODULE_FIRMWARE_DEV_KEY: '1' }).firmwareDevKey, true);
});
