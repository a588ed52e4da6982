/**
 * A full disk on every request-driven file write (issue 25 item 8; docs/decisions/security-full-disk-file-writes.md "Full disk on
 * files"): each writer's temporary file is linked to /dev/full, a real ENOSPC. The request answers
 * 507 with the module's text, the previous file is as it was, and no temporary file is left.
 * (The event-log export has its own test in input-hardening.test.ts.)
 */
import { hardeningTexts } from '@meter/contract';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { atomicTempPath } from '../src/atomic-file.ts';
import { buildPackage } from '../src/services/firmware/package-format.ts';
import { uploadFirmware } from './firmware-helpers.ts';
import { startModuleWithUsers, type TestModule } from './helper.ts';
import { uploadFile } from './upload-helper.ts';

describe('a full disk on file writes', () => {
  let m: TestModule;
  let admin: string;
  const NOW = Date.parse('2026-06-01T12:00:00Z');

  const keys = generateKeyPairSync('ed25519');
  const keyDir = mkdtempSync(join(tmpdir(), 'fw-keys-'));
  writeFileSync(join(keyDir, 'test.pem'), keys.publicKey.export({ type: 'spki', format: 'pem' }));
  const pack = (version: string) => buildPackage({ product: 'AXM-WEB2', version }, [{ name: 'rootfs.img', data: Buffer.from(`image ${version} `.repeat(100)) }], keys.privateKey);

  before(async () => {
    // A still clock: a second export or archive gets the name of the first, so its temporary file is known.
    ({ m, admin } = await startModuleWithUsers({ now: () => NOW, env: { MODULE_FIRMWARE_DEV_KEY: '0', MODULE_FIRMWARE_KEYS: keyDir } }));
  });
  after(async () => {
    await m.close();
    rmSync(keyDir, { recursive: true, force: true });
  });

  const full = (tmp: string) => symlinkSync('/dev/full', tmp);
  const assertFull = (r: { status: number; body: unknown; raw: string }) => {
    assert.equal(r.status, 507, r.raw);
    assert.deepEqual(r.body, { data: { value: hardeningTexts.storageFull } });
  };
  const noTemp = (dir: string) =>
    assert.deepEqual(
      readdirSync(dir).filter((f) => /\.(tmp|part)$/.test(f)),
      [],
      `no temporary file in ${dir}`,
    );

  test('configuration export (.conf.an): 507, the previous export is still served', async () => {
    const made = await m.call('POST', '/api/config/backup', { token: admin, body: { description: 'disk' } });
    assert.equal(made.status, 200, made.raw);
    const uuid = ((await m.call('GET', '/api/config/localInfo', { token: admin })).body.data as { uuid: string; description: string }[]).find((b) => b.description === 'disk')!.uuid;
    const first = await m.call('PATCH', '/api/config/export', { token: admin, body: { uuid } });
    assert.equal(first.status, 200, first.raw);
    const link = `/api/${first.body.data.value as string}`;
    const kept = await m.call('GET', link, { token: admin });
    assert.equal(kept.status, 200);
    const dir = join(m.dataDir, 'config-backups', 'export');
    const name = link.split('/').pop()!;
    assert.ok(existsSync(join(dir, name)), `export folder ${dir}`);
    full(atomicTempPath(join(dir, name)));
    assertFull(await m.call('PATCH', '/api/config/export', { token: admin, body: { uuid } }));
    noTemp(dir);
    const after = await m.call('GET', link, { token: admin });
    assert.equal(after.status, 200);
    assert.equal(after.raw, kept.raw, 'the previous export as it was');
  });

  test('HTTPS certificate generation: 507, the stored pair unchanged', async () => {
    const dir = join(m.dataDir, 'tls');
    const before = [readFileSync(join(dir, 'cert.pem'), 'utf8'), readFileSync(join(dir, 'key.pem'), 'utf8')];
    // The second file of the pair: the key's temporary file is written, then must go too.
    full(atomicTempPath(join(dir, 'cert.pem')));
    assertFull(await m.call('PATCH', '/api/command/cert/generateCert', { token: admin, body: { action: 'generate' } }));
    assert.deepEqual([readFileSync(join(dir, 'cert.pem'), 'utf8'), readFileSync(join(dir, 'key.pem'), 'utf8')], before);
    noTemp(dir);
  });

  test('MQTT CA upload: 507, the previous CA kept', async () => {
    const pem = readFileSync(join(m.dataDir, 'tls', 'cert.pem'));
    const first = await uploadFile(m, '/api/upload/local/mqttCA', admin, 'ca.crt', pem);
    assert.equal(first.status, 200, first.raw);
    const dir = join(m.dataDir, 'mqtt');
    full(atomicTempPath(join(dir, 'ca.crt')));
    const other = Buffer.from(pem.toString('latin1').replace(/\n/g, '\r\n'), 'latin1');
    assertFull(await uploadFile(m, '/api/upload/local/mqttCA', admin, 'ca.crt', other));
    assert.deepEqual(readFileSync(join(dir, 'ca.crt')), pem);
    noTemp(dir);
  });

  test('module firmware upload: 507, nothing left for Process to install, no temporary file', async () => {
    const first = await uploadFirmware(m, 'module', pack('3.5.0'), admin);
    assert.equal(first.status, 200, first.raw);
    const file = join(m.dataDir, 'firmware', 'upload.a2up');
    assert.ok(existsSync(file));
    full(atomicTempPath(file));
    assertFull(await uploadFirmware(m, 'module', pack('3.6.0'), admin));
    // A new upload replaces the kept one, also when refused (002 §7.4; package-check.ts): Process never installs an earlier choice.
    assert.ok(!existsSync(file));
    const process = await m.call('PATCH', '/api/fwUpdate/update', { token: admin, body: {} });
    assert.equal(process.status, 400, process.raw);
    noTemp(join(m.dataDir, 'firmware'));
  });

  test('diagnostic file: 507 (not the 503 of other failures), the previous archive kept', async () => {
    const first = await m.call('PATCH', '/api/command/downloadSyslog', { token: admin, body: {} });
    assert.equal(first.status, 200, first.raw);
    const name = first.body.data.value as string;
    const dir = join(m.dataDir, 'diagnostic');
    const kept = readFileSync(join(dir, name));
    full(join(dir, `${name}.part`));
    assertFull(await m.call('PATCH', '/api/command/downloadSyslog', { token: admin, body: {} }));
    assert.deepEqual(readFileSync(join(dir, name)), kept);
    noTemp(dir);
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.startsWith('staging-')),
      [],
      'no staging folder left',
    );
  });
});
