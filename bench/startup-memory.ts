/**
 * The compiled module on the 30-day store (bench/lib/store.ts), measured from outside:
 * - the store on disk after the backfill: 30 days of 1-second data with rollups and a year of
 *   energy (target ≤ 300 MB);
 * - startup: from the process spawn to the first reply (target ≤ 1 s), three starts;
 * - memory: 10 concurrent sign-ins, then 50 consoles polling Basic Metering for the given minutes;
 *   RSS from /proc every 5 s (target ≤ 128 MB steady: the highest of the run's second half; the
 *   peak is printed beside it).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { addConsoleUsers, CONSOLE_PASSWORD } from './console-load.ts';
import { BenchClient } from './lib/client.ts';
import { mb, ms, percentile, report } from './lib/stats.ts';
import { ADMIN_PASSWORD, startCompiledModule, type CompiledModule } from './lib/module-process.ts';
import { STORE_DAYS, STORE_ENERGY_DAYS, benchStore } from './lib/store.ts';

const MB = 1024 * 1024;
const TARGET = { storeBytes: 300 * MB, startupMs: 1000, rssBytes: 128 * MB };
const STARTS = 3;
const CONSOLES = 50;
const SIGN_INS = 10;

export async function storeAndStartupBench(missed: string[]): Promise<void> {
  const store = benchStore();
  console.log(`store: ${STORE_DAYS} days of 1-second data and ${STORE_ENERGY_DAYS} days of energy, backfill ${store.backfillSeconds.toFixed(0)} s`);
  report(`trend store on disk (trends.sqlite)`, store.trendBytes(), TARGET.storeBytes, mb, missed);
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const module = await startCompiledModule({ dataDir: store.dataDir });
    times.push(module.startupMs);
    await module.stop();
  }
  console.log(`startup of the compiled module on the store, ${STARTS} starts: ${times.map((t) => ms(t)).join(', ')}`);
  report('startup to first reply (worst)', Math.max(...times), TARGET.startupMs, ms, missed);
}

/** Where the memory is: RSS anonymous / file pages, the main V8 heap, memory V8 knows outside it, threads. */
async function breakdown(module: CompiledModule): Promise<string> {
  const split = module.rssSplit();
  const f = await module.loop();
  return (
    `RSS ${mb(split.anon + split.file)} = anon ${mb(split.anon)} + file ${mb(split.file)}; ` +
    `main heap ${mb(f.heapUsedBytes)} used of ${mb(f.heapTotalBytes)}, external ${mb(f.externalBytes)}; ${split.threads} threads`
  );
}

export async function memoryBench(missed: string[], minutes: number): Promise<void> {
  const store = benchStore();
  const module = await startCompiledModule({ dataDir: store.dataDir });
  const client = new BenchClient(module.baseUrl);
  const samples: number[] = [module.rssBytes()];
  const sampler = setInterval(() => samples.push(module.rssBytes()), 5000);
  try {
    const admin = await client.login('admin', ADMIN_PASSWORD);
    await client.ok('PUT', '/usrmg/general/config', admin, { maxLoginUser: SIGN_INS, sessionTimeout: 15 });
    // One sign-in per user: the per-account throttle answers 429 to more than its free checks of
    // one account in flight (issue 25), and a user holds at most maxLoginUser - 1 sessions.
    const users = await addConsoleUsers(client, admin, SIGN_INS);
    await client.ok('POST', '/users/logout', admin, {});
    const idle = module.rssBytes();
    console.log(`  idle: ${await breakdown(module)}`);
    const signIns: number[] = [];
    const tokens = await Promise.all(
      users.map(async (name) => {
        const t0 = performance.now();
        const token = await client.login(name, CONSOLE_PASSWORD);
        signIns.push(performance.now() - t0);
        return token;
      }),
    );
    const afterSignIns = module.rssBytes();
    samples.push(afterSignIns);
    signIns.sort((a, b) => a - b);
    console.log(`${SIGN_INS} concurrent sign-ins: p50 ${ms(percentile(signIns, 50))} max ${ms(signIns[signIns.length - 1]!)}; RSS idle ${mb(idle)}, after ${mb(afterSignIns)}`);
    console.log(`  after the sign-ins: ${await breakdown(module)}`);

    const until = performance.now() + minutes * 60_000;
    const polls: number[] = [];
    let failures = 0;
    await Promise.all(
      Array.from({ length: CONSOLES }, async (_, i) => {
        await sleep(Math.random() * 5000);
        while (performance.now() < until) {
          const started = performance.now();
          const token = tokens[i % SIGN_INS]!;
          const r = await Promise.all([client.request('GET', '/readings/realtime/system', token), client.request('GET', `/readings/realtime/channels/${(i % 18) + 1}`, token)]);
          polls.push(performance.now() - started);
          failures += r.filter((x) => x.status !== 200).length;
          await sleep(Math.max(0, 5000 - (performance.now() - started)));
        }
      }),
    );
    samples.push(module.rssBytes());
    polls.sort((a, b) => a - b);
    const peak = Math.max(...samples);
    const lastHalf = samples.slice(Math.floor(samples.length / 2));
    console.log(
      `${CONSOLES} consoles polling for ${minutes} min: ${polls.length} polls, ${failures} failed (${client.resets} sent again after an idle-socket reset), p99 ${ms(percentile(polls, 99))}; ` +
        `RSS at the end ${mb(samples[samples.length - 1]!)}, peak ${mb(peak)}, second half ${mb(Math.min(...lastHalf))}–${mb(Math.max(...lastHalf))}`,
    );
    console.log(`  at the end: ${await breakdown(module)}`);
    if (failures) missed.push(`memory run: ${failures} polls failed`);
    // The target is the steady RSS: the second half of the run. The peak is printed above; a
    // sign-in's 16 MB scrypt block is resident while it runs, one at a time.
    report(`RSS steady, the second half's highest (${SIGN_INS} sign-ins, ${CONSOLES} pollers, ${minutes} min)`, Math.max(...lastHalf), TARGET.rssBytes, mb, missed);
  } finally {
    clearInterval(sampler);
    client.close();
    await module.stop();
  }
}
