/**
 * The load bench's chart and export console (console-load.ts), in a process of its own at nice 19.
 * It stands for a browser on another computer: on the bench's 2 cores at nice 0, this client's
 * reading of 100 kB chart replies and its collections took ~1.5 s of CPU in 22 s and competed with
 * the module and with the thread that times the polls. At nice 19 it still asks back to back; the
 * module does all the same work.
 *
 * Run by console-load.ts through `nice -n 19 node --import tsx`: it says 'ready' over IPC, runs the
 * phase when sent its job and answers with what it saw.
 */
import { dayAtOneSecond } from './export-body.ts';
import { exportByBench, type ExportRun } from './export-flow.ts';
import { BenchClient } from './client.ts';

export interface HeavyJob {
  baseUrl: string;
  chartToken: string;
  exportToken: string;
  seconds: number;
}

export interface HeavyResult {
  /** Each chart call, request to last byte, ms. */
  charts: number[];
  exports: ExportRun[];
}

/** The heaviest chart calls 001 §9's rules allow, one after another, until `until`. */
async function heavyCharts(client: BenchClient, token: string, until: number, served: number[]): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const justUnder = (days: number) => now - days * 86400 + 1;
  const calls = [
    `/trendlog/realTime/P&${justUnder(7)}&${now}&15min`,
    `/trendlog/realTime/VLN&${justUnder(31) + 86400}&${now}&1hr`,
    `/trendlog/realTime/P&${now - 86399}&${now}&15min`,
    `/trendlog/realTime/VLN&${now - 600}&${now}&1sec`,
    `/trendlog/energy/EP&${justUnder(7)}&${now}&15min`,
    `/trendlog/energy/EP&${now - 365 * 86400}&${now}&1day`,
    `/trendlog/energy/EP&${now - 600}&${now}&1min`,
  ];
  let i = 0;
  while (performance.now() < until) {
    const r = await client.request('GET', calls[i++ % calls.length]!, token);
    if (r.status !== 200) throw new Error(`chart call refused ${r.status}: ${r.body.slice(0, 200)}`);
    served.push(r.ms);
  }
}

/**
 * CSV exports of one day at 1 s, every real-time parameter, one after the other until `until`,
 * the status polled every 2 s as Trend Log Management does; an export not ready a minute after
 * the phase is given up (and not counted).
 */
async function exports(client: BenchClient, token: string, until: number, done: ExportRun[]): Promise<void> {
  const dayEnd = Math.floor(Date.now() / 1000) - 7200;
  while (performance.now() < until) {
    const run = await exportByBench(client, token, dayAtOneSecond(dayEnd), 2000, until + 60_000);
    if (!run) break;
    done.push(run);
  }
}

async function run(job: HeavyJob): Promise<HeavyResult> {
  const client = new BenchClient(job.baseUrl);
  const until = performance.now() + job.seconds * 1000;
  const result: HeavyResult = { charts: [], exports: [] };
  try {
    await Promise.all([heavyCharts(client, job.chartToken, until, result.charts), exports(client, job.exportToken, until, result.exports)]);
  } finally {
    client.close();
  }
  return result;
}

if (process.send) {
  process.once(
    'message',
    (job: HeavyJob) =>
      void run(job).then(
        (result) => process.send!({ result }, () => process.disconnect()),
        (e: Error) => process.send!({ error: e.stack ?? String(e) }, () => process.disconnect()),
      ),
  );
  process.send('ready');
}
