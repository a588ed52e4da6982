/**
 * The trend thread shares its turns between the charts and the export (query-worker.ts): with
 * chart queries asked back to back by many consoles at once, a day's export still reaches ready
 * within a bound of its time alone, and every chart is answered meanwhile.
 *
 * @run-alone: the bound compares two runs on this machine, which other test files beside it would
 * load unevenly; scripts/run-tests.mjs runs it first, by itself.
 */
import { trendQuerySpec, type TrendInterval } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { backfillTrends, registerEnergy, registerHarmonics } from '../../../../src/services/trends/index.ts';
import { startModuleWithUsers, type TestModule } from '../../../helper.ts';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const S = NOW / 1000;
/** Consoles charting at once, each asking its next chart as soon as the last one is answered. */
const CHARTING = 16;

describe('trend export beside chart queries', () => {
  let m: TestModule;
  let token: string;

  before(async () => {
    ({ m, admin: token } = await startModuleWithUsers({ now: () => NOW }));
    const s = m.services;
    await backfillTrends(s.trends, { days: 1, energyDays: 1, now: NOW, meter: s.meter, harmonics: registerHarmonics(s.meter), energy: registerEnergy(s.meter) });
  });
  after(() => m.close());

  // A day at 1 s of the voltages and the frequency: 86,400 rows, 43 windows in the thread.
  const day = {
    realTimeMask: 1 | 128,
    energyMask: 0,
    demandMask: 0,
    powerQualityMask: 0,
    ioMask: 0,
    startTime: S - 2 * 3600 - 86_399,
    endTime: S - 2 * 3600,
    logInterval: 13,
    logParamType: null,
    isAvgValueOn: false,
    isInstValueOn: false,
    isMaxValueOn: false,
    isMinValueOn: false,
  };
  // The heaviest calls a day of data allows (001 §9's rules): a day at 15 min and 1 h, the last 10 minutes at 1 s.
  const charts: [string, number, TrendInterval][] = [
    ['P', S - 86_399, '15min'],
    ['VLN', S - 86_399, '1hr'],
    ['I', S - 599, '1sec'],
    ['PF', S - 599, '15sec'],
  ];

  /** Starts the export and waits for its file; the time from the start to ready. */
  async function exportDay(): Promise<number> {
    const t0 = performance.now();
    const r = await m.call('PATCH', '/api/command/trendlog/exportLog', { token, body: day });
    assert.deepEqual(r.body, { data: { value: 'Success' } }, r.raw);
    for (const giveUp = t0 + 120_000; ;) {
      const status = m.services.trends.exports.status();
      if (status.exportStat === false) {
        assert.ok(status.exportFileName, 'the generation ended with a file');
        return performance.now() - t0;
      }
      assert.ok(performance.now() < giveUp, `not ready after 120 s: ${JSON.stringify(status)}`);
      await sleep(20);
    }
  }

  test('a day’s export reaches ready while 16 consoles ask charts back to back, and every chart is answered', async () => {
    // Alone first (this also starts the trend thread, which the timed run then finds running).
    const alone = await exportDay();
    let running = true;
    let answered = 0;
    const failed: string[] = [];
    const consoles = Array.from({ length: CHARTING }, async (_, i) => {
      for (let k = i; running; k++) {
        const [parameter, start, interval] = charts[k % charts.length]!;
        const r = await m.call('GET', `/api/trendlog/realTime/${trendQuerySpec(parameter, start, S, interval)}`, { token });
        if (r.status === 200 && Array.isArray(r.body?.data) && r.body.data.length) answered++;
        else failed.push(`${r.status} ${r.raw.slice(0, 100)}`);
      }
    });
    // The consoles are charting before the export starts.
    while (answered + failed.length < CHARTING) await sleep(5);
    const before = answered;
    let withCharts: number;
    try {
      withCharts = await exportDay();
    } finally {
      running = false;
      await Promise.all(consoles);
    }
    const during = answered - before;
    assert.deepEqual(failed, [], 'every chart answered');
    assert.ok(during >= CHARTING, `charts answered while the export ran: ${during}`);
    // Fair turns give the export about half the thread: twice its time alone, bounded here at
    // three times and a few seconds for a machine shared with other work.
    const bound = 3 * alone + 3000;
    assert.ok(
      withCharts <= bound,
      `export with charts ${(withCharts / 1000).toFixed(1)} s, alone ${(alone / 1000).toFixed(1)} s, ${during} charts meanwhile (bound ${(bound / 1000).toFixed(1)} s)`,
    );
  });
});
