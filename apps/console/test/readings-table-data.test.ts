import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readingsGrid } from '../src/components/readings-table-data.ts';

test('parameters down, row Names across, "-" where a row lacks the key', () => {
  const grid = readingsGrid([
    { Name: 'Phase A', 'Current A': 1.5, 'Load Nature': 'R' },
    { Name: 'System', 'Current A': 4.5, 'Load Nature': 'L', 'Frequency Hz': 50 },
  ]);
  assert.deepEqual(grid.columns, ['Phase A', 'System']);
  assert.deepEqual(grid.rows, [
    { parameter: 'Current A', cells: ['1.5', '4.5'] },
    { parameter: 'Load Nature', cells: ['R', 'L'] },
    { parameter: 'Frequency Hz', cells: ['-', '50'] },
  ]);
});

test('no rows, no table rows', () => {
  assert.deepEqual(readingsGrid(undefined), { columns: [], rows: [] });
});
