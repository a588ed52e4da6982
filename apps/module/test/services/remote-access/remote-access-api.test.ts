/**
 * Remote Access (002 §2.6, §3.7, §4.3, §5.6, §7.3, §9.2) against a real HTTPS remote access
 * server on a loopback port (its CA made with openssl, trusted through MODULE_TRUSTED_CA) and
 * Debian's sshd as the server's tunnel end: the section's rules and permissions, registration
 * and deregistration the server sees, pings every interval, checkRemoteDevice's online / offline
 * with the reason in the module event log, and the OpenSSH reverse tunnel through which a request
 * to the server's port reaches the module's own API; it comes back after sshd went away, refuses
 * a wrong host key and closes on deregistration.
 */
import { REMOTE_DEFAULT_SERVER, type RemoteDeviceAccess } from '@meter/contract';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { listenHttps, type HttpsListener } from '../../../src/services/web-server/https-listener.ts';
import type { TestModule } from '../../helper.ts';
import { startPeerAndModule, type PeerAndModule } from '../../https-peer-module.ts';
import { until } from '../../../../../test-peers/until.ts';
import type { RoleName } from '../../logs-helpers.ts';
import type { HttpsPeer } from '../../../../../test-peers/https-peer.ts';
import { portOpen, startSshdPeer, type SshdPeer } from '../../../../../test-peers/sshd-peer.ts';

const PATH = '/api/settings/communication/remoteDeviceAccess';

