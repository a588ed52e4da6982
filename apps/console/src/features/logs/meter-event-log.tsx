/**
 * Settings › Management › Meter Event Log (001 §2 "Meter Event Log (maintenance)"): the paged
 * event log of the meter's system events, Timestamp and Message, without levels.
 */
import { type MeterEventRecord } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { formatDeviceTime } from '../../lib/device-time.ts';
import { exportMeterEventLog, useClearMeterEventLog, useMeterEventLogPage } from './api/use-logs.ts';
import { PagedEventLog, type EventLogSource } from './components/paged-event-log.tsx';

const SOURCE: EventLogSource<MeterEventRecord> = {
  title: 'Meter Event Log',
  useLog: useMeterEventLogPage,
  useClear: useClearMeterEventLog,
  exportLog: exportMeterEventLog,
  exportEndpoint: calls.exportMeterEventLog,
  clearEndpoint: calls.clearMeterEventLog,
  columns: (zone) => [
    { key: 'timestamp', header: 'Timestamp', width: 210, cell: (e) => formatDeviceTime(e.Timestamp, zone) },
    { key: 'message', header: 'Message', cell: (e) => e.Event },
  ],
  rowKey: (e, i) => `${e.Timestamp}-${i}`,
  showLevel: false,
};

export default function MeterEventLog() {
  return <PagedEventLog source={SOURCE} />;
}
