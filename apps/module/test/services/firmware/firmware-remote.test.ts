/**
 * Remote and automatic module firmware update (002 §4.7, §7.6; 000 §3): a real HTTP firmware server
 * on a loopback port publishes a manifest and packages made by the pack code. A good package is
 * downloaded with progress, passes the completeness check and the same checks as an upload, and
 * runs after the reboot; a 404, an interrupted download, a file that is not the manifest's and a
 * package the module does not trust are each refused with their reason, and nothing changes.
 */
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { firmwareTexts, localDate } from '@meter/contract';
import { buildPackage } from '../../../src/services/firmware/package-format.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { until } from '../../../../../test-peers/until.ts';
import { addUser, eventLog, USER_PASSWORD } from '../../users-helpers.ts';

const keys = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const pack = (version: string, key: KeyObject = keys.privateKey) =>
  buildPackage({ product: 'AXM-WEB2', version }, [{ name: 'rootfs.img', data: Buffer.from(`image ${version} `.repeat(5000)) }], key);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The firmware server: `manifest` is what /manifest.json serves; packages by name. */
class FirmwareServer {
  manifest: unknown = {};
  files = new Map<string, Buffer>();
  /** Names whose transfer stops halfway (the connection is cut). */
  cut = new Set<string>();
  private server!: Server;
  base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const name = (req.url ?? '').slice(1);
      // A package behind a redirect, as file hosts and CDNs answer.
      if (name.startsWith('moved/')) return void res.writeHead(302, { location: `/${name.slice('moved/'.length)}` }).end();
      if (name === 'manifest.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.manifest));
      const file = this.files.get(name);
      if (!file) return void res.writeHead(404).end('not found');
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.length });
      if (!this.cut.has(name)) return void res.end(file);
      res.write(file.subarray(0, file.length >> 1), () => setTimeout(() => res.socket?.destroy(), 50));
    });
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  offer(version: string, name: string, file: Buffer, extra: Record<string, unknown> = {}): void {
    this.files.set(name, file);
    this.manifest = { product: 'AXM-WEB2', version, url: name, size: file.length, sha256: sha(file), info_link: `https://example.com/notes/${version}`, ...extra };
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((ok) => this.server.close(() => ok()));
  }
}

