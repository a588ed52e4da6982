/**
 * The engine itself (issue 27): Debian's Prometheus on loopback scrapes two modules every second,
 * one with its API token as the bearer (a static target), one with open access (file-based
 * service discovery, as docs/fleet.md configures a site); `sum(acurev_active_power_watts)` over
 * both equals the sum of their readings APIs within one second's change.
 */
import { REALTIME_KEYS as K, type ReadingRow } from '@meter/contract';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freePort } from '../../../../../test-peers/free-ports.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { until } from '../../../../../test-peers/until.ts';

let a: TestModule;
let b: TestModule;
let prometheus: ChildProcess;
let promUrl = '';
let tokenA = '';
let adminB = '';
const dir = mkdtempSync(join(tmpdir(), 'prometheus-'));
let log = '';

async function query(expr: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> {
  const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await res.json()) as { status: string; data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
  assert.equal(body.status, 'success', JSON.stringify(body));
  return body.data.result;
}

/** The System row's active power of a module's readings API, in watts. */
async function readingsWatts(m: TestModule, token: string): Promise<number> {
  const rows = (await m.call('GET', '/api/readings/realtime/system', { token })).body.data as ReadingRow[];
  return Number(rows.find((r) => r.Name === 'System')![K.activePower]) * 1000;
}

before(async () => {
  const startedA = await startModuleWithUsers({ listen: true });
  const startedB = await startModuleWithUsers({ listen: true });
  [a, b, adminB] = [startedA.m, startedB.m, startedB.tokens.admin];
  tokenA = (await a.call('GET', '/api/command/getApiToken', { token: startedA.tokens.admin })).body.data.value as string;
  assert.equal((await b.call('PUT', '/api/settings/communication/metricsConfig', { token: adminB, body: { openAccess: 1 } })).status, 200);
  const [targetA, targetB] = [startedA, startedB].map((s) => new URL(s.baseUrl).host);
  writeFileSync(join(dir, 'modules.json'), JSON.stringify([{ targets: [targetB], labels: { site: 'test' } }]));
  writeFileSync(
    join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      'scrape_configs:',
      '  - job_name: module-token',
      '    authorization:',
      `      credentials: ${tokenA}`,
      '    static_configs:',
      `      - targets: ['${targetA}']`,
      '  - job_name: modules-open',
      '    file_sd_configs:',
      `      - files: ['${join(dir, 'modules.json')}']`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  promUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    'prometheus',
    [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  prometheus.stderr!.on('data', (d: Buffer) => (log += d.toString()));
});

after(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((done) => prometheus.once('exit', done));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await a?.close();
  await b?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('Prometheus scrapes two modules (token and open access) and sums their active power like their readings APIs', async () => {
  // Two scrapes of each module in the database.
  await until(
    'two scrapes of each module',
    async () => {
      const counts = await query('count_over_time(acurev_active_power_watts[1m])').catch(() => []);
      return counts.length === 2 && counts.every((c) => Number(c.value[1]) >= 2);
    },
    30_000,
  ).catch((e: Error) => assert.fail(`${e.message}\n${log}`));
  const up = await query('up');
  assert.deepEqual(up.map((u) => [u.metric.job, u.value[1]]).sort(), [
    ['module-token', '1'],
    ['modules-open', '1'],
  ]);
  // One second's change of the two readings APIs, the tolerance of a scrape up to a second old.
  const sumOfApis = async () => (await readingsWatts(a, tokenA)) + (await readingsWatts(b, adminB));
  const first = await sumOfApis();
  // A rate over one second: measured, not a settle.
  const t = Date.now();
  await until('one second', () => Date.now() - t >= 1000);
  const before = await sumOfApis();
  const [sum] = await query('sum(acurev_active_power_watts)');
  const later = await sumOfApis();
  const oneSecond = Math.max(Math.abs(before - first), Math.abs(later - before));
  const prom = Number(sum!.value[1]);
  // Half a watt of rounding per module in the readings API.
  const off = Math.min(Math.abs(prom - before), Math.abs(prom - later));
  assert.ok(off <= oneSecond + 1, `Prometheus ${prom} W, readings APIs ${before} / ${later} W, one second's change ${oneSecond} W`);
  // And it is the two modules' values, not one of them twice.
  const each = await query('acurev_active_power_watts');
  assert.equal(new Set(each.map((e) => e.metric.instance)).size, 2);
});
