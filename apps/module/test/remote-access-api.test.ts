/**
 * Remote Access (002 §2.6, §3.7, §4.3, §5.6, §7.3, §9.2) against a real HTTPS remote access
 * server on a loopback port (its CA made with openssl, trusted through MODULE_TRUSTED_CA): the
 * section's rules and permissions, registration and deregistration the server sees, pings every
 * interval, and checkRemoteDevice's online / offline with the reason in the module event log.
 */
import { REMOTE_DEFAULT_SERVER, type RemoteDeviceAccess } from '@meter/contract';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestModule, type TestModule } from './helper.ts';
import { signInRoles, type RoleName } from './logs-helpers.ts';
import { startHttpsPeer, type HttpsPeer } from './peers/https-peer.ts';

const PATH = '/api/settings/communication/remoteDeviceAccess';

async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await sleep(50);
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe('Remote Access', () => {
  let m: TestModule;
  let tokens: Record<RoleName | 'admin', string>;
  const peerDir = mkdtempSync(join(tmpdir(), 'remote-peer-'));
  let peer: HttpsPeer;
  let serial: string;
  const saved = async (): Promise<RemoteDeviceAccess> => (await m.call('GET', PATH, { token: tokens.admin })).body.data;
  const put = (body: unknown, token = tokens.admin) => m.call('PUT', PATH, { token, body });
  const patch = (path: string, body: unknown, token = tokens.admin) => m.call('PATCH', `/api/command/${path}`, { token, body });
  const check = async (token = tokens.admin) => m.call('GET', '/api/command/checkRemoteDevice', { token });
  const paths = () => peer.received.map((r) => r.path);
  const server = () => `https://127.0.0.1:${peer.port}/remote`;

  before(async () => {
    peer = startHttpsPeer(peerDir);
    await peer.listen();
    m = await createTestModule({ env: { MODULE_TRUSTED_CA: peer.tls.ca, MODULE_POST_TIMEOUT_SECONDS: '2', MODULE_REMOTE_PING_SECONDS: '0.3' } });
    tokens = await signInRoles(m);
    serial = m.services.device.identity().meterSerialNumber;
  });
  after(async () => {
    await m.close();
    await peer.close();
    rmSync(peerDir, { recursive: true, force: true });
  });

  test('defaults, the rules (400, nothing changed) and 403 for view roles', async () => {
    const read = await m.call('GET', PATH, { token: tokens.config });
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data, { enable: false, pingInterval: 60, registered: false, remoteServerUrl: REMOTE_DEFAULT_SERVER });
    const cfg = read.body.data as RemoteDeviceAccess;
    const bad = async (body: unknown, message: string) => {
      const res = await put(body);
      assert.equal(res.status, 400, res.raw);
      assert.equal(res.body.data.value, message);
    };
    await bad({ ...cfg, enable: undefined }, 'Please provide Remote Access');
    await bad({ ...cfg, pingInterval: 30 }, 'Ping Interval must be one of the listed options');
    await bad({ ...cfg, remoteServerUrl: 'ftp://x' }, 'Remote Server URL must begin with http:// or https://');
    await bad({ ...cfg, other: 1 }, 'Unknown field other');
    assert.deepEqual(await saved(), cfg);
    assert.equal((await put({ ...cfg, enable: true }, tokens.config)).status, 403);
    assert.equal((await patch('registerRemoteDevice', { value: 1 }, tokens.config)).status, 403);
    assert.equal((await patch('deregisterRemoteDevice', undefined, tokens.config)).status, 403);
    assert.equal((await check(tokens.nothing)).status, 403);
    assert.equal((await patch('registerRemoteDevice', { value: 2 })).status, 400);
    assert.equal((await patch('deregisterRemoteDevice', { value: 1 })).status, 400);
    assert.equal((await check(tokens.config)).body.data.value, 'offline');
    // Registering needs remote access enabled and saved.
    assert.equal((await patch('registerRemoteDevice', { value: 1 })).body.data.value, 'Remote access is disabled: enable it and save first');
    assert.deepEqual(await saved(), cfg);
  });

  test('register: the server sees the device; a PUT cannot set registered; pings every interval; online with the access URL', async () => {
    const cfg = await saved();
    assert.equal((await put({ ...cfg, enable: true, remoteServerUrl: server(), registered: true })).status, 200);
    assert.equal((await saved()).registered, false, 'registered is set by register only');
    const res = await patch('registerRemoteDevice', { value: 1 });
    assert.equal(res.body.data.value, 'Success');
    assert.equal(paths()[0], '/remote/register');
    const reg = JSON.parse(peer.received[0]!.body);
    assert.equal(reg.serialNumber, serial);
    assert.equal(reg.accessUrl, `https://${serial.toLowerCase()}.127.0.0.1`);
    assert.equal((await saved()).registered, true);
    await until('three pings', () => paths().filter((p) => p === '/remote/ping').length >= 3);
    const status = await check();
    assert.equal(status.body.data.value, 'online');
    assert.equal(status.body.data.accessUrl, `https://${serial.toLowerCase()}.127.0.0.1`);
    assert.equal(status.body.data.registered, true);
  });

  test('the server away: offline, the reason in the module event log; back: online', async () => {
    await peer.close();
    const down = await check();
    assert.equal(down.body.data.value, 'offline');
    assert.equal(down.body.data.lastPing.reason, `Connection refused by 127.0.0.1:${peer.port}`);
    const events = await m.call('GET', '/api/eventLog?idStart=0&idEnd=1000', { token: tokens.admin });
    assert.ok(JSON.stringify(events.body).includes(`Remote Access: offline: Connection refused by 127.0.0.1:${peer.port}`));
    // Deregistering needs the server: the device stays registered.
    assert.equal((await patch('deregisterRemoteDevice', undefined)).body.data.value, `Connection refused by 127.0.0.1:${peer.port}`);
    assert.equal((await saved()).registered, true);
    await peer.listen(peer.port);
    await until('online again', async () => (await check()).body.data.value === 'online');
  });

  test('deregister: the server is told, pings stop', async () => {
    const res = await patch('deregisterRemoteDevice', undefined);
    assert.equal(res.body.data.value, 'Success');
    assert.equal(paths().at(-1), '/remote/deregister');
    assert.equal((await saved()).registered, false);
    const count = peer.received.length;
    await sleep(900);
    assert.equal(peer.received.length, count, 'no ping after deregistration');
    assert.equal((await check()).body.data.value, 'offline');
    assert.equal((await patch('deregisterRemoteDevice', undefined)).body.data.value, 'The device is not registered');
  });
});
