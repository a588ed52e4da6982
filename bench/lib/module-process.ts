/**
 * The module as production runs it: the compiled bundle (`npm run build`) on plain node, as a
 * child process on a free loopback port. The benchmarks measure it from outside (HTTP, /proc) and
 * ask its event-loop figures over the IPC channel (MODULE_LOOP_PROBE, apps/module/src/loop-probe.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { LoopFigures } from '../../apps/module/src/loop-probe.ts';
import { ADMIN_PASSWORD, freePort } from '../../e2e/lib/harness.ts';

export { ADMIN_PASSWORD };

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_BUNDLE = join(ROOT, 'apps/module/dist/server.mjs');

export interface CompiledModule {
  baseUrl: string;
  pid: number;
  dataDir: string;
  /** From the spawn to the first 200 of GET /api/systemMode. */
  startupMs: number;
  /** Event-loop figures since the last reset; `reset` starts a new window. */
  loop(reset?: boolean): Promise<LoopFigures>;
  /** Resident set size read from /proc, as `ps` and `top` see it. */
  rssBytes(): number;
  output(): string;
  /** Stops the process; the data folder is removed unless it was given. */
  stop(): Promise<void>;
}

export async function startCompiledModule(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<CompiledModule> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: npm run build`);
  const port = await freePort();
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-module-'));
  let out = '';
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MODULE_DATA_DIR: dataDir,
      MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      MODULE_LOG_LEVEL: 'info',
      MODULE_HTTPS_PORT: '0',
      MODULE_MODBUS_PORT: '0',
      MODULE_BACNET_PORT: '0',
      MODULE_LOOP_PROBE: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let startupMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`module exited: ${out}`);
    try {
      const r = await fetch(`${baseUrl}/api/systemMode`);
      if (r.ok) {
        startupMs = performance.now() - started;
        break;
      }
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`module did not start: ${out}`);
    await sleep(10);
  }

  let nextId = 1;
  const waiting = new Map<number, (f: LoopFigures) => void>();
  child.on('message', (m: { probe?: string; id: number; figures: LoopFigures }) => {
    if (m?.probe === 'loop') waiting.get(m.id)?.(m.figures);
    waiting.delete(m.id);
  });

  return {
    baseUrl,
    pid: child.pid!,
    dataDir,
    startupMs,
    output: () => out,
    loop(reset = false) {
      const id = nextId++;
      return new Promise<LoopFigures>((resolve) => {
        waiting.set(id, resolve);
        child.send({ probe: 'loop', id, reset });
      });
    },
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+) kB/.exec(status);
      return kb ? Number(kb[1]) * 1024 : NaN;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
