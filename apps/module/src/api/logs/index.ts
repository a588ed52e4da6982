/**
 * Logs of 001 §7: module event log, meter system event log, alarm log, log exports and the data
 * log files. Permission is the contract's; deleting data log files also needs the admin access
 * level (001 §6), checked here because it is a role name, not a permission bit.
 */
import { ADMIN_ACCESS_LEVEL, endpointUrl, endpoints, logTexts, serverMessages, type DataLogId } from '@meter/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { isDataLogId, type DataLogs } from '../../services/datalog/data-logs.ts';
import type { DeviceService } from '../../services/device/device-service.ts';
import type { ModuleEventLog } from '../../services/events/module-event-log.ts';
import type { AlarmLog } from '../../services/logs/alarm-log.ts';
import { csvLine, fileStamp, isoWithOffset } from '../../services/logs/csv.ts';
import { ExportFiles, type ExportKind } from '../../services/logs/export-files.ts';
import type { MeterEventLog } from '../../services/logs/meter-event-log.ts';
import { forbidden, notFound } from '../../errors.ts';
import { handle } from '../registry.ts';

function sendFile(reply: FastifyReply, path: string, name: string, type: string) {
  return reply.type(type).header('Content-Disposition', `attachment; filename="${name}"`).send(createReadStream(path));
}

export interface LogsApiOptions {
  events: ModuleEventLog;
  meterEvents: MeterEventLog;
  alarms: AlarmLog;
  dataLogs: DataLogs;
  /** The device's time zone stamps the exports. */
  device: DeviceService;
  /** Where the export files are written. */
  dataDir: string;
  now: () => number;
}

export const logsApi: FastifyPluginAsync<LogsApiOptions> = async (app, { events, meterEvents, alarms, dataLogs, device, dataDir, now }) => {
  const exports = new ExportFiles(dataDir);
  const zone = () => device.state().timeZone;

  function exportCsv(kind: ExportKind, header: string[], rows: (string | number)[][], filePath: string) {
    const content = csvLine(header) + rows.map(csvLine).join('');
    const fileName = exports.write(kind, fileStamp(now(), zone()), content);
    return { filePath: endpointUrl(filePath, { fileName }) };
  }

  function serveExport(kind: ExportKind, fileName: string, reply: FastifyReply) {
    const path = exports.resolve(kind, fileName);
    if (!path) throw notFound();
    return sendFile(reply, path, fileName, 'text/csv; charset=utf-8');
  }

  // Module event log.
  handle(app, endpoints.moduleEventLog, ({ query }) => events.query(query));
  handle(app, endpoints.clearModuleEventLog, ({ principal }) => {
    events.clear(principal.userName);
    return { value: serverMessages.success };
  });
  // Streamed: 100,000 rows (the log's bound) are written batch by batch, other requests between.
  handle(app, endpoints.exportModuleEventLog, async () => {
    // The zone once per export: device.state() is a settings read, and was one per row.
    const z = zone();
    async function* lines() {
      yield csvLine(['Timestamp', 'Level', 'User', 'Message']);
      for await (const rows of events.batches()) yield rows.map((e) => csvLine([isoWithOffset(e.timestamp * 1000, z), e.level, e.user, e.message])).join('');
    }
    const fileName = await exports.writeChunks('module_event_log', fileStamp(now(), zone()), lines());
    return { filePath: endpointUrl(endpoints.moduleEventLogFile.path, { fileName }) };
  });
  handle(app, endpoints.moduleEventLogFile, ({ params, reply }) => serveExport('module_event_log', params.fileName, reply));

  // Meter system event log: the tab reads the plain list; the paged form answers any window query.
  handle(app, endpoints.meterEventLog, ({ query }) => (query.paged ? meterEvents.page(query) : meterEvents.list()));
  handle(app, endpoints.clearMeterEventLog, ({ principal }) => {
    meterEvents.clear();
    events.write('Info', `Meter event log cleared by ${principal.userName}`, principal.userName);
    return { value: serverMessages.success };
  });
  // At most MAX_METER_EVENTS (1,000) rows: written in one go, the zone read once.
  handle(app, endpoints.exportMeterEventLog, () => {
    const z = zone();
    return exportCsv(
      'meter_event_log',
      ['Timestamp', 'Event'],
      meterEvents.all().map((e) => [isoWithOffset(e.Timestamp * 1000, z), e.Event]),
      endpoints.meterEventLogFile.path,
    );
  });
  handle(app, endpoints.meterEventLogFile, ({ params, reply }) => serveExport('meter_event_log', params.fileName, reply));

  handle(app, endpoints.alarmLog, () => alarms.list());

  // Data log files.
  const dataLogId = (id: string): DataLogId => {
    if (!isDataLogId(id)) throw notFound(logTexts.unknownDataLog);
    return id;
  };
  handle(app, endpoints.dataLogFiles, async ({ params }) => dataLogs.list(dataLogId(params.id)));
  handle(app, endpoints.deleteDataLogFiles, ({ params, body, principal }) => {
    // The area check let readings writers through; 001 §6 keeps deleting to the admin access level.
    if (principal.accessLevel !== ADMIN_ACCESS_LEVEL) throw forbidden(logTexts.adminOnly);
    const id = dataLogId(params.id);
    const unknown = dataLogs.delete(id, body);
    if (unknown.length > 0) throw notFound(`${logTexts.badFileName}: ${unknown.join(', ')}`);
    events.write('Info', `Data log ${id} files deleted by ${principal.userName}: ${[...new Set(body)].join(', ')}`, principal.userName);
    return { value: serverMessages.success };
  });
  handle(app, endpoints.dataLogFile, ({ params, reply }) => {
    const id = dataLogId(params.id);
    const path = dataLogs.resolve(id, params.filename);
    if (!path) throw notFound();
    return sendFile(reply, path, params.filename, params.filename.endsWith('.json') ? 'application/x-ndjson' : 'text/csv; charset=utf-8');
  });
};
