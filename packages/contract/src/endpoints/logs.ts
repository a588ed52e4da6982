import { successReply } from '../schemas/common.ts';
import * as logs from '../schemas/logs.ts';
import { read, write, pathParams, ep } from './define.ts';

export const logEndpoints = {
  // Logs (001 §7, 002 §7.8). Reading the module event log needs view on any of readings,
  // configuration or maintenance (000 §6, docs/decisions.md); clearing a log destroys records,
  // a maintenance action like Management's reset of the alarm record (002 §2.11). Exports only
  // copy what the caller may already list, so they need the same view as the list.
  moduleEventLog: ep({ method: 'GET', path: '/eventLog', query: logs.moduleEventLogQuery, reply: logs.moduleEventLogReply, auth: read('readings', 'configuration', 'maintenance') }),
  clearModuleEventLog: ep({ method: 'PATCH', path: '/eventLog/clear', body: logs.clearLogBody, reply: successReply, auth: write('maintenance') }),
  exportModuleEventLog: ep({ method: 'PATCH', path: '/eventLog/export', body: logs.exportLogBody, reply: logs.exportLogReply, auth: read('readings', 'configuration', 'maintenance') }),
  moduleEventLogFile: ep({ method: 'GET', path: '/eventLog/export/:fileName', params: pathParams('fileName'), auth: read('readings', 'configuration', 'maintenance'), file: true }),
  /** Plain list newest first; with idStart/idEnd (maintenance page) {count, eventLogs}. */
  meterEventLog: ep({ method: 'GET', path: '/readings/systemEvent', query: logs.meterEventLogQuery, reply: logs.meterEventReply, auth: read('readings', 'maintenance') }),
  clearMeterEventLog: ep({ method: 'PATCH', path: '/log/event/delete', body: logs.clearLogBody, reply: successReply, auth: write('maintenance') }),
  exportMeterEventLog: ep({ method: 'PATCH', path: '/log/eventLog/export', body: logs.exportLogBody, reply: logs.exportLogReply, auth: read('readings', 'maintenance') }),
  meterEventLogFile: ep({ method: 'GET', path: '/log/eventLog/export/:fileName', params: pathParams('fileName'), auth: read('readings', 'maintenance'), file: true }),
  alarmLog: ep({ method: 'GET', path: '/readings/alarm', reply: logs.alarmLogReply, auth: read('readings') }),
  dataLogFiles: ep({ method: 'GET', path: '/fileList/dataLog/backup:id', params: pathParams('id'), reply: logs.dataLogFileList, auth: read('readings') }),
  /** 001 §6: the handler also requires the admin access level (a role name the area bits cannot express). */
  deleteDataLogFiles: ep({ method: 'PATCH', path: '/fileList/dataLog/backup:id', params: pathParams('id'), body: logs.deleteDataLogBody, reply: successReply, auth: write('readings') }),
  dataLogFile: ep({ method: 'GET', path: '/backup/backup:id/:filename', params: pathParams('id', 'filename'), auth: read('readings'), file: true }),
} as const;
