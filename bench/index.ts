/**
 * Benchmarks of the foundation slice, printed as figures (not timed tests):
 * - sign-in latency (scrypt off the event loop),
 * - Basic Metering polls (system + a channel, as the screen does every 5 s) with 50 pollers
 *   polling back to back, i.e. far above the console's rate: p50/p99 latency and throughput.
 */
import { startModule } from '../e2e/lib/harness.ts';
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

    const headers = { authorization: `Bearer ${token}` };
    const poll = async () => {
      const [a, b] = await Promise.all([
        fetch(`${server.baseUrl}/api/readings/realtime/system`, { headers }),
        fetch(`${server.baseUrl}/api/readings/realtime/channels/19`, { headers }),
      ]);
      if (!a.ok || !b.ok) throw new Error(`poll failed ${a.status} ${b.status}`);
      await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
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

    const single: number[] = [];
    for (let i = 0; i < 500; i++) single.push(await timed(poll));
    single.sort((a, b) => a - b);
    console.log(`basic metering poll, one poller: n=500 p50 ${ms(percentile(single, 50))} p99 ${ms(percentile(single, 99))}`);
  } finally {
    await server.stop();
  }
}

await main();
// The trend store, measured inside the module's process (bench/trends.ts).
await trendsBench();
