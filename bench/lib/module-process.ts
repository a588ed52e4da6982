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
import { ADMIN_PASSWORD, freePorts } from '../../e2e/lib/harness.ts';

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
  /** RSS split as the kernel counts it: anonymous (heaps, caches, stacks) and file pages (node, libraries). */
  rssSplit(): { anon: number; file: number; threads: number };
  output(): string;
  /** Stops the process; the data folder is removed unless it was given. */
  stop(): Promise<void>;
}

/** A number field of /proc/<pid>/status (kB for the memory ones). */
export function statusField(pid: number, name: string): number {
  const m = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/**
 * How `npm start` runs the bundle: the environment assignments and node options of the root
 * package.json's serve script (which scripts/start.mjs runs after its builds), read from it so the
 * benches run what production runs.
 */
export function productionLaunch(): { env: Record<string, string>; nodeArgs: string[] } {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve;
  const words = start.split('&&').pop()!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    env[name] = value;
  }
  if (words.shift() !== 'node' || words.pop() !== 'apps/module/dist/server.mjs')
    throw new Error(`npm run serve is not "[VAR=value …] node [options] apps/module/dist/server.mjs": ${start}`);
  return { env, nodeArgs: words };
}

export async function startCompiledModule(options: { dataDir?: string; env?: Record<string, string>; nodeArgs?: string[] } = {}): Promise<CompiledModule> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: npm run build`);
  const [port, modbusPort] = (await freePorts(2)) as [number, number];
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-module-'));
  let out = '';
  const started = performance.now();
  const launch = productionLaunch();
  // BENCH_NODE_ARGS adds node options to a run, to try one (e.g. a V8 flag) or to profile (--cpu-prof).
  const extraArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? launch.nodeArgs), ...extraArgs, SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...launch.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MODULE_DATA_DIR: dataDir,
      MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      MODULE_LOG_LEVEL: 'info',
      MODULE_HTTPS_PORT: '0',
      MODULE_MODBUS_PORT: String(modbusPort),
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
    if (Date.now() > deadline) {
      // The caller never gets a handle to stop it: its pipes would keep the bench alive for ever.
      child.kill('SIGKILL');
      throw new Error(`module did not start: ${out}`);
    }
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
      return statusField(child.pid!, 'VmRSS') * 1024;
    },
    rssSplit() {
      return { anon: statusField(child.pid!, 'RssAnon') * 1024, file: statusField(child.pid!, 'RssFile') * 1024, threads: statusField(child.pid!, 'Threads') };
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
