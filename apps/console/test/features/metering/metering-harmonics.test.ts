import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HARMONIC_KEYS, HARMONIC_ORDERS } from '@meter/contract';
import { barOffset, barWidth, categoryRange, GROUP_WIDTH } from '../../../src/components/bar-chart-layout.ts';
import { CHART_PALETTE, seriesColor } from '../../../src/components/chart-palette.ts';
import { harmonicSeries, harmonicsTable } from '../../../src/features/metering/harmonics-series.ts';

function spectrum(name: string, kinds: ('voltage' | 'current')[], scale: number) {
  const row: { Name: string } & Record<string, number | string> = { Name: name };
  for (const k of kinds) {
    row[k === 'voltage' ? HARMONIC_KEYS.voltageThd : HARMONIC_KEYS.currentThd] = scale * 10;
    for (const o of HARMONIC_ORDERS) row[HARMONIC_KEYS[k](o)] = scale * o;
  }
  return row;
}

test('harmonic orders are 2..31', () => {
  assert.equal(HARMONIC_ORDERS.length, 30);
  assert.deepEqual([HARMONIC_ORDERS[0], HARMONIC_ORDERS.at(-1)], [2, 31]);
});

test('one series per phase with the chosen kind, orders 2..31 in order', () => {
  const rows = ['Phase A', 'Phase B', 'Phase C'].map((n, i) => spectrum(n, ['voltage', 'current'], i + 1));
  const voltage = harmonicSeries(rows, 'voltage');
  assert.deepEqual(
    voltage.map((s) => s.label),
    ['Phase A', 'Phase B', 'Phase C'],
  );
  assert.deepEqual(
    voltage[1]!.values,
    HARMONIC_ORDERS.map((o) => 2 * o),
  );
  assert.deepEqual(harmonicSeries(rows, 'current')[2]!.values.slice(0, 2), [6, 9]);
});

test('rows without orders of the kind give no series; a missing order is a gap', () => {
  assert.deepEqual(harmonicSeries(undefined, 'voltage'), []);
  assert.deepEqual(harmonicSeries([spectrum('Input Channel 2', ['current'], 1)], 'voltage'), []);
  const partial = spectrum('Phase A', ['current'], 1);
  delete partial[HARMONIC_KEYS.current(5)];
  const [s] = harmonicSeries([partial], 'current');
  assert.equal(s!.values[HARMONIC_ORDERS.indexOf(5)], null);
  assert.equal(s!.values.length, 30);
});

test('harmonics table: THD then the orders of the kind, 2 decimals', () => {
  const [row] = harmonicsTable([spectrum('Phase A', ['voltage', 'current'], 0.5)], 'voltage')!;
  const keys = Object.keys(row!);
  assert.deepEqual(keys.slice(0, 3), ['Name', 'Voltage THD %', 'Voltage Harmonics 2 %']);
  assert.equal(keys.length, 32);
  assert.equal(row!['Voltage THD %'], '5.00');
  assert.equal(row!['Voltage Harmonics 31 %'], '15.50');
});

test('grouped bars fill the group side by side around the category centre', () => {
  assert.equal(barWidth(3) * 3, GROUP_WIDTH);
  assert.equal(barOffset(0, 3), -GROUP_WIDTH / 2);
  assert.ok(Math.abs(barOffset(2, 3) + barWidth(3) - GROUP_WIDTH / 2) < 1e-12);
  assert.equal(barWidth(0), GROUP_WIDTH);
  assert.deepEqual(categoryRange(HARMONIC_ORDERS), [1.5, 31.5]);
});

test('the palette has the 7 colours of 000 §2 and wraps', () => {
  assert.equal(CHART_PALETTE.length, 7);
  assert.equal(new Set(CHART_PALETTE).size, 7);
  assert.equal(seriesColor(7), CHART_PALETTE[0]);
});
