/** Reading › Log › Event Log (001 §2): the meter's system events, newest first, keys in reverse order, paginated. */
import { useMemo } from 'react';
import { METER_EVENT_RECORD_KEYS } from '@meter/contract';
import { useMeterEventLog } from './api/use-logs.ts';
import { RecordTable } from './components/record-table.tsx';
import { keysOf, newestFirst, reversedKeys } from './record-columns.ts';

export default function EventLog() {
  const log = useMeterEventLog();
  const rows = useMemo(() => newestFirst(log.data ?? []), [log.data]);
  const keys = useMemo(() => reversedKeys(keysOf(rows, METER_EVENT_RECORD_KEYS)), [rows]);
  return <RecordTable title="Meter Event Log" keys={keys} rows={rows} loading={log.isPending} paginate />;
}
