/**
 * 50 consoles on Basic Metering against the compiled module with the 30-day store, over HTTP with
 * real sessions, and the module's event loop as it lives through it (issue 15):
 * - each console does what the screen does: on open systemMode, deviceInfo, homePageInfo and
 *   getUserName, then every 5 s the System and a Channel table (its own channel), and homePageInfo
 *   every 60 s; all from a random phase, over kept-alive connections;
 * - 10 sessions (the module's most concurrent sign-ins) of five users, five consoles on each
 *   session as tabs of one browser share theirs;
 * - first alone, then while another console runs the heaviest chart queries the interval rules allow
 *   back to back and a third generates a CSV export of a day at 1 s (and polls its status every 2 s
 *   as Trend Log Management does).
 * The consoles poll from a thread of their own (lib/poll-worker.ts), the chart and export console
 * from a process of its own at nice 19 (lib/heavy-client.ts), as they would from different browsers
 * on other computers.
 * Targets: poll p99 ≤ 10 ms seen by the client; event-loop delay p99 ≤ 10 ms and max ≤ 20 ms (no
 * request holds the loop longer).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HeavyJob, HeavyResult } from './lib/heavy-client.ts';
import { BenchClient } from './lib/client.ts';
import type { PollerJob, PollerResult } from './lib/poll-worker.ts';
import { ms, percentile, report } from './lib/stats.ts';
import { ADMIN_PASSWORD, ROOT, startCompiledModule, type CompiledModule } from './lib/module-process.ts';
import { benchStore } from './lib/store.ts';

export const CONSOLES = 50;
const SESSIONS = 10;
/** The users the sessions belong to: two sessions each. */
const CONSOLE_USERS = 5;
export const CONSOLE_PASSWORD = 'Bench-Console-2026';
const TARGET = { pollP99: 10, pollMax: 100, loopP99: 10, loopMax: 20 };

/** Starts the consoles' thread (poll-worker.ts); `run` polls for `seconds` and resolves with the timings. */
export async function pollers(job: PollerJob): Promise<{ run: () => Promise<PollerResult> }> {
  // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript worker.
  const source = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(new URL('./lib/poll-worker.ts', import.meta.url).href)}); })`;
  const worker = new Worker(source, { eval: true, workerData: job });
  await once(worker, 'message');
  return {
    async run() {
      worker.postMessage('go');
      const [result] = (await once(worker, 'message')) as [PollerResult];
      await worker.terminate();
      return result;
    },
  };
}

/**
 * Starts the chart and export console (heavy-client.ts) in a process of its own at nice 19, as a
 * browser on another computer; `run` sends it the phase and resolves with what it saw.
 */
async function heavyConsole(): Promise<{ run: (job: HeavyJob) => Promise<HeavyResult> }> {
  const child = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', fileURLToPath(new URL('./lib/heavy-client.ts', import.meta.url))], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [first] = (await Promise.race([once(child, 'message'), once(child, 'exit').then(() => [undefined])])) as [unknown];
  if (first !== 'ready') throw new Error('the chart and export console did not start');
  return {
    async run(job) {
      child.send(job);
      // A console that dies without a word must not hold the bench until it is killed.
      const [reply] = (await Promise.race([once(child, 'message'), once(child, 'exit').then(([code]) => [{ error: `exited with ${String(code)}` }])])) as [
        { result?: HeavyResult; error?: string },
      ];
      if (!reply.result) throw new Error(`the chart and export console failed: ${reply.error}`);
      return reply.result;
    },
  };
}

/** What a phase of consoles runs beside the polls, and which targets it holds them to. */
export interface PhaseOptions {
  /** The phase's name in the figures ("alone", "under load", …). */
  tag: string;
  /** Said after "50 consoles on Basic Metering for N s" (what else runs). */
  beside?: string;
  /** The chart and export console beside the polls (heavy-client.ts). */
  heavy?: boolean;
  /** A scraper of /metrics in the pollers' thread (poll-worker.ts). */
  scrape?: PollerJob['scrape'];
  /** Hold the event loop to its targets too (default); else its figures are printed only. */
  loopTargets?: boolean;
}

/**
 * One phase: the 50 consoles (and what `o` adds) for `seconds`; prints the polls and the module's
 * event loop, each figure with a target beside it; resolves with the pollers' timings.
 */
export async function consolePhase(module: CompiledModule, tokens: string[], seconds: number, missed: string[], o: PhaseOptions): Promise<PollerResult> {
  const consoles = await pollers({ baseUrl: module.baseUrl, tokens, consoles: CONSOLES, seconds, scrape: o.scrape });
  const charter = o.heavy ? await heavyConsole() : undefined;
  await module.loop(true);
  const [result, seen] = await Promise.all([consoles.run(), charter?.run({ baseUrl: module.baseUrl, chartToken: tokens[0]!, exportToken: tokens[1]!, seconds })]);
  const loop = await module.loop(true);
  const polls = result.polls.sort((a, b) => a - b);
  console.log(
    `${CONSOLES} consoles on Basic Metering for ${seconds} s${o.beside ?? ''}: ` +
      `${polls.length} polls, ${result.failures} failed; poll p50 ${ms(percentile(polls, 50))}, p99 to the first byte ${ms(
        percentile(
          result.firstBytes.sort((a, b) => a - b),
          99,
        ),
      )}; ` +
      `event loop p50 ${ms(loop.p50)} (${loop.samples} samples); the pollers' own loop p99 ${ms(result.loopP99)} max ${ms(result.loopMax)}`,
  );
  if (seen) {
    const c = seen.charts.sort((a, b) => a - b);
    const files = seen.exports;
    console.log(
      `  chart calls: ${c.length}, p50 ${ms(percentile(c, 50))} max ${ms(c[c.length - 1] ?? NaN)}; exports ready: ${files.length}${files.length ? ` (${files.map((f) => `${(f.ms / 1000).toFixed(1)} s, ${Math.round(f.rows / (f.ms / 1000))} rows/s`).join('; ')}; status polled every 2 s)` : ''}`,
    );
  }
  if (loop.stalls.length)
    console.log(
      `  longest stalls of the loop (main thread on a core / waiting for a core / in GC pauses / stolen from the VM): ${loop.stalls.map((x) => `${x.ms} ms (${x.cpuMs} / ${x.queuedMs} / ${x.gcMs} / ${x.stolenMs})`).join(', ')}`,
    );
  if (result.failures) missed.push(`${o.tag}: ${result.failures} polls failed`);
  report(`poll p99 ${o.tag} (client, both tables)`, percentile(polls, 99), TARGET.pollP99, ms, missed);
  report(`poll max ${o.tag} (client, both tables)`, polls[polls.length - 1] ?? NaN, TARGET.pollMax, ms, missed);
  if (o.loopTargets ?? true) {
    report(`event-loop delay p99 ${o.tag}`, loop.p99, TARGET.loopP99, ms, missed);
    report(`event-loop delay max ${o.tag}`, loop.max, TARGET.loopMax, ms, missed);
  } else console.log(`  event-loop delay ${o.tag}: p99 ${ms(loop.p99)}, max ${ms(loop.max)}`);
  return result;
}

