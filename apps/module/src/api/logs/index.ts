/**
 * Logs of 001 §7: module event log, meter system event log, alarm log, log exports and the data
 * log files. Permission is the contract's; deleting data log files also needs the admin access
 * level (001 §6), checked here because it is a role name, not a permission bit.
 */
import { ADMIN_ACCESS_LEVEL, endpointUrl, endpoints, logQuery, logTexts, serverMessages, type DataLogId } from '@meter/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import type { Services } from '../../services.ts';
import { isDataLogId } from '../../services/datalog/data-logs.ts';
import { csvLine, fileStamp, isoWithOffset } from '../../services/logs/csv.ts';
import { ExportFiles, type ExportKind } from '../../services/logs/export-files.ts';
import { forbidden, notFound, validationError } from '../../errors.ts';
import { handle } from '../registry.ts';

const WINDOW_PARAMS = ['idStart', 'idEnd', 'timeStart', 'timeEnd'] as const;

function parseQuery(query: Record<string, string | undefined>) {
  const parsed = logQuery.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function sendFile(reply: FastifyReply, path: string, name: string, type: string) {
  return reply.type(type).header('Content-Disposition', `attachment; filename="${name}"`).send(createReadStream(path));
}

export function logsRoutes(app: FastifyInstance, s: Services): void {
  const exports = new ExportFiles(s.ctx.config.dataDir);
  const zone = () => s.device.state().timeZone;
  const iso = (unixSeconds: number) => isoWithOffset(unixSeconds * 1000, zone());

  function exportCsv(kind: ExportKind, header: string[], rows: (string | number)[][], filePath: string) {
    const content = csvLine(header) + rows.map(csvLine).join('');
    const fileName = exports.write(kind, fileStamp(s.ctx.now(), zone()), content);
    return { filePath: endpointUrl(filePath, { fileName }) };
  }

  function serveExport(kind: ExportKind, fileName: string | undefined, reply: FastifyReply) {
    const path = exports.resolve(kind, fileName ?? '');
    if (!path) throw notFound();
    return sendFile(reply, path, fileName!, 'text/csv; charset=utf-8');
  }

  // Module event log.
  handle(app, endpoints.moduleEventLog, ({ query }) => s.events.query(parseQuery(query)));
  handle(app, endpoints.clearModuleEventLog, ({ principal }) => {
    s.events.clear(principal!.userName);
    return { value: serverMessages.success };
  });
  handle(app, endpoints.exportModuleEventLog, () =>
    exportCsv(
      'module_event_log',
      ['Timestamp', 'Level', 'Message'],
      s.events.all().map((e) => [iso(e.timestamp), e.level, e.message]),
      endpoints.moduleEventLogFile.path,
    ),
  );
  handle(app, endpoints.moduleEventLogFile, ({ params, reply }) => serveExport('module_event_log', params.fileName, reply));

  // Meter system event log: the tab reads the plain list; the paged form answers any window query.
  handle(app, endpoints.meterEventLog, ({ query }) => {
    const paged = WINDOW_PARAMS.some((k) => query[k] !== undefined);
    const q = parseQuery(query);
    return paged ? s.meterEvents.page(q) : s.meterEvents.list();
  });
  handle(app, endpoints.clearMeterEventLog, ({ principal }) => {
    s.meterEvents.clear();
    s.events.write('Info', `Meter event log cleared by ${principal!.userName}`);
    return { value: serverMessages.success };
  });
  handle(app, endpoints.exportMeterEventLog, () =>
    exportCsv(
      'meter_event_log',
      ['Timestamp', 'Event'],
      s.meterEvents.all().map((e) => [iso(e.Timestamp), e.Event]),
      endpoints.meterEventLogFile.path,
    ),
  );
  handle(app, endpoints.meterEventLogFile, ({ params, reply }) => serveExport('meter_event_log', params.fileName, reply));

  handle(app, endpoints.alarmLog, () => s.alarms.list());

  // Data log files.
  const dataLogId = (id: string | undefined): DataLogId => {
    if (!isDataLogId(id)) throw notFound(logTexts.unknownDataLog);
    return id;
  };
  handle(app, endpoints.dataLogFiles, ({ params }) => s.dataLogs.list(dataLogId(params.id)));
  handle(app, endpoints.deleteDataLogFiles, ({ params, body, principal }) => {
    // The area check let readings writers through; 001 §6 keeps deleting to the admin access level.
    if (principal!.accessLevel !== ADMIN_ACCESS_LEVEL) throw forbidden(logTexts.adminOnly);
    const id = dataLogId(params.id);
    const unknown = s.dataLogs.delete(id, body);
    if (unknown.length > 0) throw notFound(`${logTexts.badFileName}: ${unknown.join(', ')}`);
    s.events.write('Info', `Data log ${id} files deleted by ${principal!.userName}: ${[...new Set(body)].join(', ')}`);
    return { value: serverMessages.success };
  });
  handle(app, endpoints.dataLogFile, ({ params, reply }) => {
    const id = dataLogId(params.id);
    const name = params.filename ?? '';
    const path = s.dataLogs.resolve(id, name);
    if (!path) throw notFound();
    return sendFile(reply, path, name, name.endsWith('.json') ? 'application/x-ndjson' : 'text/csv; charset=utf-8');
  });
}
