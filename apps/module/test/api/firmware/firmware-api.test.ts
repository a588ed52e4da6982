/**
 * Module firmware update (002 §4.8, §4.9, §7.4, §7.6): the multipart upload at
 * upload/local/moduleFirmware checks the file at once; a signed package is applied end to end (the
 * version changes after the reboot); tampered, truncated, wrong-key, wrong-product and too-old
 * packages are each refused at upload, with the reason in the reply and the update log, nothing
 * kept; an older package only by admin with "Allow downgrade" (issue 25), logged.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { firmwareTexts } from '@meter/contract';
import { buildPackage } from '../../../src/services/firmware/package-format.ts';
import { processUpdate, updateLog, uploadFirmware } from '../../firmware-helpers.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { until } from '../../../../../test-peers/until.ts';
import { addRole, addUser, eventLog, USER_PASSWORD } from '../../users-helpers.ts';

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
  before(async () => ({ m, admin } = await startModuleWithUsers({ env })));
  after(async () => {
    await m.close();
    rmSync(m.dataDir, { recursive: true, force: true });
    rmSync(keyDir, { recursive: true, force: true });
  });

  const upload = (file: Buffer, token = admin, opts: { allowDowngrade?: boolean; field?: string } = {}) => uploadFirmware(m, 'module', file, token, opts);
  async function run(file: Buffer, opts: { allowDowngrade?: boolean } = {}): Promise<string> {
    const r = await upload(file, admin, opts);
    assert.equal(r.status, 200, r.raw);
    return processUpdate(m, 'module', admin);
  }
  const version = async () => (await m.call('GET', '/api/settings/deviceInfo', { token: admin })).body.data.moduleFirmwareVersion;
  const nothingKept = async () => {
    const r = await m.call('PATCH', '/api/fwUpdate/update', { token: admin, body: {} });
    assert.equal(r.status, 400);
    assert.equal(r.body.data.value, 'No firmware file uploaded');
  };

  test('refused packages: refused at upload with the reason, in the log, nothing kept, the version unchanged, no reboot', async () => {
    const good = pack('3.5.0');
    const tampered = Buffer.from(good);
    const at = tampered.length - 10;
    tampered.writeUInt8(tampered.readUInt8(at) ^ 0xff, at);
    const cases: Array<[Buffer, string]> = [
      [tampered, 'part rootfs.img damaged'],
      [good.subarray(0, good.length - 100), 'package truncated'],
      [good.subarray(0, 40), 'package truncated'],
      [pack('3.5.0', stranger.privateKey), 'signature check failed'],
      [pack('3.5.0', keys.privateKey, 'AXM-OTHER'), 'package is for AXM-OTHER, this module is AXM-WEB2'],
      [pack('2.9.9'), 'version 2.9.9 is below the minimum 3.0.0'],
      [Buffer.from('not a package at all'), 'not a firmware package'],
    ];
    for (const [file, reason] of cases) {
      const r = await upload(file);
      assert.equal(r.status, 400, reason);
      assert.equal(r.body.data.value, reason);
      const log = await updateLog(m, 'module', admin);
      assert.ok(log.endsWith(`Firmware update failed: ${reason}\nEND OF FILE\n`), `${reason}\n${log}`);
      await nothingKept();
    }
    assert.ok(eventLog(m).some((e) => e.level === 'Error' && e.message === 'Module firmware file firmware.a2up from admin refused: signature check failed'));
    assert.equal(await version(), '3.4.0');
    assert.equal(m.reboots, 0);
    assert.equal(m.services.ctx.kv.get('firmware.pendingVersion'), undefined);
  });

  test('the development key is not trusted when MODULE_FIRMWARE_DEV_KEY is 0', async () => {
    const { execFileSync } = await import('node:child_process');
    const out = join(keyDir, 'dev.a2up');
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/module/src/firmware-pack.ts', '--version', '3.6.0', '--out', out], { cwd: join(import.meta.dirname, '../../../../..') });
    const { readFileSync } = await import('node:fs');
    const r = await upload(readFileSync(out));
    assert.equal(r.status, 400);
    assert.equal(r.body.data.value, 'signature check failed');
  });

  test('002 §7.4: multipart with one field `file`; no file or another field is 400 "Please provide Firmware File"; edit on maintenance', async () => {
    await addUser(m, admin, 'viewer');
    const viewer = await m.login('viewer', USER_PASSWORD);
    assert.equal((await upload(pack('3.5.0'), viewer)).status, 403);
    const noFile = [
      await upload(pack('3.5.0'), admin, { field: 'firmware' }),
      await upload(Buffer.alloc(0)),
      await m.call('POST', '/api/upload/local/moduleFirmware', { token: admin, body: {} }),
      await m.call('POST', '/api/upload/local/moduleFirmware', { token: admin, body: '', headers: { 'content-type': 'multipart/form-data; boundary=x' } }),
    ];
    for (const r of noFile) {
      assert.equal(r.status, 400, r.raw);
      assert.equal(r.body.data.value, 'Please provide Firmware File');
    }
    await nothingKept();
    // The raw body path of before is gone: one way in, with its checks.
    assert.equal((await m.call('POST', '/api/upload/firmware', { token: admin, body: pack('3.5.0'), headers: { 'content-type': 'application/octet-stream' } })).status, 404);
    // The reply names what Process would install.
    const r = await upload(pack('3.5.0'));
    assert.equal(r.status, 200, r.raw);
    assert.deepEqual(r.body.data, { value: 'Success', product: 'AXM-WEB2', version: '3.5.0', running: '3.4.0', downgrade: false });
    assert.match(await updateLog(m, 'module', admin), /Signature verified: AXM-WEB2 3\.5\.0, 1 part\(s\)\nPackage checked: AXM-WEB2 version 3\.5\.0, running version 3\.4\.0\n$/);
    // The same version again is a reinstall, not a downgrade.
    assert.deepEqual((await upload(pack('3.4.0'))).body.data, { value: 'Success', product: 'AXM-WEB2', version: '3.4.0', running: '3.4.0', downgrade: false });
  });

  test('issue 25: an older package is refused; with "Allow downgrade" only admin installs it, and it is logged', async () => {
    const older = pack('3.3.0');
    const refused = await upload(older);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data.value, firmwareTexts.olderVersion('3.3.0', '3.4.0'));
    assert.equal(
      refused.body.data.value,
      'version 3.3.0 is older than the running version 3.4.0; an older version is installed only by admin with "Allow downgrade to an older version"',
    );
    await nothingKept();
    // A user who may update the firmware, not admin: the option is refused, even for a newer file.
    await addRole(m, admin, 'fw-editor', 2, 2, 0, 2);
    await addUser(m, admin, 'fwedit', { accessLevel: 'fw-editor' });
    const editor = await m.login('fwedit', USER_PASSWORD);
    for (const file of [older, pack('3.5.0')]) {
      const r = await upload(file, editor, { allowDowngrade: true });
      assert.equal(r.status, 403);
      assert.equal(r.body.data.value, 'Only admin may install an older firmware version');
    }
    assert.equal((await upload(older, editor)).status, 400);
    await nothingKept();
    // Admin with the option: the reply says downgrade, Process applies it, the event log has it.
    const allowed = await upload(older, admin, { allowDowngrade: true });
    assert.equal(allowed.status, 200, allowed.raw);
    assert.deepEqual(allowed.body.data, { value: 'Success', product: 'AXM-WEB2', version: '3.3.0', running: '3.4.0', downgrade: true });
    const log = await processUpdate(m, 'module', admin);
    assert.match(log, /Signature verified: AXM-WEB2 3\.3\.0, 1 part\(s\)\nInstalling\nfirmware update success\nEND OF FILE\n$/);
    assert.equal(m.services.ctx.kv.get('firmware.pendingVersion'), '3.3.0');
    const events = eventLog(m);
    assert.ok(events.some((e) => e.level === 'Critical' && e.message === 'Module firmware downgrade from 3.4.0 to 3.3.0 allowed by admin'));
    assert.ok(events.some((e) => e.level === 'Critical' && e.message === 'Module firmware downgraded from 3.4.0 to 3.3.0 by admin; the module restarts'));
    assert.ok(events.some((e) => e.level === 'Error' && e.message === 'Module firmware file from fwedit refused: Only admin may install an older firmware version'));
    await until('the reboot after the downgrade', () => m.reboots === 1);
  });

  test('a signed package: success in the log, reboot, and the new version after it', async () => {
    const reboots = m.reboots;
    const log = await run(pack('3.5.0'));
    assert.match(log, /Signature verified: AXM-WEB2 3\.5\.0, 1 part\(s\)\nInstalling\nfirmware update success\nEND OF FILE\n$/);
    await until('the reboot', () => m.reboots === reboots + 1);
    assert.equal(await version(), '3.4.0', 'the running version changes with the restart');
    // The module stops here (or is killed): the next start runs the new version.
    await m.close(true);
    ({ m, admin } = await startModuleWithUsers({ dataDir: m.dataDir, env }));
    assert.equal(await version(), '3.5.0');
    assert.ok(eventLog(m).some((e) => e.message === 'Module firmware 3.5.0 running'));
    // Now 3.4.0 is older: refused without the option.
    assert.equal((await upload(pack('3.4.0'))).body.data.value, firmwareTexts.olderVersion('3.4.0', '3.5.0'));
    // The option holds for the kept file in memory only: after a restart Process refuses the older file.
    assert.equal((await upload(pack('3.4.0'), admin, { allowDowngrade: true })).body.data.downgrade, true);
    await m.close(true);
    ({ m, admin } = await startModuleWithUsers({ dataDir: m.dataDir, env }));
    assert.ok((await processUpdate(m, 'module', admin)).endsWith(`Firmware update failed: ${firmwareTexts.olderVersion('3.4.0', '3.5.0')}\nEND OF FILE\n`));
    assert.equal(m.services.ctx.kv.get('firmware.pendingVersion'), undefined);
  });
});

test('by default the published development key is not trusted', async () => {
  const { loadConfig } = await import('../../../src/config.ts');
  assert.equal(loadConfig({}).firmwareDevKey, false);
  assert.equal(loadConfig({ MODULE_FIRMWARE_DEV_KEY: '1' }).firmwareDevKey, true);
});
