/**
 * Does the bench measure as an outside client would (issue 15: within 30%)? The same figure taken
 * both ways against the same compiled module, in alternating rounds so both see the same machine:
 * the latency of a Basic Metering poll (GET /readings/realtime/system, signed in) by the bench's
 * client (bench/lib/client.ts, kept-alive) and by curl, an independent HTTP client, asked for
 * the same URL many times in one process (one kept-alive connection, `%{time_total}` per
 * transfer). Printed: both medians and p90s, their ratio, and its distance from 1 beside 30%.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BenchClient } from './lib/client.ts';
import { ADMIN_PASSWORD, startCompiledModule } from './lib/module-process.ts';
import { ms, percentile, report } from './lib/stats.ts';

const run = promisify(execFile);
const ROUNDS = 10;
const CALLS = 20;
const TARGET_PERCENT = 30;

/** `n` sequential GETs of `url` by curl over one connection; each transfer's total time in ms. */
async function curlTimes(url: string, token: string, n: number): Promise<number[]> {
  const args = ['-s', '-H', `Authorization: Bearer ${token}`, '-w', '%{time_total}\\n'];
  for (let i = 0; i < n; i++) args.push('-o', '/dev/null', url);
  const { stdout } = await run('curl', args);
  return stdout
    .trim()
    .split('\n')
    .map((s) => Number(s) * 1000);
}

export async function outsideBench(missed: string[]): Promise<void> {
  const module = await startCompiledModule();
  const client = new BenchClient(module.baseUrl);
  try {
    const token = await client.login('admin', ADMIN_PASSWORD);
    const path = '/readings/realtime/system';
    const bench: number[] = [];
    const curl: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // The first call of each round opens (or wakes) its connection, for both clients alike.
      for (let i = 0; i < CALLS; i++) bench.push((await client.ok('GET', path, token)).ms);
      curl.push(...(await curlTimes(`${module.baseUrl}/api${path}`, token, CALLS)));
    }
    bench.sort((a, b) => a - b);
    curl.sort((a, b) => a - b);
    const ratio = percentile(bench, 50) / percentile(curl, 50);
    console.log(
      `poll latency, ${bench.length} calls each: bench client p50 ${ms(percentile(bench, 50))} p90 ${ms(percentile(bench, 90))}; ` +
        `curl p50 ${ms(percentile(curl, 50))} p90 ${ms(percentile(curl, 90))}; bench / curl at p50 ${ratio.toFixed(2)}`,
    );
    report('bench against an outside client (curl), poll p50, difference', Math.abs(ratio - 1) * 100, TARGET_PERCENT, (x) => `${x.toFixed(0)} %`, missed);
  } finally {
    client.close();
    await module.stop();
  }
}
