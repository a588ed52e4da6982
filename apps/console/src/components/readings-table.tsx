import type { ReactNode } from 'react';
import type { ReadingRow } from '@meter/contract';
import { DataTable, type Column } from './data-table.tsx';
import { parameterLabel, readingsGrid, type ReadingsGrid } from './readings-table-data.ts';

type GridRow = ReadingsGrid['rows'][number];

/**
 * A readings table: parameters down (unit in parentheses), the reply's row Names across, values
 * right-aligned with their quantity's decimals, '-' where a row lacks a value.
 * `skeleton`: the grid drawn until the first reply (readingsSkeleton); `aside`: beside the heading (LiveAge).
 */
export function ReadingsTable({
  title,
  rows,
  loading,
  skeleton,
  aside,
}: {
  title: string;
  rows: readonly ReadingRow[] | undefined;
  loading?: boolean;
  skeleton?: ReadingsGrid;
  aside?: ReactNode;
}) {
  const grid = rows === undefined && skeleton ? skeleton : readingsGrid(rows);
  const columns: Column<GridRow>[] = [
    { key: 'parameter', header: 'Parameter', cell: (r) => <span className="text-nowrap">{parameterLabel(r.parameter)}</span>, rowHeader: true },
    ...grid.columns.map((name, i): Column<GridRow> => ({ key: `${i}-${name}`, header: name, cell: (r) => r.cells[i], numeric: true })),
  ];
  return <DataTable title={title} columns={columns} rows={grid.rows} rowKey={(r) => r.parameter} loading={loading} aside={aside} />;
}
