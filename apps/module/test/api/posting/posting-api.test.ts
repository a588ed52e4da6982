/**
 * Post channels (002 §3.6, §4.2, §5.5, §7.2) against real servers on loopback ports: an HTTP
 * server that checks basic authentication, Debian's pyftpdlib, an ssh2 SFTP server. Closed data
 * log files are queued on disk and arrive once, through an outage, a recovery and a restart.
 */
import { postingTexts as t, type DataPostConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DATA_LOG_SETTINGS_KEY, defaultSettings } from '../../../src/services/datalog/config.ts';
import { createTestModule, startModuleWithUsers, type TestModule } from '../../helper.ts';
import { MINUTE, ROLE_USERS, T0, type RoleName } from '../../logs-helpers.ts';
import { startFtpPeer, type FtpPeer } from '../../peers/ftp-peer.ts';
import { startSftpPeer, type SftpPeer } from '../../peers/sftp-peer.ts';
import { until } from '../../../../../test-peers/until.ts';

const DAY = 86_400_000;
/** Local midnights (America/New_York, EST) after T0. */
const midnight = (n: number) => Date.parse('2026-03-02T05:00:00Z') + (n - 1) * DAY;
// pyftpdlib answers a failed login after 3 s: the timeout leaves room for it.
const ENV = { MODULE_POST_RETRY_SECONDS: '0.2', MODULE_POST_TIMEOUT_SECONDS: '8' };

interface Received {
  name: string;
  body: string;
  auth: string | undefined;
  meterId: string | null;
}