/**
 * Adds `count` users of the admin role (console1, console2, …) with CONSOLE_PASSWORD; resolves with
 * their names. A kept store (BENCH_STORE_DIR) has them from an earlier run: those are not added again.
 */
export async function addConsoleUsers(client: BenchClient, admin: string, count: number): Promise<string[]> {
  const users = Array.from({ length: count }, (_, i) => `console${i + 1}`);
  const listed = JSON.parse((await client.ok('GET', '/usermg/user/list', admin)).body) as { data: { name: string }[] };
  const present = new Set(listed.data.map((u) => u.name));
  for (const name of users.filter((n) => !present.has(n)))
    await client.ok('POST', '/usermg/user/add', admin, { name, password: CONSOLE_PASSWORD, accessLevel: 'admin', overridePwdPolicy: true, multipleLogin: true });
  return users;
}

/**
 * Signs in the consoles' sessions (the module's most, SESSIONS) and opens Basic Metering in every
 * console: the calls of the first render. Resolves with the sessions' tokens.
 */
export async function openConsoles(module: CompiledModule): Promise<string[]> {
  const client = new BenchClient(module.baseUrl);
  try {
    const admin = await client.login('admin', ADMIN_PASSWORD);
    await client.ok('PUT', '/usrmg/general/config', admin, { maxLoginUser: SESSIONS, sessionTimeout: 15 });
    // A user holds at most maxLoginUser - 1 sessions (issue 25): the sessions belong to several
    // users of the admin role, as the consoles of a site's staff would.
    const users = await addConsoleUsers(client, admin, CONSOLE_USERS);
    await client.ok('POST', '/users/logout', admin, {});
    // One after another: the sign-in throttle counts a check as failed until it succeeds, so more
    // than its free failures of one account at once are answered 429 (services/throttle).
    const tokens: string[] = [];
    while (tokens.length < SESSIONS) tokens.push(await client.login(users[tokens.length % users.length]!, CONSOLE_PASSWORD));
    await Promise.all(
      Array.from({ length: CONSOLES }, async (_, i) => {
        const token = tokens[i % SESSIONS]!;
        for (const path of ['/systemMode', '/settings/deviceInfo', '/command/homePageInfo', '/settings/getUserName']) await client.ok('GET', path, token);
      }),
    );
    return tokens;
  } finally {
    client.close();
  }
}

export async function consoleLoadBench(missed: string[], seconds = 30): Promise<void> {
  const store = benchStore();
  const module = await startCompiledModule({ dataDir: store.dataDir });
  try {
    const tokens = await openConsoles(module);
    await consolePhase(module, tokens, seconds, missed, { tag: 'alone' });
    await consolePhase(module, tokens, seconds, missed, {
      tag: 'under load',
      heavy: true,
      beside: ', with the heaviest allowed chart queries back to back and CSV exports of a day at 1 s',
    });
  } finally {
    await module.stop();
  }
}
