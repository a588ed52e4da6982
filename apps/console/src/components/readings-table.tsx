import type { ReadingRow } from '@meter/contract';
import { DataTable, type Column } from './data-table.tsx';
import { readingsGrid, type ReadingsGrid } from './readings-table-data.ts';

type GridRow = ReadingsGrid['rows'][number];

/**
 * A readings table: parameters down, the reply's row Names across, '-' where a row lacks a value.
 * `skeleton`: the grid drawn until the first reply (readingsSkeleton).
 */
export function ReadingsTable({ title, rows, loading, skeleton }: { title: string; rows: readonly ReadingRow[] | undefined; loading?: boolean; skeleton?: ReadingsGrid }) {
  const grid = rows === undefined && skeleton ? skeleton : readingsGrid(rows);
  const columns: Column<GridRow>[] = [
    { key: 'parameter', header: 'Parameter', cell: (r) => r.parameter, rowHeader: true },
    ...grid.columns.map((name, i) => ({ key: `${i}-${name}`, header: name, cell: (r: GridRow) => r.cells[i] })),
  ];
  return <DataTable title={title} columns={columns} rows={grid.rows} rowKey={(r) => r.parameter} loading={loading} />;
}
