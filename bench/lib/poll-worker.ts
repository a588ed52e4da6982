/**
 * The 50 consoles of the load bench (console-load.ts), on a thread of their own: a browser's polls
 * do not wait for the garbage collection of another console's chart or export, so the client that
 * times them must not either. With the chart and export client on the bench's main thread, its
 * collections (12 ms and more) were counted as the module's latency.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { BenchClient } from './client.ts';

export interface PollerJob {
  baseUrl: string;
  /** Each console uses tokens[i % tokens.length] (tabs of one browser share a session). */
  tokens: string[];
  consoles: number;
  seconds: number;
  /**
   * A scraper beside the consoles (the fleet bench): GET `path` every `everyMs` as Prometheus asks
   * for it (OpenMetrics first), timed like the polls from the same thread.
   */
  scrape?: { path: string; everyMs: number };
}

export interface PollerResult {
  /** Each poll of both tables together, ms. */
  polls: number[];
  /** The same polls from each request's last byte written to its reply's head (the slower of the two). */
  firstBytes: number[];
  failures: number;
  /** Each scrape (job.scrape), request to the reply's last byte, ms; and those that did not answer 200. */
  scrapes: number[];
  scrapeFailures: number;
  /** This thread's own event-loop delay (ms): what the client added to what it measured. */
  loopP99: number;
  loopMax: number;
}

const POLL_MS = 5000;
const HOME_MS = 60_000;

/** One console's Basic Metering until `until`: every 5 s the System and its Channel table, homePageInfo every 60 s. */
async function consoleOnBasicMetering(client: BenchClient, token: string, channel: number, until: number, out: PollerResult): Promise<void> {
  await sleep(Math.random() * POLL_MS);
  let nextHome = performance.now() + Math.random() * HOME_MS;
  while (performance.now() < until) {
    const started = performance.now();
    const replies = await Promise.all([client.request('GET', '/readings/realtime/system', token), client.request('GET', `/readings/realtime/channels/${channel}`, token)]);
    out.polls.push(performance.now() - started);
    out.firstBytes.push(Math.max(...replies.map((r) => r.firstByteMs)));
    out.failures += replies.filter((r) => r.status !== 200).length;
    if (performance.now() >= nextHome) {
      nextHome += HOME_MS;
      if ((await client.request('GET', '/command/homePageInfo', token)).status !== 200) out.failures++;
    }
    await sleep(Math.max(0, POLL_MS - (performance.now() - started)));
  }
}

/** The scraper: a GET of the metrics every `everyMs` until `until`, as Prometheus sends it. */
async function scraper(client: BenchClient, scrape: NonNullable<PollerJob['scrape']>, until: number, out: PollerResult): Promise<void> {
  // Prometheus 2.42's (Debian bookworm's) Accept header.
  const accept = 'application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1';
  await sleep(Math.random() * scrape.everyMs);
  while (performance.now() < until) {
    const started = performance.now();
    const reply = await client.get(scrape.path, { accept });
    out.scrapes.push(reply.ms);
    if (reply.status !== 200) out.scrapeFailures++;
    await sleep(Math.max(0, scrape.everyMs - (performance.now() - started)));
  }
}

async function run(job: PollerJob): Promise<PollerResult> {
  const client = new BenchClient(job.baseUrl);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const out: PollerResult = { polls: [], firstBytes: [], failures: 0, scrapes: [], scrapeFailures: 0, loopP99: 0, loopMax: 0 };
  const until = performance.now() + job.seconds * 1000;
  await Promise.all([
    ...Array.from({ length: job.consoles }, (_, i) => consoleOnBasicMetering(client, job.tokens[i % job.tokens.length]!, (i % 18) + 1, until, out)),
    ...(job.scrape ? [scraper(client, job.scrape, until, out)] : []),
  ]);
  loop.disable();
  client.close();
  return { ...out, loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6 };
}

// Loaded and compiled before the phase begins: the thread says so, then runs when told.
if (parentPort) {
  const port = parentPort;
  port.once('message', () => void run(workerData as PollerJob).then((r) => port.postMessage(r)));
  port.postMessage('ready');
}
