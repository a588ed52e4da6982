/**
 * The launcher listens as the web server and Modbus TCP settings say, after a restart and after a
 * reboot command (002 §3.2): HTTP on httpPort, HTTPS on port with the device certificate, Modbus
 * on its port (read by mbpoll); with HTTP not allowed, the HTTP port only redirects to HTTPS.
 * The ports are free ones inside the ranges of §5.1, so parallel runs do not meet.
 */
import assert from 'node:assert/strict';
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { RESERVED_WEB_PORTS } from '@meter/contract';
import { ADMIN_PASSWORD } from '../../helper.ts';
import { spawnModule } from '../../killable-module.ts';
import { until } from '../../../../../test-peers/until.ts';

const HOST = '127.0.0.1';

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, HOST, () => srv.close(() => resolve(true)));
  });
}

const taken = new Set<number>();
/** A free port in [min, max] (not a reserved web port), never handed out twice in this file. */
async function freePortIn(min: number, max: number): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = min + Math.floor(Math.random() * (max - min + 1));
    if (taken.has(port) || (RESERVED_WEB_PORTS as readonly number[]).includes(port)) continue;
    if (await bindable(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${min}-${max}`);
}

interface Launcher {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

function launch(dataDir: string, env: Record<string, string>): Launcher {
  const { child, output } = spawnModule(dataDir, env);
  return {
    child,
    output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, l: Launcher, ms = 60_000): Promise<T> {
  let v: T | undefined;
  const answered = async () => {
    if (l.child.exitCode !== null) throw new Error('module exited');
    v = await probe().catch(() => undefined);
    return v !== undefined;
  };
  await until(what, answered, ms, 250).catch((e: Error) => {
    throw new Error(`${e.message}\n${l.output()}`);
  });
  return v!;
}

const httpUp = (port: number) => async () => ((await fetch(`http://${HOST}:${port}/api/systemMode`, { redirect: 'manual' })).status > 0 ? true : undefined);

async function api(port: number, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://${HOST}:${port}/api${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function login(port: number): Promise<string> {
  const r = await api(port, 'POST', '/users/authenticate', { username: 'admin', password: ADMIN_PASSWORD });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data.token as string;
}

/** GET over TLS (the device certificate is self-signed): status and the served certificate's serial. */
function httpsGet(port: number, path: string): Promise<{ status: number; serial: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: HOST, port, path, rejectUnauthorized: false, agent: false }, (res) => {
      const serial = (res.socket as import('node:tls').TLSSocket).getPeerCertificate().serialNumber;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, serial }));
    });
    req.on('error', reject);
    req.end();
  });
}

