import { DataTable, type Column } from './data-table.tsx';

export interface KeyValueRow {
  label: string;
  value: string;
}

const columns: Column<KeyValueRow>[] = [
  { key: 'label', header: 'Item', cell: (r) => r.label, rowHeader: true },
  { key: 'value', header: 'Value', cell: (r) => r.value },
];

/** A titled two-column table of labelled values (device information and the like). */
export function KeyValueTable({ title, rows, loading }: { title: string; rows: readonly KeyValueRow[] | undefined; loading?: boolean }) {
  return <DataTable title={title} columns={columns} rows={rows} rowKey={(r) => r.label} loading={loading} quietHeader />;
}
