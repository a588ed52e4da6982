/**
 * Trend Log Management's export as a client lives it (001 §4): PATCH exportLog, then the status
 * polled until the file is ready. Timed from the request to the first status that says ready, by
 * the bench's client or by curl (one process per call), so both clients time the same flow.
 */
import type { ExportTrendLogBody, TrendExportStatus } from '@meter/contract';
import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { BenchClient } from './client.ts';

const run = promisify(execFile);
const STATUS = '/command/trendlog/getLogExportStat';
const START = '/command/trendlog/exportLog';

export interface ExportRun {
  /** From the PATCH sent to the first status reply saying the file is ready. */
  ms: number;
  /** Data rows of the file: one a second of the frame (the bodies the benches send are at 1 s). */
  rows: number;
  fileName: string;
}

/** The reply of getLogExportStat (`{ data: status }`); anything else stops the bench. */
export function exportStatusOf(body: string): TrendExportStatus {
  const status = (JSON.parse(body) as { data?: TrendExportStatus }).data;
  if (typeof status?.exportStat !== 'number' && status?.exportStat !== false) throw new Error(`not an export status: ${body.slice(0, 200)}`);
  return status;
}

const rowsOf = (body: ExportTrendLogBody) => body.endTime - body.startTime + 1;
const readyRun = (t0: number, body: ExportTrendLogBody, status: TrendExportStatus): ExportRun | undefined =>
  status.exportStat === false && status.exportFileName ? { ms: performance.now() - t0, rows: rowsOf(body), fileName: status.exportFileName } : undefined;

/**
 * The export by the bench's client, the status polled every `pollMs`; undefined when the file is
 * not ready by `giveUpAt` (performance.now()) or the generation ended without one.
 */
export async function exportByBench(client: BenchClient, token: string, body: ExportTrendLogBody, pollMs: number, giveUpAt = Infinity): Promise<ExportRun | undefined> {
  const t0 = performance.now();
  await client.ok('PATCH', START, token, body);
  for (;;) {
    await sleep(pollMs);
    const status = exportStatusOf((await client.ok('GET', STATUS, token)).body);
    const done = readyRun(t0, body, status);
    if (done || status.exportStat === false || performance.now() > giveUpAt) return done;
  }
}

/** The same flow by curl: each call its own curl process, the status polled every `pollMs`. */
export async function exportByCurl(baseUrl: string, token: string, body: ExportTrendLogBody, pollMs: number): Promise<ExportRun | undefined> {
  const auth = ['-s', '--fail-with-body', '-H', `Authorization: Bearer ${token}`];
  const t0 = performance.now();
  await run('curl', [...auth, '-X', 'PATCH', '-H', 'Content-Type: application/json', '--data-binary', JSON.stringify(body), `${baseUrl}/api${START}`]);
  for (;;) {
    await sleep(pollMs);
    const status = exportStatusOf((await run('curl', [...auth, `${baseUrl}/api${STATUS}`])).stdout);
    const done = readyRun(t0, body, status);
    if (done || status.exportStat === false) return done;
  }
}
