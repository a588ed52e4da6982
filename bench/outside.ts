/**
 * Does the bench measure as an outside client would (issue 15: within 30%)? The same figures
 * taken both ways against the same compiled module on the 30-day store, in alternating rounds so
 * both see the same machine:
 * - a Basic Metering poll (GET /readings/realtime/system, signed in, one kept-alive connection):
 *   the time from the request written to the reply's first byte, by the bench's client
 *   (bench/lib/client.ts) and by curl (`time_starttransfer - time_pretransfer`, many transfers in
 *   one process). That is the server's time and the loopback, what both clients see alike; each
 *   client's own cost of a call (building the request, reading the body, Node's http layer against
 *   curl's C) is left out, since at sub-2 ms latencies it is most of the total and no property of
 *   the module. The totals are printed too, without a target;
 * - the CSV export of a day at 1 s (86,400 rows of 33 columns): rows per second of the whole flow
 *   (start, then the status every 100 ms until the file is ready) by the bench's client and by curl.
 * Each comparison is printed with both medians, their ratio and its distance from 1 beside 30%.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BenchClient } from './lib/client.ts';
import { dayAtOneSecond } from './lib/export-body.ts';
import { exportByBench, exportByCurl, type ExportRun } from './lib/export-flow.ts';
import { ADMIN_PASSWORD, startCompiledModule } from './lib/module-process.ts';
import { ms, percentile, report } from './lib/stats.ts';
import { benchStore } from './lib/store.ts';

const run = promisify(execFile);
const ROUNDS = 10;
const CALLS = 20;
const EXPORT_ROUNDS = 3;
const EXPORT_POLL_MS = 100;
const TARGET_PERCENT = 30;

interface CurlTimes {
  firstByte: number[];
  total: number[];
}

/** `n` sequential GETs of `url` by curl over one connection; each transfer's times in ms. */
async function curlTimes(url: string, token: string, n: number): Promise<CurlTimes> {
  const args = ['-s', '-H', `Authorization: Bearer ${token}`, '-w', '%{time_pretransfer} %{time_starttransfer} %{time_total}\\n'];
  for (let i = 0; i < n; i++) args.push('-o', '/dev/null', url);
  const { stdout } = await run('curl', args);
  const out: CurlTimes = { firstByte: [], total: [] };
  for (const line of stdout.trim().split('\n')) {
    const [pre, first, total] = line.split(' ').map((s) => Number(s) * 1000) as [number, number, number];
    out.firstByte.push(first - pre);
    out.total.push(total);
  }
  return out;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => percentile(sorted(xs), 50);
const difference = (ratio: number) => Math.abs(ratio - 1) * 100;
const percent = (x: number) => `${x.toFixed(0)} %`;

async function pollComparison(client: BenchClient, baseUrl: string, token: string, missed: string[]): Promise<void> {
  const path = '/readings/realtime/system';
  const bench: CurlTimes = { firstByte: [], total: [] };
  const curl: CurlTimes = { firstByte: [], total: [] };
  for (let r = 0; r < ROUNDS; r++) {
    // The first call of each round opens (or wakes) its connection, for both clients alike.
    for (let i = 0; i < CALLS; i++) {
      const reply = await client.ok('GET', path, token);
      bench.firstByte.push(reply.firstByteMs);
      bench.total.push(reply.ms);
    }
    const c = await curlTimes(`${baseUrl}/api${path}`, token, CALLS);
    curl.firstByte.push(...c.firstByte);
    curl.total.push(...c.total);
  }
  const b = sorted(bench.firstByte);
  const c = sorted(curl.firstByte);
  const ratio = percentile(b, 50) / percentile(c, 50);
  console.log(
    `poll, request written → first byte, ${b.length} calls each: bench client p50 ${ms(percentile(b, 50))} p90 ${ms(percentile(b, 90))}; ` +
      `curl p50 ${ms(percentile(c, 50))} p90 ${ms(percentile(c, 90))}; bench / curl at p50 ${ratio.toFixed(2)}`,
  );
  console.log(`  whole call (each client's own cost included, no target): bench client p50 ${ms(median(bench.total))}, curl p50 ${ms(median(curl.total))}`);
  report('bench against an outside client (curl), poll p50 to first byte, difference', difference(ratio), TARGET_PERCENT, percent, missed);
}

async function exportComparison(client: BenchClient, baseUrl: string, token: string, missed: string[]): Promise<void> {
  const body = dayAtOneSecond(Math.floor(Date.now() / 1000) - 7200);
  const bench: ExportRun[] = [];
  const curl: ExportRun[] = [];
  const ready = (r: ExportRun | undefined, who: string) => {
    if (!r) throw new Error(`the export by ${who} ended without a file`);
    return r;
  };
  for (let r = 0; r < EXPORT_ROUNDS; r++) {
    bench.push(ready(await exportByBench(client, token, body, EXPORT_POLL_MS), 'the bench'));
    curl.push(ready(await exportByCurl(baseUrl, token, body, EXPORT_POLL_MS), 'curl'));
  }
  const rate = (x: ExportRun) => x.rows / (x.ms / 1000);
  const b = median(bench.map(rate));
  const c = median(curl.map(rate));
  const fmt = (runs: ExportRun[]) => runs.map((x) => `${(x.ms / 1000).toFixed(2)} s`).join(', ');
  console.log(
    `CSV export of a day at 1 s (${body.endTime - body.startTime + 1} rows), start to ready, status every ${EXPORT_POLL_MS} ms: ` +
      `bench client ${fmt(bench)}, median ${Math.round(b)} rows/s; curl ${fmt(curl)}, median ${Math.round(c)} rows/s; bench / curl ${(b / c).toFixed(2)}`,
  );
  report('bench against an outside client (curl), export rows/s, difference', difference(b / c), TARGET_PERCENT, percent, missed);
}

export async function outsideBench(missed: string[]): Promise<void> {
  const module = await startCompiledModule({ dataDir: benchStore().dataDir });
  const client = new BenchClient(module.baseUrl);
  try {
    const token = await client.login('admin', ADMIN_PASSWORD);
    await pollComparison(client, module.baseUrl, token, missed);
    await exportComparison(client, module.baseUrl, token, missed);
  } finally {
    client.close();
    await module.stop();
  }
}
