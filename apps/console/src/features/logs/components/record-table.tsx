/** A log table whose columns are record keys (Alarm Log, Event Log); Timestamp is shown in the device zone. */
import { useMemo } from 'react';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { formatDeviceTime } from '../../../lib/device-time.ts';
import { NUMERIC_KEYS, TIMESTAMP_KEY, alarmCellText } from '../record-columns.ts';
import { useDeviceZone } from '../use-device-zone.ts';

type LogRecord = Record<string, unknown>;

/** 001 §2: the Alarm Log's Timestamp column is 210 wide. */
const TIMESTAMP_WIDTH = 210;

interface Props {
  title: string;
  keys: readonly string[];
  rows: readonly object[] | undefined;
  loading?: boolean;
  paginate?: boolean;
}

export function RecordTable({ title, keys, rows, loading, paginate }: Props) {
  const zone = useDeviceZone();
  const columns = useMemo<Column<LogRecord>[]>(
    () =>
      keys.map((k) => ({
        key: k,
        header: k,
        width: k === TIMESTAMP_KEY ? TIMESTAMP_WIDTH : undefined,
        numeric: NUMERIC_KEYS.has(k),
        cell: (r) => {
          const v = r[k];
          if (k === TIMESTAMP_KEY && typeof v === 'number') return formatDeviceTime(v, zone);
          return NUMERIC_KEYS.has(k) ? alarmCellText(v) : String(v ?? '');
        },
      })),
    [keys, zone],
  );
  return <DataTable title={title} columns={columns} rows={rows as LogRecord[] | undefined} rowKey={(_, i) => i} loading={loading} paginate={paginate} />;
}
