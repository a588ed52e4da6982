import type { ReactNode } from 'react';
import type { ReadingRow } from '@meter/contract';
import { DataTable, type Column } from './data-table.tsx';
import { usePhone } from '../lib/use-media-query.ts';
import { SYSTEM_COLUMN, columnOrder, parameterLabel, readingsGrid, type ReadingsGrid } from './readings-table-data.ts';

type GridRow = ReadingsGrid['rows'][number];

/**
 * A readings table: parameters down (unit in parentheses), the reply's row Names across, values
 * right-aligned with their quantity's decimals, '-' where a row lacks a value.
 * `skeleton`: the grid drawn until the first reply (readingsSkeleton); `aside`: beside the heading (LiveAge).
 * On a phone (issue 28) the parameter names and the System column stay in view (sticky, System
 * first) while the phase columns scroll under them.
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
  const phone = usePhone();
  const columns: Column<GridRow>[] = [
    { key: 'parameter', header: 'Parameter', cell: (r) => <span className="text-nowrap">{parameterLabel(r.parameter)}</span>, rowHeader: true, sticky: 1 },
    ...columnOrder(grid.columns, phone).map((i): Column<GridRow> => {
      const name = grid.columns[i]!;
      return { key: `${i}-${name}`, header: name, cell: (r) => r.cells[i], numeric: true, sticky: phone && name === SYSTEM_COLUMN ? 2 : undefined };
    }),
  ];
  return <DataTable title={title} columns={columns} rows={grid.rows} rowKey={(r) => r.parameter} loading={loading} aside={aside} />;
}