describe('remote module firmware update', () => {
  const keyDir = mkdtempSync(join(tmpdir(), 'fw-keys-'));
  writeFileSync(join(keyDir, 'test.pem'), keys.publicKey.export({ type: 'spki', format: 'pem' }));
  const env = { MODULE_FIRMWARE_DEV_KEY: '0', MODULE_FIRMWARE_KEYS: keyDir };
  const fw = new FirmwareServer();
  let m: TestModule;
  let admin: string;
  before(async () => {
    await fw.start();
    ({ m, admin } = await startModuleWithUsers({ env }));
    const put = await m.call('PUT', '/api/settings/firmware', { token: admin, body: { moduleCheckUpdateUrl: `${fw.base}/manifest.json` } });
    assert.equal(put.status, 200, put.raw);
  });
  after(async () => {
    await m.close();
    await fw.close();
    rmSync(m.dataDir, { recursive: true, force: true });
    rmSync(keyDir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const r = await m.call('GET', `/api/upload/remote/${path}`, { token: admin });
    assert.equal(r.status, 200, r.raw);
    return r.body.data;
  };
  const version = async () => (await m.call('GET', '/api/settings/deviceInfo', { token: admin })).body.data.moduleFirmwareVersion;
  const log = async () => (await m.call('GET', '/api/fwUpdate/info', { token: admin })).body.data.output as string;
  /** Check, download, and poll the status until the transfer ends; returns the percents seen and the last status. */
  async function download(): Promise<{ seen: number[]; last: { value: number; state: string; reason?: string } }> {
    assert.ok((await get('checkModuleUpdate')).version);
    assert.equal((await get('remoteDownload')).value, 'Success');
    const seen: number[] = [];
    let last: { value: number; state: string; reason?: string } | undefined;
    const ended = async () => {
      last = await get('downloadStatus');
      seen.push(last!.value);
      return last!.state !== 'downloading';
    };
    await until('the download to end', ended, 10_000, 20);
    return { seen, last: last! };
  }
  async function processLog(): Promise<string> {
    const r = await m.call('PATCH', '/api/fwUpdate/update', { token: admin, body: {} });
    assert.equal(r.status, 200, r.raw);
    let out = '';
    await until('the log to end', async () => (out = await log()).trimEnd().endsWith('END OF FILE'), 10_000, 50);
    return out;
  }
  async function assertNothingChanged() {
    const r = await m.call('PATCH', '/api/fwUpdate/update', { token: admin, body: {} });
    assert.equal(r.status, 400, 'nothing is staged for processing');
    assert.equal(r.body.data.value, 'No firmware file uploaded');
    assert.equal(await version(), '3.4.0');
    assert.equal(m.reboots, 0);
    assert.equal(m.services.ctx.kv.get('firmware.pendingVersion'), undefined);
  }

  test('the auto update and server URL settings: defaults, rules, edit on maintenance', async () => {
    const auto = await m.call('GET', '/api/settings/autoUpdateConfig', { token: admin });
    assert.deepEqual(auto.body.data, { checkStat: 1, checkTime: 2 });
    const bad = await m.call('PUT', '/api/settings/autoUpdateConfig', { token: admin, body: { checkStat: 3, checkTime: 24 } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.data.errors.checkStat, 'Auto Update must be one of the listed options');
    const url = await m.call('PUT', '/api/settings/firmware', { token: admin, body: { moduleCheckUpdateUrl: 'ftp://x/manifest.json' } });
    assert.equal(url.status, 400);
    await addUser(m, admin, 'viewer');
    const viewer = await m.login('viewer', USER_PASSWORD);
    assert.equal((await m.call('GET', '/api/upload/remote/checkModuleUpdate', { token: viewer })).status, 403);
    assert.equal((await m.call('GET', '/api/upload/remote/remoteDownload', { token: viewer })).status, 403);
  });

  test('no newer version: an empty reply (step -1); a server that does not answer: the reason', async () => {
    fw.offer('3.4.0', 'same.a2up', pack('3.4.0'));
    assert.deepEqual(await get('checkModuleUpdate'), {});
    const none = await m.call('GET', '/api/upload/remote/remoteDownload', { token: admin });
    assert.equal(none.status, 400);
    assert.equal(none.body.data.value, 'Check for an update first');
    fw.manifest = { product: 'AXM-OTHER', version: '9.0.0', url: 'x', size: 1, sha256: '0'.repeat(64) };
    const other = await m.call('GET', '/api/upload/remote/checkModuleUpdate', { token: admin });
    assert.equal(other.status, 502);
    assert.equal(other.body.data.value, 'Firmware server check failed: the firmware server offers AXM-OTHER, this module is AXM-WEB2');
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    await m.call('PUT', '/api/settings/firmware', { token: admin, body: { moduleCheckUpdateUrl: `http://127.0.0.1:${port}/manifest.json` } });
    const refused = await m.call('GET', '/api/upload/remote/checkModuleUpdate', { token: admin });
    assert.equal(refused.status, 502);
    assert.equal(refused.body.data.value, 'Firmware server check failed: could not connect');
    await m.call('PUT', '/api/settings/firmware', { token: admin, body: { moduleCheckUpdateUrl: `${fw.base}/manifest.json` } });
  });

  test('a 404: failed with the reason, incomplete, nothing staged', async () => {
    fw.offer('3.5.0', 'gone.a2up', pack('3.5.0'));
    fw.files.delete('gone.a2up');
    const { last } = await download();
    assert.equal(last.state, 'failed');
    assert.equal(last.reason, `HTTP 404 from ${fw.base}/gone.a2up`);
    assert.deepEqual(await get('isFirmwareComplete'), { value: 'no', reason: `HTTP 404 from ${fw.base}/gone.a2up` });
    assert.match(await log(), /Firmware download failed: HTTP 404/);
    await assertNothingChanged();
  });

  test('an interrupted download: failed, incomplete, nothing staged', async () => {
    fw.offer('3.5.0', 'cut.a2up', pack('3.5.0'));
    fw.cut.add('cut.a2up');
    const { last } = await download();
    assert.equal(last.state, 'failed');
    assert.ok(last.value < 100, 'the progress never shows 100 for a cut transfer');
    assert.equal(last.reason, 'could not connect');
    assert.equal((await get('isFirmwareComplete')).value, 'no');
    assert.ok(eventLog(m).some((e) => e.level === 'Error' && /download failed/.test(e.message)));
    await assertNothingChanged();
  });

  test('a file that is not the one of the manifest: the completeness check says no', async () => {
    const good = pack('3.5.0');
    fw.offer('3.5.0', 'swapped.a2up', good);
    const tampered = Buffer.from(good);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 10) ^ 0xff, tampered.length - 10);
    fw.files.set('swapped.a2up', tampered);
    const { last } = await download();
    assert.equal(last.state, 'done');
    assert.equal(last.value, 100);
    assert.deepEqual(await get('isFirmwareComplete'), { value: 'no', reason: 'the SHA-256 of the download does not match the manifest' });
    await assertNothingChanged();
  });

  test('a package signed with a key the module does not trust: complete, then refused by the update', async () => {
    fw.offer('3.5.0', 'stranger.a2up', pack('3.5.0', stranger.privateKey));
    await download();
    assert.deepEqual(await get('isFirmwareComplete'), { value: 'yes' });
    const out = await processLog();
    assert.match(out, /Download complete: \d+ bytes, SHA-256 verified\n/);
    assert.match(out, /Firmware update failed: signature check failed\nEND OF FILE\n$/);
    // Nothing changed: a negative with no event to wait for past END OF FILE, so a moment passes first.
    await sleep(100);
    await assertNothingChanged();
  });

  test('issue 25: remote and auto update never downgrade: a manifest naming 3.5.0 over a package signed 3.3.0 is refused when processed', async () => {
    const refusal = `Firmware update failed: ${firmwareTexts.olderVersion('3.3.0', '3.4.0')}\nEND OF FILE\n`;
    fw.offer('3.5.0', 'older.a2up', pack('3.3.0'), { critical: true });
    await download();
    assert.deepEqual(await get('isFirmwareComplete'), { value: 'yes' });
    assert.ok((await processLog()).endsWith(refusal));
    await assertNothingChanged();
    // The same offer to the daily auto update.
    const now = Date.now();
    const hour = localDate(m.services.device.state().timeZone, now / 1000).hour;
    assert.equal((await m.call('PUT', '/api/settings/autoUpdateConfig', { token: admin, body: { checkStat: 2, checkTime: hour } })).status, 200);
    m.services.ctx.kv.set('firmware.autoCheckedDay', 'none');
    await m.services.remoteUpdate.autoTick(now);
    await until('the end of the auto update', async () => (await log()).endsWith(refusal));
    assert.ok(eventLog(m).some((e) => e.level === 'Error' && e.message === `Module firmware update by auto update refused: ${firmwareTexts.olderVersion('3.3.0', '3.4.0')}`));
    await assertNothingChanged();
    m.services.ctx.kv.set('firmware.autoCheckedDay', 'yesterday');
    assert.equal((await m.call('PUT', '/api/settings/autoUpdateConfig', { token: admin, body: { checkStat: 0, checkTime: hour } })).status, 200);
  });

  test('a good package (behind a redirect): progress, complete, the same checks as an upload, the new version after the reboot', async () => {
    const file = pack('3.5.0');
    fw.offer('3.5.0', 'good.a2up', file, { url: 'moved/good.a2up' });
    assert.deepEqual(await get('checkModuleUpdate'), { version: '3.5.0', info_link: 'https://example.com/notes/3.5.0' });
    const { seen, last } = await download();
    assert.deepEqual(last, { value: 100, state: 'done' });
    assert.ok(
      seen.every((p, i) => i === 0 || p >= seen[i - 1]!),
      'the percent only grows',
    );
    assert.deepEqual(await get('isFirmwareComplete'), { value: 'yes' });
    const out = await processLog();
    assert.match(out, new RegExp(`^Downloading module firmware 3\\.5\\.0 \\(${file.length} bytes\\)`));
    assert.match(out, /Signature verified: AXM-WEB2 3\.5\.0, 1 part\(s\)\nInstalling\nfirmware update success\nEND OF FILE\n$/);
    await until('the reboot', () => m.reboots === 1);
    assert.equal(m.reboots, 1);
    await m.close(true);
    ({ m, admin } = await startModuleWithUsers({ dataDir: m.dataDir, env }));
    assert.equal(await version(), '3.5.0');
  });

  test('auto update: nothing outside the hour, a non-critical version only with "always latest", once a day', async () => {
    const zone = m.services.device.state().timeZone;
    const now = Date.now();
    const hour = localDate(zone, now / 1000).hour;
    fw.offer('3.6.0', 'auto.a2up', pack('3.6.0'), { critical: false });
    const setAuto = async (checkStat: number, checkTime: number) =>
      assert.equal((await m.call('PUT', '/api/settings/autoUpdateConfig', { token: admin, body: { checkStat, checkTime } })).status, 200);
    const autoEvents = () => eventLog(m).filter((e) => e.message.startsWith('Firmware auto update:'));

    await setAuto(2, (hour + 1) % 24);
    await m.services.remoteUpdate.autoTick(now);
    assert.equal(autoEvents().length, 0, 'not the configured hour');

    await setAuto(1, hour);
    await m.services.remoteUpdate.autoTick(now);
    assert.equal(autoEvents().at(-1)?.message, 'Firmware auto update: 3.6.0 is available, not critical: not installed (Critical Update Only)');
    await m.services.remoteUpdate.autoTick(now + 1000);
    assert.equal(autoEvents().length, 1, 'once a day');

    m.services.ctx.kv.set('firmware.autoCheckedDay', 'yesterday');
    await setAuto(2, hour);
    await m.services.remoteUpdate.autoTick(now);
    await until('the end of the update log', async () => (await log()).includes('END OF FILE'), 5000);
    assert.match(await log(), /firmware update success\nEND OF FILE\n$/);
    assert.equal(m.services.ctx.kv.get('firmware.pendingVersion'), '3.6.0');
    assert.ok(eventLog(m).some((e) => e.message === 'Module firmware 3.6.0 installed by auto update; the module restarts'));
  });
});
