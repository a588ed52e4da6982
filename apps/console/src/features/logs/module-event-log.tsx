/**
 * Reading › Log › Module Event Log (001 §2): the paged event log with a Level filter and column, and
 * the module's audit additions: a User filter and column (whose action each entry records).
 */
import { type ModuleEventLogEntry } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { formatDeviceTime } from '../../lib/device-time.ts';
import { exportModuleEventLog, useClearModuleEventLog, useModuleEventLog } from './api/use-logs.ts';
import { LevelCell } from './components/level-cell.tsx';
import { PagedEventLog, type EventLogSource } from './components/paged-event-log.tsx';

const SOURCE: EventLogSource<ModuleEventLogEntry> = {
  title: 'Module Event Log',
  useLog: useModuleEventLog,
  useClear: useClearModuleEventLog,
  exportLog: exportModuleEventLog,
  exportEndpoint: calls.exportModuleEventLog,
  clearEndpoint: calls.clearModuleEventLog,
  columns: (zone, addLevel) => [
    { key: 'timestamp', header: 'Timestamp', width: 210, cell: (e) => formatDeviceTime(e.timestamp, zone) },
    { key: 'level', header: 'Level', cell: (e) => <LevelCell level={e.level} onAdd={addLevel} /> },
    { key: 'user', header: 'User', cell: (e) => e.user },
    { key: 'message', header: 'Message', cell: (e) => e.message },
  ],
  rowKey: (e, i) => `${e.timestamp}-${i}`,
  showLevel: true,
  showUser: true,
};

export default function ModuleEventLog() {
  return <PagedEventLog source={SOURCE} />;
}