/** GET through the tunnel: the server's end of the forward, as the remote access server relays the access URL. */
function viaTunnel(port: number, path: string, token: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    // The module's certificate is its own self-signed one; the server's relay does not check it here.
    const req = request({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` }, rejectUnauthorized: false, timeout: 5000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

describe('Remote Access', () => {
  let env: PeerAndModule;
  let m: TestModule;
  let tokens: Record<RoleName | 'admin', string>;
  let peer: HttpsPeer;
  let serial: string;
  let sshd: SshdPeer;
  let https: HttpsListener;
  const sshDir = mkdtempSync(join(tmpdir(), 'remote-sshd-'));
  /** The host key the register reply offers; a test swaps it for a wrong one. */
  let offeredHostKey = '';
  const saved = async (): Promise<RemoteDeviceAccess> => (await m.call('GET', PATH, { token: tokens.admin })).body.data;
  const put = (body: unknown, token = tokens.admin) => m.call('PUT', PATH, { token, body });
  const patch = (path: string, body: unknown, token = tokens.admin) => m.call('PATCH', `/api/command/${path}`, { token, body });
  const check = async (token = tokens.admin) => m.call('GET', '/api/command/checkRemoteDevice', { token });
  const paths = () => peer.received.map((r) => r.path);
  const server = () => `https://127.0.0.1:${peer.port}/remote`;
  const events = async () => JSON.stringify((await m.call('GET', '/api/eventLog?idStart=0&idEnd=1000', { token: tokens.admin })).body);
  const tunnelState = async () => (await check()).body.data.tunnel as { state: string; reason: string };

  before(async () => {
    sshd = await startSshdPeer(sshDir);
    offeredHostKey = sshd.hostKey;
    env = await startPeerAndModule({ name: 'remote-peer', env: { MODULE_POST_TIMEOUT_SECONDS: '2', MODULE_REMOTE_PING_SECONDS: '0.3' } });
    ({ m, tokens, peer, serial } = env);
    // The remote access server: registering authorizes the device's key on its sshd and offers the tunnel.
    peer.reply = (r) => {
      if (!r.path.endsWith('/register')) return {};
      sshd.authorize(JSON.parse(r.body).publicKey);
      return { tunnel: { host: '127.0.0.1', port: sshd.port, user: sshd.user, remotePort: sshd.remotePort, hostKey: offeredHostKey } };
    };
    https = await listenHttps(m.app, { port: 0, host: '127.0.0.1', certificate: m.services.certificate, events: m.services.events, allows: () => true });
    m.services.remoteAccess.listening(https.port);
  });
  after(async () => {
    await https.close();
    await env.close();
    await sshd.kill();
    rmSync(sshDir, { recursive: true, force: true });
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

  test('register: the server sees the device and its key; a PUT cannot set registered; pings every interval; the tunnel reaches the module; online with the access URL', async () => {
    const cfg = await saved();
    assert.equal((await put({ ...cfg, enable: true, remoteServerUrl: server(), registered: true })).status, 200);
    assert.equal((await saved()).registered, false, 'registered is set by register only');
    // A server that offers no tunnel leaves the device unregistered.
    const reply = peer.reply;
    peer.reply = () => ({});
    assert.equal((await patch('registerRemoteDevice', { value: 1 })).body.data.value, `Connected to 127.0.0.1:${peer.port}: the server's reply carries no tunnel parameters`);
    assert.equal((await saved()).registered, false);
    peer.reply = (r) => ({ tunnel: { ...(reply!(r) as { tunnel: object }).tunnel, host: '-oProxyCommand=touch /tmp/x' } });
    assert.match((await patch('registerRemoteDevice', { value: 1 })).body.data.value, /no tunnel parameters$/, 'a host ssh could read as an option is refused');
    peer.reply = reply;
    peer.received.length = 0;

    const res = await patch('registerRemoteDevice', { value: 1 });
    assert.equal(res.body.data.value, 'Success');
    assert.equal(paths()[0], '/remote/register');
    const reg = JSON.parse(peer.received[0]!.body);
    assert.equal(reg.serialNumber, serial);
    assert.equal(reg.accessUrl, `https://${serial.toLowerCase()}.127.0.0.1`);
    assert.match(reg.publicKey, /^ssh-ed25519 [A-Za-z0-9+/]+=* /);
    assert.equal((await saved()).registered, true);
    await until('three pings', () => paths().filter((p) => p === '/remote/ping').length >= 3);
    await until('the tunnel up', async () => (await tunnelState()).state === 'up');
    const status = await check();
    assert.equal(status.body.data.value, 'online');
    assert.equal(status.body.data.accessUrl, `https://${serial.toLowerCase()}.127.0.0.1`);
    assert.equal(status.body.data.registered, true);
    assert.deepEqual(status.body.data.tunnel, { state: 'up', reason: `${sshd.user}@127.0.0.1:${sshd.port}, remote port ${sshd.remotePort}` });
    // The server's end of the tunnel answers with the module's own API.
    const info = await viaTunnel(sshd.remotePort, '/api/settings/deviceInfo', tokens.admin);
    assert.equal(info.status, 200);
    assert.equal(info.body.data.meterSerialNumber, serial);
    assert.ok((await events()).includes(`Remote Access: tunnel up (${sshd.user}@127.0.0.1:${sshd.port}, remote port ${sshd.remotePort})`));
    // The device key stays in the data folder: no GET carries its private half.
    const privateKey = readFileSync(join(m.dataDir, 'remote-access', 'id_ed25519'), 'utf8');
    assert.match(privateKey, /BEGIN OPENSSH PRIVATE KEY/);
    const secret = privateKey.split('\n')[2]!;
    for (const body of [JSON.stringify(await saved()), JSON.stringify((await check()).body), await events()]) assert.ok(!body.includes(secret));
  });

  test('the server away: offline, the reason in the module event log; back: online', async () => {
    await peer.close();
    const down = await check();
    assert.equal(down.body.data.value, 'offline');
    assert.equal(down.body.data.lastPing.reason, `Could not connect to 127.0.0.1:${peer.port}`);
    assert.ok((await events()).includes(`Remote Access: offline: Could not connect to 127.0.0.1:${peer.port}`));
    // Deregistering needs the server: the device stays registered.
    assert.equal((await patch('deregisterRemoteDevice', undefined)).body.data.value, `Could not connect to 127.0.0.1:${peer.port}`);
    assert.equal((await saved()).registered, true);
    await peer.listen(peer.port);
    await until('online again', async () => (await check()).body.data.value === 'online');
  });

  test("sshd away: offline, the tunnel down with ssh's reason; back on the same port: the tunnel comes back", async () => {
    await sshd.kill();
    await until('offline', async () => (await check()).body.data.value === 'offline');
    const tunnel = await tunnelState();
    assert.notEqual(tunnel.state, 'up');
    assert.ok(tunnel.reason !== '', 'the status says why');
    assert.equal(await portOpen(sshd.remotePort), false);
    assert.ok((await events()).includes('Remote Access: tunnel down: '));
    await sshd.start();
    await until('the tunnel up again', async () => (await tunnelState()).state === 'up');
    assert.equal((await check()).body.data.value, 'online');
    assert.equal((await viaTunnel(sshd.remotePort, '/api/settings/deviceInfo', tokens.admin)).body.data.meterSerialNumber, serial);
  });

  test('disabled: the tunnel closes; enabled again: it opens', async () => {
    const cfg = await saved();
    assert.equal((await put({ ...cfg, enable: false })).status, 200);
    await until('the tunnel off', async () => (await tunnelState()).state === 'off');
    assert.deepEqual(await tunnelState(), { state: 'off', reason: '' });
    await until('the server port closed', async () => !(await portOpen(sshd.remotePort)));
    assert.equal((await put({ ...cfg, enable: true })).status, 200);
    await until('the tunnel up again', async () => (await tunnelState()).state === 'up');
  });

  test('a wrong host key: ssh refuses the server, the status says why; the right one again: up', async () => {
    const other = join(sshDir, 'other_host_key');
    await promisify(execFile)('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', other]);
    offeredHostKey = readFileSync(`${other}.pub`, 'utf8').trim().split(' ').slice(0, 2).join(' ');
    assert.equal((await patch('registerRemoteDevice', { value: 1 })).body.data.value, 'Success');
    await until('refused', async () => (await tunnelState()).reason === 'Host key verification failed.');
    assert.equal((await check()).body.data.value, 'offline');
    assert.equal(await portOpen(sshd.remotePort), false);
    assert.ok((await events()).includes('Remote Access: tunnel down: Host key verification failed.'));
    offeredHostKey = sshd.hostKey;
    assert.equal((await patch('registerRemoteDevice', { value: 1 })).body.data.value, 'Success');
    await until('the tunnel up again', async () => (await tunnelState()).state === 'up');
  });

  test('deregister: the server is told, pings stop, the tunnel closes', async () => {
    assert.equal(await portOpen(sshd.remotePort), true);
    const res = await patch('deregisterRemoteDevice', undefined);
    assert.equal(res.body.data.value, 'Success');
    assert.equal(paths().at(-1), '/remote/deregister');
    assert.equal((await saved()).registered, false);
    assert.deepEqual(await tunnelState(), { state: 'off', reason: '' });
    await until('the server port closed', async () => !(await portOpen(sshd.remotePort)));
    const count = peer.received.length;
    // No ping: a negative with no event to wait for, so the time of a few pings passes first.
    await sleep(900);
    assert.equal(peer.received.length, count, 'no ping after deregistration');
    assert.equal((await check()).body.data.value, 'offline');
    assert.equal((await patch('deregisterRemoteDevice', undefined)).body.data.value, 'The device is not registered');
  });

  test("a tunnel offered to one of the module's own ports is never started (issue 25 item 12)", async () => {
    const own = m.services.modbus.port()!;
    const reply = peer.reply;
    peer.reply = (r) => ({ tunnel: { ...(reply!(r) as { tunnel: object }).tunnel, host: '127.0.0.1', port: own } });
    try {
      assert.equal((await patch('registerRemoteDevice', { value: 1 })).body.data.value, 'Success');
      await until('the refusal in the event log', async () => (await events()).includes(`Remote Access: tunnel not started: 127.0.0.1:${own} is a port of this module`));
      assert.deepEqual(await tunnelState(), { state: 'off', reason: '' });
    } finally {
      peer.reply = reply;
      await patch('deregisterRemoteDevice', undefined);
    }
  });
});
