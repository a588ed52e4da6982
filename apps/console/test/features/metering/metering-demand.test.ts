import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMAND_KEYS, type DemandRow } from '@meter/contract';
import { demandLines, hasCurrentDemand } from '../../../src/features/metering/demand-lines.ts';

function row(name: string, withCurrent: boolean, peakTime = '2026/03/01 10:15:00'): DemandRow {
  const r: Record<string, string | number> = { Name: name };
  for (const [p, k] of Object.entries(DEMAND_KEYS)) {
    if (p === 'current' && !withCurrent) continue;
    r[k.demand] = 1.5;
    r[k.peak] = 2.25;
    r[k.peakTime] = peakTime;
    r[k.prediction] = 1.0004;
  }
  return r as DemandRow;
}

const parametersOf = (name: string, lines: ReturnType<typeof demandLines>) => lines!.filter((l) => l.name === name).map((l) => l.parameter);
const ALL = ['Current Demand (A)', 'Active Power Demand (kW)', 'Reactive Power Demand (kvar)', 'Apparent Power Demand (kVA)'];

test('001: Current Demand only for non-System names that have a current-demand value', () => {
  const lines = demandLines([row('Phase A', true), row('Input Channel 4', false), row('System', true), row('System', false)]);
  assert.deepEqual(parametersOf('Phase A', lines), ALL);
  assert.deepEqual(parametersOf('Input Channel 4', lines), ALL.slice(1), 'no current-demand value, no row');
  assert.deepEqual(parametersOf('System', lines), [...ALL.slice(1), ...ALL.slice(1)], 'System never, even when the reply carries it');
  assert.equal(hasCurrentDemand(row('Total', true)), true);
});

test('demand lines: values with 3 decimals, the peak time in the table date format ("-" before the first window)', () => {
  assert.equal(demandLines([row('Phase A', true, '2026/03/01 13:05:09')])![0]!.peakTime, '2026/03/01 01:05:09 PM');
  assert.equal(demandLines([row('Phase A', true, '2026/03/01 00:15:00')])![0]!.peakTime, '2026/03/01 12:15:00 AM');
  const [current, active] = demandLines([row('Phase B', true, '-')])!;
  assert.deepEqual(current, { name: 'Phase B', parameter: 'Current Demand (A)', demand: '1.500', peak: '2.250', peakTime: '-', prediction: '1.000' });
  assert.equal(active!.parameter, 'Active Power Demand (kW)');
  assert.equal(demandLines(undefined), undefined);
  assert.deepEqual(demandLines([]), []);
});

test("001 wiring cases: the phases' power lines show '-', Current Demand and System keep their values", () => {
  const lines = demandLines([row('Phase A', true), row('System', false)], true)!;
  const phaseA = lines.filter((l) => l.name === 'Phase A');
  assert.equal(phaseA[0]!.demand, '1.500');
  for (const l of phaseA.slice(1)) assert.deepEqual([l.demand, l.peak, l.peakTime, l.prediction], ['-', '-', '-', '-']);
  assert.ok(lines.filter((l) => l.name === 'System').every((l) => l.demand === '1.500'));
});
