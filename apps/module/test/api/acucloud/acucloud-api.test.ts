/**
 * AcuCloud (001 "Communication, AcuCloud", §5, §7, §8, §9) against a real HTTPS server on a
 * loopback port (its CA made by the test with openssl, trusted through MODULE_TRUSTED_CA): the
 * section's rules and permissions, the token never returned, testPoster / clearFolder on
 * channel 4, and the cloud logger's closed files posted with the token, through an outage, once.
 */
import { ACUCLOUD_DEFAULT_ADDRESS, type AcuCloudConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TestModule } from '../../helper.ts';
import { startPeerAndModule, type PeerAndModule } from '../../https-peer-module.ts';
import { until } from '../../../../../test-peers/until.ts';
import { MINUTE, T0, type RoleName } from '../../logs-helpers.ts';
import type { HttpsPeer } from '../../../../../test-peers/https-peer.ts';

const PATH = '/api/settings/communication/acuCloudConfig';
const TOKEN = 'cloud-token-7f3a';

describe('AcuCloud', () => {
  let m: TestModule;
  let tokens: Record<RoleName | 'admin', string>;
  const clock = { t: T0 };
  let env: PeerAndModule;
  let peer: HttpsPeer;
  let serial: string;
  const get = async (token = tokens.admin) => m.call('GET', PATH, { token });
  const saved = async (): Promise<AcuCloudConfig> => (await get()).body.data;
  const put = (body: unknown, token = tokens.admin) => m.call('PUT', PATH, { token, body });
  const patch = (path: string, body: unknown, token = tokens.admin) => m.call('PATCH', `/api/command/${path}`, { token, body });
  const status = async () => (await m.call('GET', '/api/command/acuCloudStatus', { token: tokens.admin })).body.data;
  const tick = (ms: number) => {
    clock.t = ms;
    m.services.ticker.tickAt(ms);
  };
  const address = () => `https://127.0.0.1:${peer.port}/api/upload`;

  before(async () => {
    env = await startPeerAndModule({
      name: 'acucloud-peer',
      answer: (r) => (r.headers.authorization === `Bearer ${TOKEN}` ? 200 : 401),
      now: () => clock.t,
      env: { MODULE_POST_TIMEOUT_SECONDS: '2', MODULE_POST_RETRY_SECONDS: '0.2' },
    });
    ({ m, tokens, peer, serial } = env);
  });
  after(() => env.close());

  test('defaults: disabled, the module serial number, the cloud address; a view role reads', async () => {
    const res = await get(tokens.config);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, { enable: false, moduleSerialNumber: serial, acuCloudAddress: ACUCLOUD_DEFAULT_ADDRESS, acuCloudToken: '' });
  });

  test('the rules of 001 "AcuCloud (when enabled)" (400, nothing changed) and 403 for view roles', async () => {
    const cfg = await saved();
    const bad = async (body: unknown, message: string, field?: string) => {
      const res = await put(body);
      assert.equal(res.status, 400, res.raw);
      assert.equal(res.body.data.value, message);
      if (field) assert.equal(res.body.data.errors[field], message);
    };
    await bad({ ...cfg, enable: true, acuCloudAddress: 'ftp://cloud', acuCloudToken: TOKEN }, 'AcuCloud Address must begin with http:// or https://', 'acuCloudAddress');
    await bad({ ...cfg, enable: true, acuCloudAddress: '', acuCloudToken: TOKEN }, 'Please provide AcuCloud Address', 'acuCloudAddress');
    await bad({ ...cfg, enable: true, acuCloudAddress: address() }, 'Please provide AcuCloud Token', 'acuCloudToken');
    await bad({ ...cfg, enable: 'yes' }, 'AcuCloud must be true or false');
    await bad({ ...cfg, extra: 1 }, 'Unknown field extra');
    assert.deepEqual(await saved(), cfg);
    assert.equal((await put({ ...cfg, enable: true, acuCloudAddress: address(), acuCloudToken: TOKEN }, tokens.config)).status, 403);
    assert.equal((await patch('testPoster', { channel: 4 }, tokens.config)).status, 403);
    assert.equal((await patch('clearFolder', { channel: 4 }, tokens.config)).status, 403);
    assert.equal((await m.call('GET', '/api/command/acuCloudStatus', { token: tokens.nothing })).status, 403);
    assert.equal((await patch('testPoster', { channel: 5 })).status, 400);
    assert.deepEqual(await saved(), cfg);
  });

  test("save: the token is kept and never returned; the serial number is the device's; the event log names no token", async () => {
    const cfg = await saved();
    const res = await put({ ...cfg, enable: true, acuCloudAddress: address(), acuCloudToken: TOKEN, moduleSerialNumber: 'FORGED' });
    assert.equal(res.status, 200, res.raw);
    const read = await saved();
    assert.equal(read.acuCloudToken, '');
    assert.equal(read.moduleSerialNumber, serial);
    assert.equal(read.acuCloudAddress, address());
    // Sent back blank, the stored token stays (the test below authenticates with it).
    assert.equal((await put(read)).status, 200);
    const events = await m.call('GET', '/api/eventLog?idStart=0&idEnd=1000', { token: tokens.admin });
    assert.ok(!JSON.stringify(events.body).includes(TOKEN));
  });

  test('testPoster channel 4 posts a real file over HTTPS with the token; a refused token is said in words', async () => {
    const ok = await patch('testPoster', { channel: 4 });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.value, `Connected to 127.0.0.1:${peer.port}: test file test_${serial}_${Math.floor(clock.t / 1000)}.json accepted`);
    const got = peer.received.at(-1)!;
    assert.equal(got.path, '/api/upload');
    assert.equal(got.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(got.headers['x-module-serial'], serial);
    assert.deepEqual(JSON.parse(got.body), { Timestamp: Math.floor(clock.t / 1000), Test: 'AcuCloud' });

    assert.equal((await put({ ...(await saved()), acuCloudToken: 'wrong-token' })).status, 200);
    assert.equal((await patch('testPoster', { channel: 4 })).body.data.value, `Connected to 127.0.0.1:${peer.port}: the token was refused`);
    assert.equal((await put({ ...(await saved()), acuCloudToken: TOKEN })).status, 200);
  });

  test('the cloud logger posts its closed files once, through an outage; they are listed on the ac reading page; clearFolder empties the queue', async () => {
    peer.received.length = 0;
    for (let i = 0; i <= 3; i++) tick(T0 + i * 5 * MINUTE); // 08:00 … 08:15 UTC: the 08:00 file closes
    await until('the first cloud file', () => peer.received.length === 1);
    const first = peer.received[0]!;
    const name = /filename="([^"]+)"/.exec(String(first.headers['content-disposition']))![1]!;
    assert.equal(name, `acucloud_${T0 / 1000}.json`);
    assert.equal(first.headers.authorization, `Bearer ${TOKEN}`);
    const rows = first.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      rows.map((r) => r.Timestamp),
      [0, 5, 10].map((k) => (T0 + k * MINUTE) / 1000),
    );
    assert.ok('System Import Active Energy (kWh)' in rows[0], Object.keys(rows[0]).join(','));
    const listed = await m.call('GET', '/api/fileList/dataLog/backupac', { token: tokens.admin });
    assert.ok(listed.body.data.some((f: { filename: string }) => f.filename.startsWith('acucloud_')));
    await until('the success in the health', async () => (await status()).lastSuccess?.file === name);

    await peer.close();
    for (let i = 4; i <= 9; i++) tick(T0 + i * 5 * MINUTE); // two more files close while the cloud is away
    await until('a failure', async () => (await status()).lastFailure !== null);
    const down = await status();
    assert.equal(down.lastFailure.reason, `Could not connect to 127.0.0.1:${peer.port}`);
    await until('both files waiting', async () => (await status()).waiting === 2);
    const events = await m.call('GET', '/api/eventLog?idStart=0&idEnd=1000', { token: tokens.admin });
    assert.ok(JSON.stringify(events.body).includes(`AcuCloud: Could not connect to 127.0.0.1:${peer.port}`));

    await peer.listen(peer.port);
    await until('both queued files', () => peer.received.length === 3);
    // Each file leaves the queue once the server took it: an empty queue has nothing to post again.
    await until('the queue to empty', async () => (await status()).waiting === 0);
    const names = peer.received.map((r) => /filename="([^"]+)"/.exec(String(r.headers['content-disposition']))![1]);
    assert.equal(names.length, 3, `each file once: ${names.join(', ')}`);
    assert.equal(new Set(names).size, 3, `each file once: ${names.join(', ')}`);
    assert.equal((await status()).waiting, 0);

    // A file waiting is dropped by Clear Post Logs.
    await peer.close();
    for (let i = 10; i <= 12; i++) tick(T0 + i * 5 * MINUTE);
    await until('a file waiting', async () => (await status()).waiting === 1);
    const cleared = await patch('clearFolder', { channel: 4 });
    assert.equal(cleared.body.data.value, 'Success');
    assert.equal((await status()).waiting, 0);
    await peer.listen(peer.port);
  });

  test('disabled, the cloud logger writes nothing more', async () => {
    assert.equal((await put({ ...(await saved()), enable: false })).status, 200);
    const before = (await m.call('GET', '/api/fileList/dataLog/backupac', { token: tokens.admin })).body.data;
    for (let i = 13; i <= 16; i++) tick(T0 + i * 5 * MINUTE);
    const afterList = (await m.call('GET', '/api/fileList/dataLog/backupac', { token: tokens.admin })).body.data;
    assert.deepEqual(
      afterList.map((f: { filename: string; size: number }) => [f.filename, f.size]),
      before.map((f: { filename: string; size: number }) => [f.filename, f.size]),
    );
  });
});
