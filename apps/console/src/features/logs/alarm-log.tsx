/** Reading › Log › Alarm Log (001 §2): newest first; columns from the first record's keys, its last key (Timestamp) first. */
import { useMemo } from 'react';
import { ALARM_RECORD_KEYS } from '@meter/contract';
import { useAlarmLog } from './api/use-logs.ts';
import { RecordTable } from './components/record-table.tsx';
import { keysOf, lastKeyFirst, newestFirst } from './record-columns.ts';

export default function AlarmLog() {
  const log = useAlarmLog();
  const rows = useMemo(() => newestFirst(log.data ?? []), [log.data]);
  // An empty log has no first record: the contract's keys give the headings (001 §2 leaves it unhandled).
  const keys = useMemo(() => lastKeyFirst(keysOf(rows, ALARM_RECORD_KEYS)), [rows]);
  return <RecordTable title="Alarm Log" keys={keys} rows={rows} loading={log.isPending} />;
}
