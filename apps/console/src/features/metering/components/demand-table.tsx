import type { ReactNode } from 'react';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import type { DemandLine } from '../demand-lines.ts';

/** 001 Demand screen columns: a name column, Parameter, Demand, Demand Peak, Demand Peak Time, Prediction. */
const columns: Column<DemandLine>[] = [
  { key: 'name', header: 'Name', cell: (l) => l.name },
  { key: 'parameter', header: 'Parameter', cell: (l) => l.parameter, rowHeader: true },
  { key: 'demand', header: 'Demand', cell: (l) => l.demand, numeric: true },
  { key: 'peak', header: 'Demand Peak', cell: (l) => l.peak, numeric: true },
  { key: 'peakTime', header: 'Demand Peak Time', cell: (l) => l.peakTime },
  { key: 'prediction', header: 'Prediction', cell: (l) => l.prediction, numeric: true },
];

export function DemandTable({ title, lines, loading, aside }: { title: string; lines: DemandLine[] | undefined; loading: boolean; aside?: ReactNode }) {
  return <DataTable title={title} columns={columns} rows={lines} rowKey={(l) => `${l.name}/${l.parameter}`} loading={loading} aside={aside} />;
}
