/**
 * E-mail delivery across a crash (issue 9): a real-time mail that failed is on disk when the
 * module process is killed with SIGKILL; after the restart it reaches the SMTP server (smtp-server,
 * back on the same loopback port) exactly once.
 */
import { DEFAULT_SMTP_CONFIG } from '@meter/contract';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './helper.ts';
import { startSmtpPeer, type SmtpPeer } from './peers/smtp-peer.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HOST = '127.0.0.1';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
}

async function start(dataDir: string): Promise<Running> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/module/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOST,
      PORT: String(port),
      MODULE_HTTPS_PORT: '0',
      MODULE_MODBUS_PORT: '0',
      MODULE_BACNET_PORT: '0',
      MODULE_DATA_DIR: dataDir,
      MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      MODULE_LOG_LEVEL: 'warn',
      MODULE_REBOOT_SECONDS: '0',
      MODULE_EMAIL_TIMEOUT_SECONDS: '5',
      // No retry before the kill: the mail that arrives is the one the restart found on disk.
      MODULE_EMAIL_RETRY_SECONDS: '600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`module exited: ${out}`);
    const up = await fetch(`http://${HOST}:${port}/api/systemMode`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, port, output: () => out };
    if (Date.now() > deadline) throw new Error(`module did not start: ${out}`);
    await sleep(200);
  }
}

async function kill9(r: Running): Promise<void> {
  if (r.child.exitCode !== null || r.child.signalCode !== null) return;
  const exited = new Promise((ok) => r.child.once('exit', ok));
  r.child.kill('SIGKILL');
  await exited;
}

async function api(r: Running, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://${HOST}:${r.port}/api${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
}

async function login(r: Running): Promise<string> {
  const res = await api(r, 'POST', '/users/authenticate', { username: 'admin', password: ADMIN_PASSWORD });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data.token as string;
}

async function until(what: string, ok: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const running: Running[] = [];
const peers: SmtpPeer[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'kill-email-'));
after(async () => {
  for (const r of running) await kill9(r);
  await Promise.all(peers.map((p) => p.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 with a mail queued', () => {
  test('the mail on disk goes out after the restart, exactly once', async () => {
    const gone = await startSmtpPeer({ mode: 'plain' });
    const smtpPort = gone.port;
    await gone.close();

    let r = await start(dataDir);
    running.push(r);
    let token = await login(r);
    const cfg = {
      ...DEFAULT_SMTP_CONFIG(),
      enable: 1,
      smtpServer: HOST,
      smtpPort,
      smtpFrom: 'meter@example.com',
      smtpSubject: 'Meter 9',
      smtpToAddress1: 'ops@example.com',
      sendStartTime: '2026-03-01 03:00',
      sysEventTriggered: 1,
    };
    assert.equal((await api(r, 'PUT', '/settings/communication/smtpConfig', cfg, token)).status, 200);
    // A meter settings change is a system event ('System parameters modified'): a real-time mail.
    const general = (await api(r, 'GET', '/settings/meter', undefined, token)).body.data;
    assert.equal((await api(r, 'PUT', '/settings/meter', { ...general, deviceDescription: 'Crash Room' }, token)).status, 200);
    await until('the mail to be queued after a refused connection', async () => {
      const s = (await api(r, 'GET', '/command/emailStatus', undefined, token)).body.data;
      return s.waiting === 1 && s.lastFailure?.reason === `Connection refused by ${HOST}:${smtpPort}`;
    });
    await kill9(r);

    const back = await startSmtpPeer({ mode: 'plain', port: smtpPort });
    peers.push(back);
    r = await start(dataDir);
    running.push(r);
    const ours = () => back.received.filter((mail) => mail.text().includes('System event: System parameters modified'));
    await until('the queued mail', async () => ours().length >= 1);
    token = await login(r);
    await until('the queue to empty', async () => (await api(r, 'GET', '/command/emailStatus', undefined, token)).body.data.waiting === 0);
    await sleep(1500);
    assert.equal(ours().length, 1, back.received.map((m) => m.text()).join('\n---\n'));
    assert.equal(ours()[0]!.header('Subject'), 'Meter 9 (event)');
    await kill9(r);
  });
});