function mbpoll(port: number): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      'mbpoll',
      ['-m', 'tcp', '-p', String(port), '-0', '-1', '-o', '1', '-a', '1', '-r', String(0x2000), '-c', '2', '-t', '4:float', '-B', HOST],
      { timeout: 5000 },
      (e, out, err) => resolve({ code: typeof e?.code === 'number' ? e.code : 0, out, err }),
    );
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'web-ports-'));
const running: Launcher[] = [];
after(async () => {
  for (const l of running) await l.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('after a restart and after a reboot the module listens on the saved HTTP, HTTPS and Modbus ports; HTTP off only redirects', async () => {
  // First start: every port from the environment, so nothing binds the privileged defaults.
  const bootPort = await freePortIn(6001, 9999);
  const first = launch(dataDir, { PORT: String(bootPort), MODULE_HTTPS_PORT: '0', MODULE_MODBUS_PORT: '0' });
  running.push(first);
  await waitFor('first start', httpUp(bootPort), first);
  let token = await login(bootPort);
  const [http1, https1, modbus1] = [await freePortIn(6001, 9999), await freePortIn(6001, 9999), await freePortIn(2000, 5999)];
  assert.equal((await api(bootPort, 'PUT', '/settings/communication/webServerConfig', { allowHttp: true, httpPort: http1, port: https1 }, token)).status, 200);
  assert.equal((await api(bootPort, 'PUT', '/settings/communication/modbusTcpConfig', { port: modbus1 }, token)).status, 200);
  await first.stop();

  // Power on without overrides: the saved ports.
  const second = launch(dataDir, {});
  running.push(second);
  await waitFor('HTTP on the saved port', httpUp(http1), second);
  const served = await waitFor('HTTPS on the saved port', () => httpsGet(https1, '/api/systemMode'), second);
  assert.equal(served.status, 200);
  token = await login(http1);
  const info = await api(http1, 'GET', '/command/cert/getCertInfo', undefined, token);
  assert.equal(served.serial.toUpperCase(), info.body.data.details.serialNumber.replace(/:/g, '').toUpperCase());
  const mb = await waitFor('Modbus on the saved port', async () => ((await mbpoll(modbus1)).code === 0 ? true : undefined), second);
  assert.equal(mb, true);

  // Save new ports with HTTP off, then the reboot command: the old ports close, the new ones open.
  const [http2, https2, modbus2] = [await freePortIn(6001, 9999), await freePortIn(6001, 9999), await freePortIn(2000, 5999)];
  assert.equal((await api(http1, 'PUT', '/settings/communication/webServerConfig', { allowHttp: false, httpPort: http2, port: https2 }, token)).status, 200);
  assert.equal((await api(http1, 'PUT', '/settings/communication/modbusTcpConfig', { port: modbus2 }, token)).status, 200);
  assert.equal((await api(http1, 'PATCH', '/command/rebootSystem', { value: 1 }, token)).status, 200);
  await waitFor('HTTPS on the new port', () => httpsGet(https2, '/api/systemMode'), second);
  const redirect = await waitFor(
    'HTTP redirects',
    async () => {
      const r = await fetch(`http://${HOST}:${http2}/setting/communication/network?x=1`, { redirect: 'manual' });
      return r.status === 301 ? r.headers.get('location') : undefined;
    },
    second,
  );
  assert.equal(redirect, `https://${HOST}:${https2}/setting/communication/network?x=1`);
  assert.equal((await httpsGet(https2, '/api/systemMode')).status, 200);
  await waitFor('Modbus on the new port', async () => ((await mbpoll(modbus2)).code === 0 ? true : undefined), second);
  assert.equal(await bindable(http1), true, 'the old HTTP port is closed');
  assert.equal(await bindable(modbus1), true, 'the old Modbus port is closed');
});

test('a web port its own Modbus server took: the module says so on standard error, serves Modbus and HTTPS there, and exits on SIGTERM', async () => {
  // The Modbus server binds before the web server (onReady, then listen): given the same port, it wins.
  const port = await freePortIn(6001, 9999);
  const httpsPort = await freePortIn(6001, 9999);
  const l = launch(join(dataDir, 'port-taken'), { PORT: String(port), MODULE_MODBUS_PORT: String(port), MODULE_HTTPS_PORT: String(httpsPort) });
  running.push(l);
  const line = `module: HTTP port ${port} cannot be bound: EADDRINUSE; the module goes on without it`;
  await waitFor('the line on standard error', async () => (l.output().includes(line) ? true : undefined), l);
  assert.equal((await waitFor('HTTPS', () => httpsGet(httpsPort, '/api/systemMode'), l)).status, 200);
  assert.equal((await mbpoll(port)).code, 0, 'the Modbus server answers on the port');
  // An HTTP request on the port reaches the Modbus server, which closes the connection unanswered.
  await assert.rejects(fetch(`http://${HOST}:${port}/api/systemMode`));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) => l.child.once('exit', (code, signal) => r([code, signal])));
  const t0 = Date.now();
  l.child.kill('SIGTERM');
  const ended = await Promise.race([exited, sleep(15_000).then(() => 'still running' as const)]);
  if (ended === 'still running') l.child.kill('SIGKILL');
  assert.deepEqual(ended, [0, null], `SIGTERM: ${JSON.stringify(ended)} after ${Date.now() - t0} ms`);
});
