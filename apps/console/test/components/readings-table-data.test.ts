import { test } from 'node:test';
import assert from 'node:assert/strict';
import { columnOrder, formatReading, parameterLabel, readingsGrid } from '../../src/components/readings-table-data.ts';

test('parameters down, row Names across, fixed decimals per quantity, "-" where a row lacks the key', () => {
  const grid = readingsGrid([
    { Name: 'Phase A', 'Current A': 1.5, 'Load Nature': 'R' },
    { Name: 'System', 'Current A': 4.5, 'Load Nature': 'L', 'Frequency Hz': 50 },
  ]);
  assert.deepEqual(grid.columns, ['Phase A', 'System']);
  assert.deepEqual(grid.rows, [
    { parameter: 'Current A', cells: ['1.500', '4.500'] },
    { parameter: 'Load Nature', cells: ['R', 'L'] },
    { parameter: 'Frequency Hz', cells: ['-', '50.00'] },
  ]);
});

test('no rows, no table rows', () => {
  assert.deepEqual(readingsGrid(undefined), { columns: [], rows: [] });
});

test('each quantity has its decimals: V 1, A / kW / kvar / kVA / power factor 3, Hz / % / energy 2', () => {
  const cases: [string, number, string][] = [
    ['Line-to-Neutral Voltage V', 230, '230.0'],
    ['Line-to-Line Voltage V', 398.41, '398.4'],
    ['Active Power kW', 1.2, '1.200'],
    ['Reactive Power kvar', -0.5, '-0.500'],
    ['Apparent Power kVA', 3, '3.000'],
    ['Power Factor', 1, '1.000'],
    ['Frequency Hz', 49.9, '49.90'],
    ['Voltage Harmonics 3 %', 1.5, '1.50'],
    ['Import Active Energy kWh', 12, '12.00'],
  ];
  for (const [key, v, shown] of cases) assert.equal(formatReading(v, key), shown, key);
  assert.equal(formatReading('1.00', 'Normal kWh'), '1.00', 'text already formatted stays');
  assert.equal(formatReading(7, 'Something'), '7', 'an unknown quantity as it came');
});

test('units go in parentheses after the name ("Current (A)")', () => {
  assert.equal(parameterLabel('Current A'), 'Current (A)');
  assert.equal(parameterLabel('Line-to-Neutral Voltage V'), 'Line-to-Neutral Voltage (V)');
  assert.equal(parameterLabel('Voltage Harmonics 31 %'), 'Voltage Harmonics 31 (%)');
  assert.equal(parameterLabel('Normal kWh'), 'Normal (kWh)');
  assert.equal(parameterLabel('Power Factor'), 'Power Factor');
  assert.equal(parameterLabel('Load Nature'), 'Load Nature');
});

test('on a phone System is drawn first; elsewhere, and without a System column, the reply order (issue 28)', () => {
  const columns = ['Phase A', 'Phase B', 'Phase C', 'System'];
  assert.deepEqual(columnOrder(columns, true), [3, 0, 1, 2]);
  assert.deepEqual(columnOrder(columns, false), [0, 1, 2, 3]);
  assert.deepEqual(columnOrder(['Phase A', 'Phase B'], true), [0, 1]);
});
