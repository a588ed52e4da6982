/**
 * A fleet scraped by the engine itself (issue 27): N compiled modules on loopback (default 20),
 * each with open /metrics access (Settings › Prometheus metrics, as a site's scrape targets are),
 * and one Debian `prometheus` (/usr/bin/prometheus, its own temporary configuration and data folder,
 * a loopback port) scraping them all every 5 s through file-based service discovery, as
 * docs/fleet.md configures a site. Figures:
 * - the scrape durations Prometheus recorded (`scrape_duration_seconds` over the run, from its HTTP
 *   API): p50 / p99 / max, and the failed scrapes (`up` = 0);
 * - each module's CPU (utime + stime of /proc/<pid>/stat, all threads) over the run against an
 *   idle window before Prometheus starts, as a share of one core and per scrape, and its RSS idle and
 *   at the end;
 * - then, the fleet and Prometheus stopped, one module with the 50 consoles of the load bench polling
 *   Basic Metering and a scraper of /metrics every 500 ms in the pollers' thread (Prometheus'
 *   Accept header): the scrape p99 (target ≤ 10 ms) and the polls' (the load bench's target).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../test-peers/free-ports.ts';
import { consolePhase, openConsoles } from './console-load.ts';
import { BenchClient } from './lib/client.ts';
import { ADMIN_PASSWORD, startCompiledModule, statusField, type CompiledModule } from './lib/module-process.ts';
import { mb, ms, percentile, report, spread } from './lib/stats.ts';

const PROMETHEUS = '/usr/bin/prometheus';
const SCRAPE_SECONDS = 5;
/** Modules started at once: each start takes ~1 s of CPU, on 2 cores. */
const START_BATCH = 4;
const IDLE_SECONDS = 30;
/** After the last start, before the idle window: a start's own work (the seed in slices, the first trend rows) is not idle. */
const SETTLE_SECONDS = 15;
const TARGET = { scrapeP99: 10 };

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time of a process so far, all its threads (utime + stime of /proc/<pid>/stat), ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis, from field 3 (state): utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
}

const share = (cpu: number, seconds: number) => `${((cpu / (seconds * 1000)) * 100).toFixed(2)}%`;
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

/** Starts `n` modules, a few at a time; those started are in `into` even when a later start fails. */
async function startFleet(n: number, into: CompiledModule[]): Promise<void> {
  for (let i = 0; i < n; i += START_BATCH) {
    const batch = await Promise.allSettled(Array.from({ length: Math.min(START_BATCH, n - i) }, () => startCompiledModule()));
    for (const r of batch) if (r.status === 'fulfilled') into.push(r.value);
    const failed = batch.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }
}

/** Admin turns open /metrics access on (Settings › Prometheus metrics) and signs out. */
async function openMetrics(module: CompiledModule): Promise<void> {
  const client = new BenchClient(module.baseUrl);
  try {
    const admin = await client.login('admin', ADMIN_PASSWORD);
    await client.ok('PUT', '/settings/communication/metricsConfig', admin, { openAccess: 1 });
    await client.ok('POST', '/users/logout', admin, {});
  } finally {
    client.close();
  }
}

