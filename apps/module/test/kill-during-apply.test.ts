/**
 * A kill -9 of the module process in the middle of a firmware apply or a configuration backup
 * apply (issue 11): after a restart the module is on the old state or the new one, never broken —
 * the firmware version is one of the two, the settings of the backup are all old or all new, and
 * the module answers sign-in. The kill lands at several moments of each apply.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildPackage } from '../src/services/firmware/package-format.ts';
import { ADMIN_PASSWORD } from './helper.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HOST = '127.0.0.1';
const devKey = createPrivateKey(readFileSync(join(ROOT, 'apps/module/dev-keys/firmware-dev-key.pem')));

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
      MODULE_FIRMWARE_DEV_KEY: '1',
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

async function api(r: Running, method: string, path: string, body?: unknown, token?: string, raw?: Buffer) {
  const res = await fetch(`http://${HOST}:${r.port}/api${path}`, {
    method,
    headers: {
      ...(raw ? { 'content-type': 'application/octet-stream' } : body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: raw ? new Uint8Array(raw) : body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
}

async function login(r: Running): Promise<string> {
  const res = await api(r, 'POST', '/users/authenticate', { username: 'admin', password: ADMIN_PASSWORD });
  assert.equal(res.status, 200, `sign-in after the restart: ${JSON.stringify(res.body)}\n${r.output()}`);
  return res.body.data.token as string;
}

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('kill -9 in the middle of an apply', () => {
  test('firmware apply: after the restart the version is the old or the new one and sign-in works', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kill-fw-'));
    dirs.push(dataDir);
    const pkg = buildPackage({ product: 'AXM-WEB2', version: '3.9.0' }, [{ name: 'rootfs.img', data: Buffer.alloc(4 * 1024 * 1024, 7) }], devKey);
    const seen = new Set<string>();
    // Kill before processing starts, while it runs, and after the version was marked (before the reboot).
    for (const delayMs of [5, 'marked'] as const) {
      let r = await start(dataDir);
      let token = await login(r);
      const before = (await api(r, 'GET', '/settings/deviceInfo', undefined, token)).body.data.moduleFirmwareVersion as string;
      assert.equal((await api(r, 'POST', '/upload/firmware', undefined, token, pkg)).status, 200);
      const started = api(r, 'PATCH', '/fwUpdate/update', {}, token).catch(() => undefined);
      if (delayMs === 'marked') {
        // Past the mark: the log says success, the reboot (2 s later) has not come yet.
        for (let i = 0; i < 200 && !String((await api(r, 'GET', '/fwUpdate/info', undefined, token)).body?.data?.output).includes('firmware update success'); i++) await sleep(20);
      } else await sleep(delayMs);
      await kill9(r);
      await started;
      r = await start(dataDir);
      token = await login(r);
      const info = (await api(r, 'GET', '/settings/deviceInfo', undefined, token)).body.data;
      assert.ok([before, '3.9.0'].includes(info.moduleFirmwareVersion), `version ${info.moduleFirmwareVersion} after a kill at ${delayMs} ms`);
      seen.add(info.moduleFirmwareVersion);
      assert.equal((await api(r, 'GET', '/fwUpdate/info', undefined, token)).status, 200);
      // Nothing half-applied is left to apply again: a second restart keeps the version.
      await kill9(r);
      r = await start(dataDir);
      token = await login(r);
      assert.equal((await api(r, 'GET', '/settings/deviceInfo', undefined, token)).body.data.moduleFirmwareVersion, info.moduleFirmwareVersion);
      await kill9(r);
    }
    // The last round was killed past the mark: the next start made the new version the running one.
    assert.ok(seen.has('3.9.0'), `only ${[...seen].join(', ')} seen`);
  });

  test('config backup apply: after the restart every setting of the backup is old or every one is new', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kill-cfg-'));
    dirs.push(dataDir);
    let r = await start(dataDir);
    let token = await login(r);
    const state = async () => {
      const auto = (await api(r, 'GET', '/settings/autoUpdateConfig', undefined, token)).body.data;
      const syslog = (await api(r, 'GET', '/settings/syslogConfig', undefined, token)).body.data;
      return `${auto.checkStat}/${auto.checkTime}/${syslog['Web Server'].logLevel}`;
    };
    const put = async (path: string, body: unknown) => assert.equal((await api(r, 'PUT', path, body, token)).status, 200, path);
    const syslogAll = async (level: number) => {
      const cur = (await api(r, 'GET', '/settings/syslogConfig', undefined, token)).body.data as Record<string, { logLevel: number }>;
      await put('/settings/syslogConfig', Object.fromEntries(Object.keys(cur).map((k) => [k, { logLevel: level }])));
    };
    // The backup: auto update 2 at 5 am, debug off. The live state then: 1 at 10 am, debug on.
    await put('/settings/autoUpdateConfig', { checkStat: 2, checkTime: 5 });
    await syslogAll(6);
    assert.equal((await api(r, 'POST', '/config/backup', { description: 'before' }, token)).status, 200);
    const uuid = (await api(r, 'GET', '/config/localInfo', undefined, token)).body.data[0].uuid as string;
    const NEW = '2/5/6';
    const OLD = '1/10/7';
    const setOld = async () => {
      await put('/settings/autoUpdateConfig', { checkStat: 1, checkTime: 10 });
      await syslogAll(7);
      assert.equal(await state(), OLD);
    };
    // Control: an apply that is not interrupted changes both sections.
    await setOld();
    assert.equal((await api(r, 'PATCH', '/config/apply', { uuid, includeUser: true }, token)).status, 200);
    assert.equal(await state(), NEW);
    const seen = new Set<string>();
    for (const delayMs of [0, 5]) {
      await setOld();
      const applying = api(r, 'PATCH', '/config/apply', { uuid, includeUser: true }, token).catch(() => undefined);
      await sleep(delayMs);
      await kill9(r);
      await applying;
      r = await start(dataDir);
      token = await login(r);
      const now = await state();
      assert.ok(now === OLD || now === NEW, `a mix after a kill at ${delayMs} ms: ${now}`);
      seen.add(now);
      assert.equal((await api(r, 'GET', '/config/localInfo', undefined, token)).body.data.length, 1);
    }
    await kill9(r);
    assert.ok(seen.size >= 1);
  });
});
