/**
 * The post channels' HTTPS path (002 §3.6) against a real HTTPS server on a loopback port whose
 * CA the test makes with openssl and the module trusts through MODULE_TRUSTED_CA: the test file
 * and a closed data log file arrive with basic authentication; a server that never answers is
 * "timed out" in testPoster's answer, the channel's health and the module event log, and the
 * queued file still arrives once when it answers again; a certificate that does not name the
 * host is refused.
 */
import { type DataPostConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DATA_LOG_SETTINGS_KEY, defaultSettings } from '../../../src/services/datalog/config.ts';
import type { TestModule } from '../../helper.ts';
import { startPeerAndModule, type PeerAndModule } from '../../https-peer-module.ts';
import { until } from '../../../../../test-peers/until.ts';
import { MINUTE, T0, type RoleName } from '../../logs-helpers.ts';
import type { HttpsPeer } from '../../../../../test-peers/https-peer.ts';

const DAY = 86_400_000;
const midnight = (n: number) => Date.parse('2026-03-02T05:00:00Z') + (n - 1) * DAY;
const AUTH = `Basic ${Buffer.from('meter:S3cret').toString('base64')}`;

describe('post channel over HTTPS', () => {
  let m: TestModule;
  let tokens: Record<RoleName | 'admin', string>;
  const clock = { t: T0 };
  let env: PeerAndModule;
  let peer: HttpsPeer;
  const put = (body: unknown) => m.call('PUT', '/api/settings/communication/dataPostConfig', { token: tokens.admin, body });
  const saved = async (): Promise<DataPostConfig> => (await m.call('GET', '/api/settings/communication/dataPostConfig', { token: tokens.admin })).body.data;
  const testPoster = async (channel: number) => (await m.call('PATCH', '/api/command/testPoster', { token: tokens.admin, body: { channel } })).body.data.value as string;
  const status = async (n: number) => (await m.call('GET', `/api/command/postChannelStatus?channel=${n}`, { token: tokens.admin })).body.data;
  const tick = (ms: number) => {
    clock.t = ms;
    m.services.ticker.tickAt(ms);
  };
  const httpsChannel = (base: DataPostConfig['dataPost1'], address: string) => ({
    ...base,
    enable: true,
    postMethod: 'HTTP' as const,
    postChannelInfo: { ...base.postChannelInfo, HTTPAddress: address, HTTPPort: peer.port, HTTPMeterId: 'meter-9', HTTPAuthenticationMethod: 1, username: 'meter', password: 'S3cret' },
  });

  before(async () => {
    env = await startPeerAndModule({
      name: 'posting-https',
      answer: (r) => (r.headers.authorization === AUTH ? 200 : 401),
      now: () => clock.t,
      env: { MODULE_POST_TIMEOUT_SECONDS: '1', MODULE_POST_RETRY_SECONDS: '0.2' },
    });
    ({ m, tokens, peer } = env);
  });
  after(() => env.close());

  test('testPoster over HTTPS: accepted with basic authentication; a certificate for another name is refused', async () => {
    const cfg = await saved();
    assert.equal(
      (await put({ ...cfg, dataPost1: httpsChannel(cfg.dataPost1, 'https://127.0.0.1/upload'), dataPost2: httpsChannel(cfg.dataPost2, 'https://localhost/upload') })).status,
      200,
    );
    const ok = await testPoster(1);
    assert.match(ok, new RegExp(`^Connected to 127\\.0\\.0\\.1:${peer.port}: test file test_AR[0-9A-F]{8}_\\d+\\.csv accepted$`));
    const got = peer.received.at(-1)!;
    assert.match(got.path, /^\/upload\?meterId=meter-9&fileName=test_/);
    assert.equal(got.headers.authorization, AUTH);
    assert.match(got.body, /^Timestamp,Test\n/);
    // The server's certificate names 127.0.0.1 only: the module checks it, as a device must.
    assert.equal(await testPoster(2), `Connected to localhost:${peer.port}: the server's certificate is not trusted (ERR_TLS_CERT_ALTNAME_INVALID)`);
  });

  test('a server that never answers: timed out in the test answer, the health and the event log; the queued file arrives once afterwards', async () => {
    const cfg = await saved();
    assert.equal((await put({ ...cfg, dataPost2: { ...cfg.dataPost2, enable: false } })).status, 200);
    peer.answer = 'hang';
    const started = Date.now();
    assert.equal(await testPoster(1), `No answer from 127.0.0.1:${peer.port} within 1 s: timed out`);
    assert.ok(Date.now() - started < 5000, 'the test gives up after the timeout');

    const s = defaultSettings();
    s.dataLog1.postChannel = [1];
    m.services.ctx.kv.set(DATA_LOG_SETTINGS_KEY, s);
    peer.received.length = 0;
    tick(T0);
    tick(T0 + 15 * MINUTE);
    tick(midnight(1));
    await until('a timed-out send in the health', async () => (await status(1)).lastFailure?.reason === `No answer from 127.0.0.1:${peer.port} within 1 s: timed out`);
    assert.equal((await status(1)).waiting, 1);
    const events = await m.call('GET', '/api/eventLog?idStart=0&idEnd=1000', { token: tokens.admin });
    assert.ok(JSON.stringify(events.body).includes(`Post Channel 1: No answer from 127.0.0.1:${peer.port} within 1 s: timed out`));

    peer.answer = (r) => (r.headers.authorization === AUTH ? 200 : 401);
    await until('the queued file', () => peer.received.length === 1);
    // A file leaves the queue when the server took it: an empty queue has nothing to post again.
    await until('the queue empty', async () => (await status(1)).waiting === 0);
    assert.equal(peer.received.length, 1, 'sent once');
    assert.match(peer.received[0]!.path, /fileName=datalog1_\d+\.csv/);
    assert.equal((await status(1)).lastSuccess.file, peer.received[0]!.path.match(/fileName=([^&]+)/)![1]);
  });
});
