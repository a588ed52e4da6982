/**
 * A real meter that stops answering (issue 26, "When the meter fails"): the trend log and the data
 * log record a gap while the values are stale (no repeated, no invented value) and resume with the
 * meter's values after it answers again. The meter is Debian's python3-pymodbus serving the
 * AcuRev 2000 basic block; the module's clock (the seconds the trends and data logs record) is
 * driven by hand, the meter link runs on real time.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { freePorts } from '../../../../test-peers/free-ports.ts';
import { floatRegisters, startModbusSlave, type Peer, ACUREV_VALUES } from '../../../../test-peers/modbus-slave.ts';
import { startModuleWithUsers, type TestModule } from '../helper.ts';
import { until } from '../../../../test-peers/until.ts';
import { csvRows } from '../logs-helpers.ts';

const T0 = Date.parse('2026-03-01T08:00:00Z');
const S0 = T0 / 1000;
const FILE1 = 'datalog1_20260301_000000.csv';

let m: TestModule | undefined;
let peer: Peer | undefined;
after(async () => {
  await peer?.stop();
  await m?.close();
});

test('peer stopped: the trend log and the data log record a gap, then resume with the meter values', async () => {
  const [port] = (await freePorts(1)) as [number];
  const serve = async () => (peer = await startModbusSlave({ mode: 'tcp', port, unit: 3, registers: floatRegisters(ACUREV_VALUES) }));
  await serve();
  const clock = { t: T0 };
  const { m: mod, admin: token } = await startModuleWithUsers({
    now: () => clock.t,
    env: { MODULE_METER: `modbus-tcp://127.0.0.1:${port}?unit=3&profile=acurev2000`, MODULE_DATALOG_INTERVAL_SECONDS: '1' },
  });
  m = mod;
  const lost = async () => (await mod.call('GET', '/api/readings/meter-link', { token })).body.data.lostSince as number | null;
  const vlnA = () => mod.services.meter.snapshot(clock.t).phases[0].vln;
  /** Five seconds of the device clock, each recorded by the trends and the data logger. */
  const tickFive = (from: number) => {
    for (let s = from; s < from + 5; s++) mod.services.ticker.tickAt((clock.t = T0 + s * 1000));
  };

  await until('the module reads the meter', () => vlnA() === 121.5, 10_000);
  tickFive(0);
  await peer!.stop();
  await until('stale', async () => (await lost()) !== null, 8000);
  tickFive(5);
  await serve();
  await until('fresh again', async () => (await lost()) === null && vlnA() === 121.5, 35_000);
  tickFive(10);

  // Trend log, 1 s rows: the meter's value, nothing while stale, the meter's value again.
  const r = await mod.call('GET', `/api/trendlog/realTime/VLN&${S0}&${S0 + 14}&1sec`, { token });
  assert.equal(r.status, 200, r.raw);
  const bySecond = new Map((r.body.data as { Timestamp: number; 'Phase A'?: number | string | null }[]).map((row) => [row.Timestamp - S0, row['Phase A']]));
  for (let s = 0; s < 15; s++) {
    const v = bySecond.get(s);
    if (s >= 5 && s < 10) assert.ok(v === undefined || v === null || v === '-', `second ${s} is a gap, not ${String(v)}`);
    else assert.equal(v, 121.5, `second ${s}`);
  }

  // Data log 1, one row a second: the readings' columns are empty while stale.
  const rows = csvRows(readFileSync(join(mod.dataDir, 'datalog', 'backup1', FILE1), 'utf8'));
  const header = rows[0]!.split(',');
  const col = header.findIndex((h) => /V.?LN|Vln|Phase A Voltage|Voltage/i.test(h));
  assert.ok(col > 0, `a voltage column in ${rows[0]}`);
  const data = rows.slice(1).map((l) => l.split(','));
  assert.equal(data.length, 15, rows.join('\n'));
  data.forEach((cells, s) => {
    if (s >= 5 && s < 10) assert.equal(cells[col], '', `row ${s}: ${cells.join(',')}`);
    else assert.notEqual(cells[col], '', `row ${s}: ${cells.join(',')}`);
  });
  // No value is invented: every filled cell of the stale rows is the timestamp's, none a reading.
  for (const cells of data.slice(5, 10))
    assert.ok(
      cells.slice(1).every((c) => c === '' || !/^\d+(\.\d+)?$/.test(c)),
      cells.join(','),
    );
});