interface Prometheus {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Debian's Prometheus on a loopback port with its own configuration and data folder in `dir`. */
async function startPrometheus(dir: string, targets: string[]): Promise<Prometheus> {
  writeFileSync(join(dir, 'modules.json'), JSON.stringify([{ targets, labels: { site: 'bench' } }]));
  writeFileSync(
    join(dir, 'prometheus.yml'),
    [
      'global:',
      `  scrape_interval: ${SCRAPE_SECONDS}s`,
      `  scrape_timeout: ${SCRAPE_SECONDS}s`,
      'scrape_configs:',
      '  - job_name: fleet',
      '    file_sd_configs:',
      `      - files: ['${join(dir, 'modules.json')}']`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited: ${log}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, pid: child.pid!, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus not ready in 60 s: ${log}`);
    }
    await sleep(100);
  }
}

/** A range query's samples by target (`instance`), from Prometheus' HTTP API. */
async function samplesByInstance(url: string, expr: string): Promise<Map<string, number[]>> {
  const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await res.json()) as { status: string; error?: string; data: { result: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> } };
  if (body.status !== 'success') throw new Error(`prometheus ${expr}: ${body.error}`);
  return new Map(body.data.result.map((r) => [r.metric.instance!, r.values.map(([, v]) => Number(v))]));
}

export async function fleetBench(missed: string[], o: { modules: number; seconds: number; phaseSeconds: number }): Promise<void> {
  const fleet: CompiledModule[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bench-prometheus-'));
  let prometheus: Prometheus | undefined;
  try {
    await startFleet(o.modules, fleet);
    await Promise.all(fleet.map(openMetrics));
    const targets = fleet.map((m) => new URL(m.baseUrl).host);

    // The idle baseline: the same modules with nobody scraping them, once their starts have settled.
    await sleep(Math.min(SETTLE_SECONDS, o.seconds) * 1000);
    const idleSeconds = Math.min(IDLE_SECONDS, o.seconds);
    const idleStart = fleet.map((m) => cpuMs(m.pid));
    await sleep(idleSeconds * 1000);
    const idleCpu = fleet.map((m, i) => cpuMs(m.pid) - idleStart[i]!);
    const idleRss = fleet.map((m) => m.rssBytes());

    prometheus = await startPrometheus(dir, targets);
    const promStart = cpuMs(prometheus.pid);
    const runStart = fleet.map((m) => cpuMs(m.pid));
    const t0 = performance.now();
    const peakRss = [...idleRss];
    while (performance.now() - t0 < o.seconds * 1000) {
      await sleep(Math.min(SCRAPE_SECONDS * 1000, o.seconds * 1000 - (performance.now() - t0)));
      fleet.forEach((m, i) => (peakRss[i] = Math.max(peakRss[i]!, m.rssBytes())));
    }
    const runSeconds = (performance.now() - t0) / 1000;
    const runCpu = fleet.map((m, i) => cpuMs(m.pid) - runStart[i]!);
    const endRss = fleet.map((m) => m.rssBytes());
    const promCpu = cpuMs(prometheus.pid) - promStart;
    const promRss = statusField(prometheus.pid, 'VmRSS') * 1024;

    const window = `[${Math.ceil(runSeconds) + SCRAPE_SECONDS}s]`;
    const durations = await samplesByInstance(prometheus.url, `scrape_duration_seconds{job="fleet"}${window}`);
    const up = await samplesByInstance(prometheus.url, `up{job="fleet"}${window}`);
    const series = await samplesByInstance(prometheus.url, `scrape_samples_scraped{job="fleet"}${window}`);
    await prometheus.stop();

    const all = [...durations.values()].flat().map((s) => s * 1000);
    all.sort((a, b) => a - b);
    const failed = [...up.values()].flat().filter((v) => v !== 1).length;
    console.log(
      `fleet: ${fleet.length} modules scraped by Prometheus every ${SCRAPE_SECONDS} s for ${runSeconds.toFixed(0)} s (file_sd, open access): ` +
        `${all.length} scrapes, ${failed} failed, ${targets.filter((t) => !durations.get(t)?.length).length} targets never scraped; ` +
        `${median([...series.values()].flat())} samples a scrape`,
    );
    console.log(`  scrape duration (Prometheus' scrape_duration_seconds): ${spread(all)}`);
    const added = fleet.map((_, i) => runCpu[i]! - (idleCpu[i]! / idleSeconds) * runSeconds);
    fleet.forEach((m, i) => {
      const scrapes = durations.get(targets[i]!)?.length ?? 0;
      console.log(
        `  module ${String(i + 1).padStart(2)} (${targets[i]}): CPU idle ${share(idleCpu[i]!, idleSeconds)} of a core, scraped ${share(runCpu[i]!, runSeconds)}, ` +
          `added ${share(added[i]!, runSeconds)} (${scrapes ? ms(added[i]! / scrapes) : '-'} a scrape, ${scrapes} scrapes); ` +
          `RSS idle ${mb(idleRss[i]!)}, end ${mb(endRss[i]!)} (peak ${mb(peakRss[i]!)}), added ${mb(endRss[i]! - idleRss[i]!)}`,
      );
    });
    const addedRss = fleet.map((_, i) => endRss[i]! - idleRss[i]!);
    console.log(
      `  each module's added CPU: median ${share(median(added), runSeconds)}, max ${share(Math.max(...added), runSeconds)} of a core ` +
        `(CPU time in ${ticksPerSecond}ths of a second: a module idles at a few ticks a second); ` +
        `added RSS median ${mb(median(addedRss))}, max ${mb(Math.max(...addedRss))}; ` +
        `Prometheus itself ${share(promCpu, runSeconds)} of a core, RSS ${mb(promRss)}`,
    );
    if (failed) missed.push(`fleet: ${failed} scrapes failed`);

    // The scrape beside 50 consoles: one module, the rest of the fleet and Prometheus stopped.
    const [one, ...rest] = fleet;
    await Promise.all(rest.map((m) => m.stop()));
    fleet.length = 1;
    const tokens = await openConsoles(one!);
    const result = await consolePhase(one!, tokens, o.phaseSeconds, missed, {
      tag: 'beside a scraper',
      beside: ', and GET /metrics every 500 ms (OpenMetrics, as Prometheus asks)',
      scrape: { path: '/metrics', everyMs: 500 },
      loopTargets: false,
    });
    const scrapes = result.scrapes.sort((a, b) => a - b);
    console.log(`  scrapes of /metrics: ${scrapes.length}, ${result.scrapeFailures} failed; ${spread(scrapes)}`);
    if (result.scrapeFailures) missed.push(`fleet: ${result.scrapeFailures} scrapes of /metrics beside the consoles failed`);
    report('scrape p99 beside 50 consoles (GET /metrics, whole reply)', percentile(scrapes, 99), TARGET.scrapeP99, ms, missed);
  } finally {
    await prometheus?.stop();
    await Promise.all(fleet.map((m) => m.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