/** An HTTP peer that accepts posts with the right basic credentials (401 otherwise). */
function httpPeer(user: string, password: string) {
  const received: Received[] = [];
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.headers.authorization !== expected) return void res.writeHead(401).end();
      const url = new URL(req.url!, 'http://x');
      received.push({ name: url.searchParams.get('fileName')!, body: Buffer.concat(chunks).toString(), auth: req.headers.authorization, meterId: url.searchParams.get('meterId') });
      res.writeHead(200).end('ok');
    });
  });
  return {
    received,
    server,
    listen: (port = 0) => new Promise<number>((r) => server.listen(port, '127.0.0.1', () => r((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

function channel(patch: Partial<DataPostConfig['dataPost1']> & { info?: Partial<DataPostConfig['dataPost1']['postChannelInfo']> }, base: DataPostConfig['dataPost1']) {
  const { info, ...rest } = patch;
  return { ...base, ...rest, postChannelInfo: { ...base.postChannelInfo, ...info } };
}

describe('post channels', () => {
  let m: TestModule;
  let tokens: Record<RoleName | 'admin', string>;
  const clock = { t: T0 };
  const dataDir = mkdtempSync(join(tmpdir(), 'posting-test-'));
  const peerDir = mkdtempSync(join(tmpdir(), 'posting-peer-'));
  const http = httpPeer('meter', 'S3cret');
  let httpPort: number;
  let ftp: FtpPeer;
  let sftp: SftpPeer;
  const get = () => m.call('GET', '/api/settings/communication/dataPostConfig', { token: tokens.admin });
  const put = (body: unknown, token = tokens.admin) => m.call('PUT', '/api/settings/communication/dataPostConfig', { token, body });
  const patch = (path: string, body: unknown, token = tokens.admin) => m.call('PATCH', `/api/command/${path}`, { token, body });
  const status = async (n: number) => (await m.call('GET', `/api/command/postChannelStatus?channel=${n}`, { token: tokens.admin })).body.data;
  const tick = (ms: number) => {
    clock.t = ms;
    m.services.ticker.tickAt(ms);
  };
  const useChannels = (postChannel: number[]) => {
    const s = defaultSettings();
    s.dataLog1.postChannel = postChannel;
    m.services.ctx.kv.set(DATA_LOG_SETTINGS_KEY, s);
  };
  const saved = async (): Promise<DataPostConfig> => (await get()).body.data;

  before(async () => {
    [httpPort, ftp, sftp] = await Promise.all([http.listen(), startFtpPeer(peerDir, 'ftpuser', 'ftpPass1'), startSftpPeer(peerDir, 'sftpuser', 'sftpPass1')]);
    ({ m, tokens } = await startModuleWithUsers({ ...ROLE_USERS, dataDir, now: () => clock.t, env: ENV }));
  });
  after(async () => {
    await m.close();
    await Promise.all([http.close(), ftp.close(), sftp.close()]);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(peerDir, { recursive: true, force: true });
  });

  test('the settings: defaults, the rules of §5.5 with their messages (nothing changed), 403 for a view role', async () => {
    const cfg = await saved();
    assert.equal(cfg.dataPost1.enable, false);
    assert.equal(cfg.dataPost1.postMethod, 'HTTP');
    const bad = async (p: Parameters<typeof channel>[0], message: string) => {
      const res = await put({ ...cfg, dataPost1: channel({ enable: true, ...p }, cfg.dataPost1) });
      assert.equal(res.status, 400, res.raw);
      assert.equal(res.body.data.value, message);
    };
    const http0 = { HTTPAddress: 'http://h/x', HTTPMeterId: 'm1', HTTPPort: 80 };
    await bad({ info: { ...http0, HTTPAddress: 'ftp://h' } }, 'HTTP/HTTPS URL must begin with http:// or https://');
    await bad({ info: { ...http0, HTTPMeterId: 'a b' } }, 'Meter ID cannot contain spaces');
    await bad({ info: { ...http0, HTTPPort: 70000 } }, 'HTTP/HTTPS Port must be between 0 and 65535');
    await bad({ info: { ...http0, HTTPAuthenticationMethod: 1, username: 'a:b', password: 'x' } }, 'HTTP/HTTPS Username cannot contain colon');
    await bad({ info: { ...http0, isFixed: true, manualInputName: 'x'.repeat(21) } }, 'File Name cannot exceed 20 characters');
    await bad({ postMethod: 'FTP', info: { FTPAddress: 'http://h', FTPUsername: 'u', FTPPassword: 'p' } }, 'FTP URL must begin with ftp://');
    await bad({ postMethod: 'FTP', info: { FTPAddress: 'ftp://h', FTPUsername: 'u'.repeat(41), FTPPassword: 'p' } }, 'FTP Username cannot exceed 40 characters');
    await bad(
      { postMethod: 'FTP', info: { FTPAddress: 'ftp://h', FTPUsername: 'u', FTPPassword: 'p', directoryOption: 1, directoryName: 'a-b' } },
      'Directory Name must be numeric or alphabet only',
    );
    await bad({ postMethod: 'SFTP', info: { SFTPAddress: 'h', SFTPUsername: 'u', SFTPPassword: 'p' } }, 'SFTP URL must begin with sftp://');
    await bad({ postMethod: 'SFTP', info: { SFTPAddress: 'sftp://h', SFTPUsername: 'u', SFTPPassword: '' } }, 'Please provide SFTP Password');
    assert.deepEqual(await saved(), cfg);
    const view = await put(cfg, tokens.config);
    assert.equal(view.status, 403);
    assert.equal((await patch('testPoster', { channel: 1 }, tokens.config)).status, 403);
    assert.equal((await patch('clearFolder', { channel: 1 }, tokens.config)).status, 403);
    assert.equal((await patch('testPoster', { channel: 5 })).status, 400);
    assert.equal((await m.call('GET', '/api/command/postChannelStatus', { token: tokens.admin })).status, 400);
  });

  test('testPoster sends a real file over HTTP with basic authentication and answers in words', async () => {
    const cfg = await saved();
    const on = channel(
      { enable: true, info: { HTTPAddress: 'http://127.0.0.1/upload', HTTPPort: httpPort, HTTPMeterId: 'meter-7', HTTPAuthenticationMethod: 1, username: 'meter', password: 'S3cret' } },
      cfg.dataPost1,
    );
    assert.equal((await put({ ...cfg, dataPost1: on })).status, 200);
    const read = await saved();
    assert.equal(read.dataPost1.postChannelInfo.password, '', 'a GET never returns the password');
    const ok = await patch('testPoster', { channel: 1 });
    assert.equal(ok.status, 200, ok.raw);
    assert.match(ok.body.data.value, new RegExp(`^Connected to 127\\.0\\.0\\.1:${httpPort}: test file test_AR[0-9A-F]{8}_\\d+\\.csv accepted$`));
    const got = http.received.at(-1)!;
    assert.equal(got.meterId, 'meter-7');
    assert.match(got.body, /^Timestamp,Test\n/);
    // The password sent back blank kept the stored one; a wrong one is refused by the server.
    assert.equal((await put({ ...read, dataPost1: channel({ info: { password: 'wrong1' } }, read.dataPost1) })).status, 200);
    assert.equal((await patch('testPoster', { channel: 1 })).body.data.value, `Connected to 127.0.0.1:${httpPort}: authentication failed`);
    assert.equal((await put({ ...read, dataPost1: channel({ info: { password: 'S3cret' } }, read.dataPost1) })).status, 200);
    const closed = httpPeer('a', 'b');
    const closedPort = await closed.listen();
    await closed.close();
    assert.equal(
      (await put({ ...read, dataPost2: channel({ enable: true, info: { HTTPAddress: 'http://127.0.0.1/', HTTPPort: closedPort, HTTPMeterId: 'm' } }, read.dataPost2) })).status,
      200,
    );
    assert.equal((await patch('testPoster', { channel: 2 })).body.data.value, `Could not connect to 127.0.0.1:${closedPort}`);
  });

  test('a channel a data log posts through cannot be disabled', async () => {
    useChannels([1]);
    const cfg = await saved();
    const res = await put({ ...cfg, dataPost1: { ...cfg.dataPost1, enable: false } });
    assert.equal(res.status, 400);
    assert.equal(res.body.data.value, 'Post Channel 1 is used by Data Log 1 and cannot be disabled');
    assert.equal(res.body.data.errors['dataPost1.enable'], res.body.data.value);
    assert.equal((await saved()).dataPost1.enable, true);
  });

  test('closed data log files reach the HTTP server once, through an outage and a restart', async () => {
    useChannels([1]);
    http.received.length = 0;
    tick(T0);
    tick(T0 + 15 * MINUTE);
    tick(midnight(1)); // the day's post file closes and is queued
    await until('the first file', () => http.received.length === 1);
    const first = http.received[0]!;
    assert.equal(first.name, `datalog1_${Math.floor(Date.parse('2026-03-01T05:00:00Z') / 1000)}.csv`);
    const lines = first.body.trim().split('\r\n');
    assert.equal(lines.length, 3, first.body);
    assert.match(lines[1]!, /^2026-03-01T03:00:00-05:00,/);
    await until('the success in the health', async () => (await status(1)).lastSuccess?.file === first.name);

    await http.close();
    tick(midnight(1) + 15 * MINUTE);
    tick(midnight(2));
    tick(midnight(2) + 15 * MINUTE);
    tick(midnight(3));
    await until('a failure', async () => (await status(1)).lastFailure !== null);
    const down = await status(1);
    assert.equal(down.lastFailure.reason, `Could not connect to 127.0.0.1:${httpPort}`);
    assert.equal(down.waiting, 2);
    const events = await m.call('GET', '/api/eventLog?idStart=0&idEnd=1000', { token: tokens.admin });
    assert.ok(JSON.stringify(events.body).includes(`Post Channel 1: Could not connect to 127.0.0.1:${httpPort}`));

    // The module restarts while the server is away: the queue is on disk.
    await m.close(true);
    m = await createTestModule({ dataDir, now: () => clock.t, env: ENV });
    tokens = { ...tokens, admin: await m.login() };
    assert.equal((await status(1)).waiting, 2);
    await http.listen(httpPort);
    await until('both queued files', () => http.received.length === 3);
    // Each file leaves the queue once the server took it: an empty queue has nothing to post again.
    await until('the queue to empty', async () => (await status(1)).waiting === 0);
    const names = http.received.map((r) => r.name);
    assert.equal(names.length, 3, `each file once: ${names.join(', ')}`);
    assert.equal(new Set(names).size, 3, `each file once: ${names.join(', ')}`);
  });

  test('FTP (pyftpdlib): test and queued files into the MAC-named directory; a wrong password is named', async () => {
    useChannels([]);
    const cfg = await saved();
    const ftpCh = channel(
      { enable: true, postMethod: 'FTP', info: { FTPAddress: 'ftp://127.0.0.1', FTPPort: ftp.port, FTPUsername: 'ftpuser', FTPPassword: 'ftpPass1', directoryOption: 0 } },
      cfg.dataPost3,
    );
    assert.equal((await put({ ...cfg, dataPost3: ftpCh })).status, 200);
    const res = await patch('testPoster', { channel: 3 });
    assert.match(res.body.data.value, /^Connected to 127\.0\.0\.1:\d+: test file test_\w+_\d+\.csv accepted$/);
    const mac = m.services.device.identity().moduleEth0MacAddress.replace(/:/g, '');
    const name = res.body.data.value.match(/(test_\w+\.csv)/)![1];
    assert.match(readFileSync(join(peerDir, mac, name), 'utf8'), /^Timestamp,Test\n/);

    useChannels([3]);
    tick(midnight(3) + 15 * MINUTE);
    tick(midnight(4));
    await until('the queued file on the FTP server', () => readdirSync(join(peerDir, mac)).some((f) => /^datalog1_\d+\.csv$/.test(f)));
    assert.ok(!readdirSync(join(peerDir, mac)).some((f) => f.endsWith('.part')));

    const wrong = await saved();
    assert.equal((await put({ ...wrong, dataPost3: channel({ info: { FTPPassword: 'nope12' } }, wrong.dataPost3) })).status, 200);
    assert.equal((await patch('testPoster', { channel: 3 })).body.data.value, `Connected to 127.0.0.1:${ftp.port}: authentication failed`);
  });

  test('SFTP (ssh2 server): the test file arrives; clearFolder empties a queue', async () => {
    useChannels([]);
    const cfg = await saved();
    const s = channel(
      { enable: true, postMethod: 'SFTP', info: { SFTPAddress: 'sftp://127.0.0.1', SFTPPort: sftp.port, SFTPUsername: 'sftpuser', SFTPPassword: 'sftpPass1' } },
      cfg.dataPost2,
    );
    assert.equal((await put({ ...cfg, dataPost2: s })).status, 200);
    const res = await patch('testPoster', { channel: 2 });
    assert.match(res.body.data.value, /^Connected to 127\.0\.0\.1:\d+: test file (test_\w+\.csv) accepted$/, res.raw);
    const name = res.body.data.value.match(/(test_\w+\.csv)/)![1];
    assert.ok(existsSync(join(peerDir, name)));
    assert.equal((await put({ ...(await saved()), dataPost2: channel({ info: { SFTPPassword: 'bad1234' } }, (await saved()).dataPost2) })).status, 200);
    assert.equal((await patch('testPoster', { channel: 2 })).body.data.value, `Connected to 127.0.0.1:${sftp.port}: authentication failed`);

    m.services.postChannels.queue(2).add(join(peerDir, name), 'waiting.csv');
    assert.equal((await status(2)).waiting >= 1, true);
    const cleared = await patch('clearFolder', { channel: 2 });
    assert.equal(cleared.body.data.value, 'Success');
    assert.equal((await status(2)).waiting, 0);
    assert.equal(t.cleared, 'Post channel logs cleared');
  });
});
