import type { ReadingRow } from '@meter/contract';
import { DataTable, type Column } from './data-table.tsx';
import { readingsGrid, type ReadingsGrid } from './readings-table-data.ts';

type GridRow = ReadingsGrid['rows'][number];

/** A readings table: parameters down, the reply's row Names across, '-' where a row lacks a value. */
export function ReadingsTable({ title, rows, loading }: { title: string; rows: readonly ReadingRow[] | undefined; loading?: boolean }) {
  const grid = readingsGrid(rows);
  const columns: Column<GridRow>[] = [
    { key: 'parameter', header: 'Parameter', cell: (r) => r.parameter, rowHeader: true },
    ...grid.columns.map((name, i) => ({ key: `${i}-${name}`, header: name, cell: (r: GridRow) => r.cells[i] })),
  ];
  return <DataTable title={title} columns={columns} rows={grid.rows} rowKey={(r) => r.parameter} loading={loading} />;
}
