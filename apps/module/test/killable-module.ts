/**
 * The module as a child process on a data folder the test keeps, for the tests of a crash: kill it
 * with SIGKILL at a chosen moment and start it again on the same folder, then look at what the
 * restart found. The API is reached over real HTTP, as after a power cut.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../../../test-peers/free-ports.ts';
import { until } from '../../../test-peers/until.ts';
import { ADMIN_PASSWORD } from './helper.ts';
import { moduleServerArgs } from '../../../test-peers/module-command.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HOST = '127.0.0.1';

export interface KillableModule {
  child: ChildProcess;
  port: number;
  output: () => string;
}

/** The module's process on `dataDir`, its output gathered; env adds to or overrides the test defaults. */
export function spawnModule(dataDir: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, moduleServerArgs(), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOST,
      MODULE_DATA_DIR: dataDir,
      MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      MODULE_LOG_LEVEL: 'warn',
      MODULE_REBOOT_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}

/** Starts the module on `dataDir` (env adds to or overrides the test defaults) and waits until it answers. */
export async function startKillableModule(dataDir: string, env: Record<string, string> = {}): Promise<KillableModule> {
  const [port, modbusPort] = (await freePorts(2)) as [number, number];
  const { child, output } = spawnModule(dataDir, {
    PORT: String(port),
    MODULE_HTTPS_PORT: '0',
    MODULE_MODBUS_PORT: String(modbusPort),
    MODULE_BACNET_PORT: '0',
    ...env,
  });
  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`module exited: ${output()}`);
    return fetch(`http://${HOST}:${port}/api/systemMode`).then(
      (r) => r.ok,
      () => false,
    );
  };
  try {
    await until('the module to answer', answers, 90_000, 200);
  } catch (e) {
    if (child.exitCode !== null) throw e;
    child.kill('SIGKILL');
    throw new Error(`module did not start (${(e as Error).message}): ${output()}`);
  }
  return { child, port, output };
}

/** SIGKILL: no shutdown code runs, as in a power cut. */
export async function kill9(r: KillableModule): Promise<void> {
  if (r.child.exitCode !== null || r.child.signalCode !== null) return;
  const exited = new Promise((ok) => r.child.once('exit', ok));
  r.child.kill('SIGKILL');
  await exited;
}

/** A JSON call, or `raw` bytes as application/octet-stream (an upload). */
export async function api(r: KillableModule, method: string, path: string, body?: unknown, token?: string, raw?: Buffer) {
  const res = await fetch(`http://${HOST}:${r.port}/api${path}`, {
    method,
    headers: {
      ...(raw ? { 'content-type': 'application/octet-stream' } : body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: raw ? new Uint8Array(raw) : body !== undefined ? JSON.stringify(body) : undefined,
  });
  // The reply of any path, read by tests that assert on its fields: a wrong field fails the assertion.
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
}

/** Signs admin in; a refusal fails the test with the module's output (why the restart went wrong). */
export async function login(r: KillableModule): Promise<string> {
  const res = await api(r, 'POST', '/users/authenticate', { username: 'admin', password: ADMIN_PASSWORD });
  assert.equal(res.status, 200, `sign-in after the restart: ${JSON.stringify(res.body)}\n${r.output()}`);
  return res.body.data.token as string;
}
