/**
 * Benchmarks of the foundation slice, printed as figures (not timed tests):
 * - sign-in latency (scrypt off the event loop),
 * - Basic Metering polls (system + a channel, as the screen does every 5 s): 50 pollers at the
 *   console's 5 s rate and at 1 s, each starting at a random phase (the figure issue 3 names),
 *   and 50 pollers back to back (saturation: throughput, and latency that is mostly queueing).
 */
import http from 'node:http';
import { startModule } from '../e2e/lib/harness.ts';
import { bundleBudgetBench } from './bundle-budget.ts';
import { layoutShiftBench } from './layout-shift.ts';
import { trendsBench } from './trends.ts';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Pollers that each call `poll` every `periodMs`, from a random phase, for `seconds`; sorted latencies. */
async function pacedPollers(poll: () => Promise<void>, pollers: number, periodMs: number, seconds: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: pollers }, async () => {
      await new Promise((r) => setTimeout(r, Math.random() * periodMs));
      while (performance.now() < end) {
        const started = performance.now();
        out.push(await timed(poll));
        await new Promise((r) => setTimeout(r, Math.max(0, periodMs - (performance.now() - started))));
      }
    }),
  );
  return out.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const server = await startModule({ MODULE_LOG_LEVEL: 'error' });
  try {
    const token = await server.login();
    await server.api('PUT', '/usrmg/general/config', { maxLoginUser: 10, sessionTimeout: 15 }, token);

    const logins: number[] = [];
    for (let i = 0; i < 20; i++) {
      let t = '';
      logins.push(await timed(async () => (t = await server.login())));
      await server.api('POST', '/users/logout', {}, t);
    }
    logins.sort((a, b) => a - b);
    console.log(`sign-in: n=20 p50 ${ms(percentile(logins, 50))} p99 ${ms(percentile(logins, 99))}`);

    // Like a browser: kept-alive connections that outlive the 5 s poll period (Node's fetch drops
    // idle sockets after 4 s, which would add a TCP connect to every paced poll).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
    const get = (path: string) =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(`${server.baseUrl}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`poll failed ${res.statusCode}`))));
        });
        req.on('error', reject);
      });
    const poll = async () => {
      await Promise.all([get('/api/readings/realtime/system'), get('/api/readings/realtime/channels/19')]);
    };
    for (let i = 0; i < 200; i++) await poll(); // warm-up

    const POLLERS = 50;
    const SECONDS = 10;
    const latencies: number[] = [];
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: POLLERS }, async () => {
        while (performance.now() < end) latencies.push(await timed(poll));
      }),
    );
    latencies.sort((a, b) => a - b);
    console.log(
      `basic metering poll (system + channel), ${POLLERS} pollers back to back for ${SECONDS} s: ` +
        `n=${latencies.length} (${Math.round(latencies.length / SECONDS)} polls/s) p50 ${ms(percentile(latencies, 50))} p99 ${ms(percentile(latencies, 99))}`,
    );

    for (const periodMs of [5000, 1000]) {
      const seconds = periodMs === 5000 ? 120 : 20;
      const paced = await pacedPollers(poll, POLLERS, periodMs, seconds);
      console.log(
        `basic metering poll, ${POLLERS} pollers every ${periodMs / 1000} s for ${seconds} s: ` + `n=${paced.length} p50 ${ms(percentile(paced, 50))} p99 ${ms(percentile(paced, 99))}`,
      );
    }

    const single: number[] = [];
    for (let i = 0; i < 500; i++) single.push(await timed(poll));
    single.sort((a, b) => a - b);
    console.log(`basic metering poll, one poller: n=500 p50 ${ms(percentile(single, 50))} p99 ${ms(percentile(single, 99))}`);
  } finally {
    await server.stop();
  }
}

// The built console's JS budgets first: they need no server.
bundleBudgetBench();
await main();
// Basic Metering's first load in Chromium (bench/layout-shift.ts).
await layoutShiftBench();
// The trend store, measured inside the module's process (bench/trends.ts).
await trendsBench();
