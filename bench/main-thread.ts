/**
 * The main thread's long tasks during Basic Metering's first load, signed in, from a Chromium
 * performance trace with the CPU slowed 4× (as Lighthouse's mobile run assumes). Lighthouse's
 * Total Blocking Time is simulated from wall-clock task lengths, which a machine shared with
 * other work inflates; the trace also gives each task's time on a core (`tdur`), which waiting
 * for a core does not. Prints, per run, the long tasks (> 50 ms) after the first contentful
 * paint, their blocking time (each task's length over 50 ms, summed, as TBT counts it) by wall
 * and by thread time, and the functions and scripts with the most self time in the JS profile.
 * TRACE_INCLUSIVE=1 adds the time with each function anywhere on the stack (TRACE_INCLUSIVE=N: the first N), and
 * TRACE_CALLERS_OF=<function> the two frames that called a native function such as appendChild.
 * TRACE_TASKS=1 breaks each long task down by script; TRACE_PAGE=login traces /login instead. Needs the built console (`npm run build`).
 */
import type { CDPSession } from 'playwright-core';
import { loadavg } from 'node:os';
import { USER_PASSWORD, launchBrowser, newPage, signInToMain, startModuleWithUsers } from '../e2e/lib/harness.ts';

const RUNS = 3;
/** TRACE_PAGE=login: /login's first load instead of Basic Metering's. */
const LOGIN = process.env.TRACE_PAGE === 'login';
const LONG_TASK_MS = 50;
const RENDERER_WORK = new Set([
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.parseOnBackground',
  'HitTest',
  'MajorGC',
  'MinorGC',
]);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: { data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
  parent?: number;
}

