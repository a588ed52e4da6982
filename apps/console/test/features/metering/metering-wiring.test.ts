import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENERGY_KEYS, REALTIME_KEYS as K, TOU_KEYS, type EnergyRow, type ReadingRow } from '@meter/contract';
import { CURRENT_MONTH_TOU, PRIOR_MONTH_TOU, REAL_TIME, energyTable, systemEnergyTable } from '../../../src/features/metering/energy-tables.ts';
import { readingsGrid } from '../../../src/components/readings-table-data.ts';
import { hidesInputChannelTou, hidesPhaseValues, realtimeSystemRows, showsChannelTou, systemSkeleton } from '../../../src/features/metering/wiring-rules.ts';

const w = (mcStatus: number, WiringType: number) => ({ mcStatus, WiringType });

test('000 §9: TOU is hidden for input channels with mcStatus 1 + wiring 4 or mcStatus 0 + wiring 5 only', () => {
  assert.equal(hidesInputChannelTou(w(1, 4)), true);
  assert.equal(hidesInputChannelTou(w(0, 5)), true);
  for (const [mc, wt] of [
    [1, 5],
    [0, 4],
    [1, 3],
    [0, 3],
    [1, 1],
    [2, 4],
  ])
    assert.equal(hidesInputChannelTou(w(mc!, wt!)), false, `${mc}/${wt}`);
  // Input channels lose it, user channels (above 18) and "no channel yet" keep their (empty) tables.
  assert.equal(showsChannelTou(w(1, 4), 1), false);
  assert.equal(showsChannelTou(w(1, 4), 18), false);
  assert.equal(showsChannelTou(w(1, 4), 19), true);
  assert.equal(showsChannelTou(w(1, 4), -1), true);
  assert.equal(showsChannelTou(w(1, 1), 3), true);
});

test('000 §9: mcStatus 1 + wiring 3 or mcStatus 0 + wiring 4 drops phase values', () => {
  assert.equal(hidesPhaseValues(w(1, 3)), true);
  assert.equal(hidesPhaseValues(w(0, 4)), true);
  for (const [mc, wt] of [
    [1, 4],
    [0, 3],
    [0, 5],
    [1, 1],
  ])
    assert.equal(hidesPhaseValues(w(mc!, wt!)), false, `${mc}/${wt}`);
});

const realtime: ReadingRow[] = [
  { Name: 'Phase A', [K.vln]: 120.1, [K.vll]: 208, [K.current]: 5, [K.activePower]: 0.6, [K.reactivePower]: 0.1, [K.apparentPower]: 0.61, [K.powerFactor]: 0.98, [K.loadNature]: 'L' },
  { Name: 'System', [K.vln]: 120, [K.vll]: 208, [K.current]: 5, [K.activePower]: 1.8, [K.powerFactor]: 0.97, [K.frequency]: 60 },
];

test('Basic System table: untouched normally; without phase-to-neutral no VLN and per-phase power shows "-" (defaults for PF and load nature)', () => {
  assert.deepEqual(realtimeSystemRows(realtime, w(1, 1)), realtime);
  const [a, sys] = realtimeSystemRows(realtime, w(1, 3))!;
  assert.equal(K.vln in a!, false);
  assert.equal(K.vln in sys!, false);
  assert.deepEqual([a![K.vll], a![K.current], a![K.activePower], a![K.reactivePower], a![K.apparentPower], a![K.powerFactor], a![K.loadNature]], [208, 5, '-', '-', '-', '1.000', 'R']);
  assert.deepEqual([sys![K.activePower], sys![K.powerFactor], sys![K.frequency]], [1.8, 0.97, 60], 'the System row keeps its values');
  assert.equal(realtimeSystemRows(undefined, w(1, 3)), undefined);
});

test("Basic System table: the skeleton drawn before the first reply has the reply's columns and parameters, so nothing moves", () => {
  const full: ReadingRow[] = ['Phase A', 'Phase B', 'Phase C'].map((Name) => ({ ...realtime[0]!, Name }));
  full.push({ ...realtime[0]!, ...realtime[1]! });
  for (const wiring of [w(1, 1), w(1, 3)]) {
    const real = readingsGrid(realtimeSystemRows(full, wiring));
    const skeleton = systemSkeleton(wiring);
    assert.deepEqual(skeleton.columns, real.columns);
    assert.deepEqual(
      skeleton.rows.map((r) => r.parameter),
      real.rows.map((r) => r.parameter),
    );
    assert.ok(
      skeleton.rows.every((r) => r.cells.every((c) => c === '\u00a0')),
      'blank cells keep the row height',
    );
  }
});

function energy(name: string, base: number): EnergyRow {
  const row: Record<string, string | number> = { Name: name };
  let v = base;
  for (const k of [...Object.values(ENERGY_KEYS), ...Object.values(TOU_KEYS.currentMonth), ...Object.values(TOU_KEYS.priorMonth)]) row[k] = v++;
  return row as EnergyRow;
}

test('energy tables: the three tables by key, 2 decimals, in reply order', () => {
  const rows = [energy('Phase A', 1), energy('System', 100.5)];
  assert.deepEqual(energyTable(rows, REAL_TIME)![0], {
    Name: 'Phase A',
    'Import Active Energy kWh': '1.00',
    'Export Active Energy kWh': '2.00',
    'Import Reactive Energy kvarh': '3.00',
    'Export Reactive Energy kvarh': '4.00',
    'Apparent Energy kVAh': '5.00',
  });
  assert.deepEqual(energyTable(rows, CURRENT_MONTH_TOU)![1], {
    Name: 'System',
    'Normal kWh': '105.50',
    'Peak kWh': '106.50',
    'Sharp kWh': '107.50',
    'Valley kWh': '108.50',
    'Total kWh': '109.50',
  });
  assert.deepEqual(Object.keys(energyTable(rows, PRIOR_MONTH_TOU)![0]!), ['Name', 'Normal kWh', 'Peak kWh', 'Sharp kWh', 'Valley kWh', 'Total kWh']);
  assert.equal(energyTable(undefined, REAL_TIME), undefined);
});

test('energy System tables: phase rows show "-" under the phase-value wirings, System keeps its numbers', () => {
  const rows = [energy('Phase A', 1), energy('Phase B', 1), energy('Phase C', 1), energy('System', 3)];
  const plain = systemEnergyTable(rows, REAL_TIME, w(0, 3))!;
  assert.ok(plain.every((r) => r['Import Active Energy kWh'] !== '-'));
  const dashed = systemEnergyTable(rows, CURRENT_MONTH_TOU, w(0, 4))!;
  assert.deepEqual(
    dashed.map((r) => r['Total kWh']),
    ['-', '-', '-', '12.00'],
  );
});
