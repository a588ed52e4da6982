import { feedbackTexts } from '@meter/contract';
import { CopyButton } from './copy-button.tsx';
import { DataTable, type Column } from './data-table.tsx';

export interface KeyValueRow {
  label: string;
  value: string;
  /** The value gets a Copy button (serial numbers, MAC addresses, versions, tokens); a string names what is copied when the label alone is ambiguous. */
  copy?: boolean | string;
}

/** '-' stands for a value the device does not have: nothing to copy. */
const copyable = (r: KeyValueRow) => r.copy !== undefined && r.copy !== false && r.value !== '' && r.value !== '-';

const columns: Column<KeyValueRow>[] = [
  { key: 'label', header: 'Item', cell: (r) => r.label, rowHeader: true },
  {
    key: 'value',
    header: 'Value',
    cell: (r) =>
      copyable(r) ? (
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          <span className="text-break">{r.value}</span>
          <CopyButton value={r.value} label={feedbackTexts.copy} copiedLabel={feedbackTexts.copied} name={typeof r.copy === 'string' ? r.copy : r.label} />
        </span>
      ) : (
        r.value
      ),
  },
];

/** A titled two-column table of labelled values (device information and the like). */
export function KeyValueTable({ title, rows, loading }: { title: string; rows: readonly KeyValueRow[] | undefined; loading?: boolean }) {
  return <DataTable title={title} columns={columns} rows={rows} rowKey={(r) => r.label} loading={loading} quietHeader />;
}