interface RunFigures {
  fcpMs: number;
  longTasks: { startMs: number; wallMs: number; cpuMs: number }[];
  blockingWallMs: number;
  blockingCpuMs: number;
  longTaskCpuMs: number;
  byFunction: Map<string, number>;
  byScript: Map<string, number>;
  /** Time with the function anywhere on the stack (TRACE_INCLUSIVE=1: where the self time comes from). */
  inclusive: Map<string, number>;
  /** TRACE_TASKS=1: each long task's self time by script, in task order. */
  perTask: Map<string, number>[];
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+\//, '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js') || '(native)';

function analyse(events: TraceEvent[]): RunFigures {
  // The renderer main thread that drew the page: the one that recorded the first contentful paint.
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no firstContentfulPaint in the trace');
  const { pid, tid } = fcp;
  const nav = events.filter((e) => e.pid === pid && e.name === 'navigationStart').sort((a, b) => a.ts - b.ts)[0];
  const origin = nav?.ts ?? fcp.ts;
  const tasks = events.filter(
    (e) => e.pid === pid && e.tid === tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && (e.dur ?? 0) > LONG_TASK_MS * 1000,
  );
  const longTasks = tasks
    .filter((t) => t.ts + (t.dur ?? 0) > fcp.ts)
    .map((t) => ({ startMs: (t.ts - origin) / 1000, wallMs: (t.dur ?? 0) / 1000, cpuMs: (t.tdur ?? t.dur ?? 0) / 1000 }));
  const blocking = (ms: number) => Math.max(0, ms - LONG_TASK_MS);

  // The sampled JS profile of that thread: self time per function and per script.
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const nodes = new Map<number, ProfileNode>();
  const longRaw = tasks.filter((t) => t.ts + (t.dur ?? 0) > fcp.ts);
  const perTask = longRaw.map(() => new Map<string, number>());
  // The renderer's own work inside each task (style, layout, parsing, compiling), by event name.
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || !RENDERER_WORK.has(e.name)) continue;
    const k = longRaw.findIndex((t) => e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0));
    if (k >= 0) perTask[k]!.set(`[${e.name}]`, (perTask[k]!.get(`[${e.name}]`) ?? 0) + (e.dur ?? 0) / 1000);
  }
  // Sample times: the profile's start plus the running sum of the deltas (trace clock, µs).
  let clock = 0;
  for (const e of events.filter((x) => x.pid === pid && (x.name === 'Profile' || x.name === 'ProfileChunk')).sort((a, b) => a.ts - b.ts)) {
    if (e.name === 'Profile') {
      clock = (e.args?.data as { startTime?: number } | undefined)?.startTime ?? e.ts;
      continue;
    }
    const data = e.args?.data ?? {};
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    samples.forEach((id, i) => {
      clock += deltas[i] ?? 0;
      const delta = (deltas[i + 1] ?? 0) / 1000;
      const frame = nodes.get(id)?.callFrame;
      if (!frame || delta <= 0) return;
      if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
      const script = frame.url ? shortUrl(frame.url) : frame.functionName;
      const fn = `${frame.functionName || '(anonymous)'} ${script}${frame.url ? `:${(frame.lineNumber ?? 0) + 1}` : ''}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + delta);
      byScript.set(script, (byScript.get(script) ?? 0) + delta);
      const k = longRaw.findIndex((t) => clock >= t.ts && clock < t.ts + (t.dur ?? 0));
      if (k >= 0) perTask[k]!.set(script, (perTask[k]!.get(script) ?? 0) + delta);
      const callersOf = process.env.TRACE_CALLERS_OF;
      if (callersOf && frame.functionName === callersOf) {
        const up = (n: ProfileNode | undefined) => (n?.parent === undefined ? undefined : nodes.get(n.parent));
        const parent = up(nodes.get(id));
        const named = (n: ProfileNode | undefined) => (n ? `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${(n.callFrame.lineNumber ?? 0) + 1}` : '-');
        const key = `called from ${named(parent)} < ${named(up(parent))}`;
        inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
      }
      if (process.env.TRACE_INCLUSIVE) {
        const seen = new Set<string>();
        for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
          const f = n.callFrame;
          if (!f.url) continue;
          const key = `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${(f.lineNumber ?? 0) + 1}`;
          if (seen.has(key)) continue;
          seen.add(key);
          inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
        }
      }
    });
  }
  return {
    fcpMs: (fcp.ts - origin) / 1000,
    longTasks,
    blockingWallMs: longTasks.reduce((s, t) => s + blocking(t.wallMs), 0),
    blockingCpuMs: longTasks.reduce((s, t) => s + blocking(t.cpuMs), 0),
    longTaskCpuMs: longTasks.reduce((s, t) => s + t.cpuMs, 0),
    byFunction,
    byScript,
    inclusive,
    perTask,
  };
}

const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `      ${v.toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');

export async function mainThreadBench(): Promise<void> {
  const { server } = await startModuleWithUsers({ MODULE_LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    const figures: RunFigures[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { context, page } = await newPage(browser, server.baseUrl);
      // /login is loaded signed out with nothing cached, as Lighthouse loads it.
      if (!LOGIN) await signInToMain(page, 'boss', USER_PASSWORD);
      // Lighthouse's mobile screen (Moto G Power): the phone layout, drawer closed.
      await page.setViewportSize({ width: 412, height: 823 });
      const cdp: CDPSession = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await browser.startTracing(page, { categories: CATEGORIES });
      await page.goto(LOGIN ? '/login' : '/reading/metering/basic_metering');
      // A plain selector polled slowly: a role query's accessibility walk runs on the page's main
      // thread (4× slowed) and was itself a share of the long tasks measured.
      await page.waitForFunction((sel) => document.querySelector(sel), LOGIN ? 'form input[type=password]' : 'table th[scope=row]', { timeout: 60_000, polling: 500 });
      // Lighthouse's trace runs to network quiet; the readings arrive shortly after the table.
      await page.waitForLoadState('networkidle');
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      figures.push(analyse(trace.traceEvents));
      await context.close();
    }
    const load = loadavg()[0]!.toFixed(1);
    for (const [i, f] of figures.entries()) {
      const tasks = f.longTasks.map((t) => `${t.startMs.toFixed(0)}: ${t.wallMs.toFixed(0)} wall / ${t.cpuMs.toFixed(0)} cpu`).join('; ');
      console.log(
        `  run ${i + 1}: FCP ${f.fcpMs.toFixed(0)} ms; long tasks after FCP ${f.longTasks.length} (${tasks || 'none'}); blocking ${f.blockingWallMs.toFixed(0)} ms wall, ${f.blockingCpuMs.toFixed(0)} ms on a core; long tasks on a core ${f.longTaskCpuMs.toFixed(0)} ms`,
      );
    }
    if (process.env.TRACE_TASKS)
      for (const [i, f] of figures.entries())
        f.perTask.forEach((m, k) =>
          console.log(
            `  run ${i + 1} task ${k + 1} at ${f.longTasks[k]!.startMs.toFixed(0)} ms: ${[...m]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 8)
              .map(([n, v]) => `${n} ${v.toFixed(0)}`)
              .join(', ')}`,
          ),
        );
    const sum = (pick: (f: RunFigures) => Map<string, number>) => {
      const all = new Map<string, number>();
      for (const f of figures) for (const [k, v] of pick(f)) all.set(k, (all.get(k) ?? 0) + v / figures.length);
      return all;
    };
    console.log(
      `  self time per run (mean of ${RUNS}), by script:\n${top(
        sum((f) => f.byScript),
        12,
      )}`,
    );
    console.log(
      `  by function:\n${top(
        sum((f) => f.byFunction),
        25,
      )}`,
    );
    if (process.env.TRACE_INCLUSIVE)
      console.log(
        `  inclusive:\n${top(
          sum((f) => f.inclusive),
          Number(process.env.TRACE_INCLUSIVE) > 1 ? Number(process.env.TRACE_INCLUSIVE) : 60,
        )}`,
      );
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `  ${LOGIN ? '/login' : 'Basic Metering'} main thread, 4× CPU (median of ${RUNS}, load average ${load}): blocking ${median(figures.map((f) => f.blockingWallMs)).toFixed(0)} ms wall, ${median(figures.map((f) => f.blockingCpuMs)).toFixed(0)} ms on a core; long tasks ${median(figures.map((f) => f.longTaskCpuMs)).toFixed(0)} ms on a core`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
