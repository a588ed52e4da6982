/**
 * Logs (001 §2, §3, §7, §8; 002 §3.4, §7.8, §8.3): schemas and endpoints of the module event log,
 * the meter event log, the alarm log and the data log files; the texts and event keys in texts.ts.
 */
import { z } from 'zod';
import { successReply } from '../../schemas/common.ts';
import { read, write, pathParams, ep } from '../../endpoints/define.ts';
import { logTexts } from './texts.ts';

/**
 * Logs (001 §2, §3, §7; 002 §3.4, §7.8): the module event log, the meter's system event log,
 * the alarm log, exports and the data log files. Log timestamps on the wire are unix seconds;
 * the console shows them in the device time zone.
 */
/** Levels of the Module Event Log filter (001 §2), in the order the filter shows them. */
export const EVENT_LEVELS = ['Critical', 'Error', 'Info'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

/** 001 §9: event log pages of 10, 20, 40, 80; the first page is rows 0 to 10. */
export const EVENT_LOG_PAGE_SIZES = [10, 20, 40, 80] as const;
/** Longest user name the filter takes (user names are at most 32 characters, areas/users/users.ts). */
const MAX_USER_FILTER = 32;
/** Largest row window one call may ask for (machines reading the whole log page through it). */
export const MAX_LOG_WINDOW = 1000;

const count = z.coerce.number({ error: logTexts.badWindow }).int({ error: logTexts.badWindow }).min(0, { error: logTexts.badWindow });
const unixSeconds = z.coerce.number({ error: logTexts.badTime }).int({ error: logTexts.badTime }).min(0, { error: logTexts.badTime });

const logQueryFields = z.object({
  idStart: count.optional(),
  idEnd: count.optional(),
  timeStart: unixSeconds.optional(),
  timeEnd: unixSeconds.optional(),
  level: z
    .string()
    .optional()
    .transform((s, ctx) => {
      const levels = (s ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const bad = levels.find((l) => !(EVENT_LEVELS as readonly string[]).includes(l));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: logTexts.badLevel(bad) });
      return levels as EventLevel[];
    }),
});

function logWindow(q: z.output<typeof logQueryFields>, ctx: z.RefinementCtx) {
  const idStart = q.idStart ?? 0;
  const idEnd = q.idEnd ?? idStart + EVENT_LOG_PAGE_SIZES[0];
  if (idEnd < idStart || idEnd - idStart > MAX_LOG_WINDOW) ctx.addIssue({ code: 'custom', message: logTexts.badWindow, path: ['idEnd'] });
  if (q.timeStart !== undefined && q.timeEnd !== undefined && q.timeStart > q.timeEnd) ctx.addIssue({ code: 'custom', message: logTexts.badInterval, path: ['timeEnd'] });
  return { idStart, idEnd, timeStart: q.timeStart, timeEnd: q.timeEnd, levels: q.level };
}

/**
 * Query of the filtered log calls (001 §7): idStart/idEnd is a window of rows, newest first
 * (the first page is 0 to 10), timeStart/timeEnd an inclusive interval in unix seconds, level a
 * comma-separated subset of EVENT_LEVELS. Other query parameters (token, time) are ignored.
 */
export const logQuery = logQueryFields.transform(logWindow);
export type LogQuery = z.output<typeof logQuery>;

/**
 * The module event log's query: logQuery and `user`, the module's own filter (001 §7 shows none):
 * the entries of one user's actions, by exact name (docs/decisions/logs-event-alarm-and-data-logs.md).
 */
export const moduleEventLogQuery = logQueryFields
  .extend({ user: z.string().max(MAX_USER_FILTER, { error: logTexts.badUserFilter }).optional() })
  .transform((q, ctx) => ({ ...logWindow(q, ctx), user: q.user?.trim() || undefined }));
export type ModuleEventLogQuery = z.output<typeof moduleEventLogQuery>;

/**
 * Query of the meter's system event log (001 §7): the tab reads the plain list, the maintenance
 * page a window; `paged` says whether any window parameter was given. Checked like logQuery
 * either way.
 */
export const meterEventLogQuery = logQueryFields.transform((q, ctx) => ({
  ...logWindow(q, ctx),
  paged: q.idStart !== undefined || q.idEnd !== undefined || q.timeStart !== undefined || q.timeEnd !== undefined,
}));

/** The query as the console sends it. */
export type LogQueryParams = Partial<Record<'idStart' | 'idEnd' | 'timeStart' | 'timeEnd', number>> & { level?: string; user?: string };

/** 001 §3 Module event log: count of the rows the filter matches, and the window asked for. */
/** `user`: whose action the entry records ('' for the module's own), the module's addition to 001 §3. */
export const moduleEventLogEntry = z.object({ level: z.enum(EVENT_LEVELS), message: z.string(), timestamp: z.number().int(), user: z.string() });
export type ModuleEventLogEntry = z.infer<typeof moduleEventLogEntry>;
export const moduleEventLogReply = z.object({ count: z.number().int(), eventLogs: z.array(moduleEventLogEntry) });
export type ModuleEventLogReply = z.infer<typeof moduleEventLogReply>;

/** 001 §3 System event keys, as the meter reports them (settings/ioConfig systemEventAlarm too). */

/**
 * One meter system event: Event is the human text of the key (meterEventTexts), Timestamp unix
 * seconds. The Event Log tab shows the keys in reverse order, so Timestamp comes first.
 */
export const meterEventRecord = z.object({ Event: z.string(), Timestamp: z.number().int() });
export type MeterEventRecord = z.infer<typeof meterEventRecord>;
export const METER_EVENT_RECORD_KEYS = ['Event', 'Timestamp'] as const;
export const meterEventList = z.array(meterEventRecord);
/** With idStart/idEnd the call pages like the module event log: the same {count, eventLogs} shape. */
export const meterEventPage = z.object({ count: z.number().int(), eventLogs: z.array(meterEventRecord) });
export const meterEventReply = z.union([meterEventList, meterEventPage]);
export type MeterEventPage = z.infer<typeof meterEventPage>;

/**
 * One alarm log record. The last key is Timestamp (unix seconds): the console moves it to the
 * front (001 §2). Condition is the setting's sign ('>', '=', '<'); Status says whether the alarm
 * started or returned to normal.
 */
export const ALARM_RECORD_KEYS = ['Alarm', 'Parameter', 'Condition', 'Setpoint', 'Value', 'Status', 'Timestamp'] as const;
export const ALARM_STATUSES = ['Triggered', 'Recovered'] as const;
export const alarmRecord = z.object({
  Alarm: z.number().int(),
  Parameter: z.string(),
  Condition: z.enum(['>', '=', '<']),
  Setpoint: z.union([z.number(), z.string()]),
  Value: z.union([z.number(), z.string()]),
  Status: z.enum(ALARM_STATUSES),
  Timestamp: z.number().int(),
});
export type AlarmRecord = z.infer<typeof alarmRecord>;
export const alarmLogReply = z.array(alarmRecord);

/** {value: 1} clears (001 §7 "body {value}"), as the device's other commands. */
export const clearLogBody = z.strictObject({ value: z.literal(1, { error: logTexts.valueMustBeOne }) });
/** 001 §7 "body {action}": the one action is 'export' (the whole log, oldest first). */
export const exportLogBody = z.strictObject({ action: z.literal('export', { error: logTexts.actionMustBeExport }) });
/** Where the exported file can be fetched (GET, token-protected): /api/.../{fileName}. */
export const exportLogReply = z.object({ filePath: z.string() });

/** Data loggers of the reading view: 1, 2, 3 and the AcuCloud logger (002 §2.1, §9.3). */
export const DATA_LOG_IDS = ['1', '2', '3', 'ac'] as const;
export type DataLogId = (typeof DATA_LOG_IDS)[number];
/** File names the module writes and accepts back: no paths, no leading dot. */
export const DATA_LOG_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/** 001 §3 Data log file: timestamp is the last update (unix seconds), size in KB (2 decimals). */
export const dataLogFile = z.object({ filename: z.string(), timestamp: z.number().int(), size: z.number() });
export type DataLogFile = z.infer<typeof dataLogFile>;
export const dataLogFileList = z.array(dataLogFile);
/** 001 §7: PATCH with the array of file names to delete. */
export const deleteDataLogBody = z
  .array(z.string({ error: logTexts.badFileName }).regex(DATA_LOG_FILE_NAME, { error: logTexts.badFileName }), { error: logTexts.noDataLogSelected })
  .min(1, { error: logTexts.noDataLogSelected })
  .max(1000, { error: logTexts.badFileName });

export const logEndpoints = {
  // Logs (001 §7, 002 §7.8). Reading the module event log needs view on any of readings,
  // configuration or maintenance (000 §6, docs/decisions/logs-event-alarm-and-data-logs.md); clearing a log destroys records,
  // a maintenance action like Management's reset of the alarm record (002 §2.11). Exports only
  // copy what the caller may already list, so they need the same view as the list.
  moduleEventLog: ep({ method: 'GET', path: '/eventLog', query: moduleEventLogQuery, reply: moduleEventLogReply, auth: read('readings', 'configuration', 'maintenance') }),
  clearModuleEventLog: ep({ method: 'PATCH', path: '/eventLog/clear', body: clearLogBody, reply: successReply, auth: write('maintenance') }),
  exportModuleEventLog: ep({ method: 'PATCH', path: '/eventLog/export', body: exportLogBody, reply: exportLogReply, auth: read('readings', 'configuration', 'maintenance') }),
  moduleEventLogFile: ep({ method: 'GET', path: '/eventLog/export/:fileName', params: pathParams('fileName'), auth: read('readings', 'configuration', 'maintenance'), file: true }),
  /** Plain list newest first; with idStart/idEnd (maintenance page) {count, eventLogs}. */
  meterEventLog: ep({ method: 'GET', path: '/readings/systemEvent', query: meterEventLogQuery, reply: meterEventReply, auth: read('readings', 'maintenance') }),
  clearMeterEventLog: ep({ method: 'PATCH', path: '/log/event/delete', body: clearLogBody, reply: successReply, auth: write('maintenance') }),
  exportMeterEventLog: ep({ method: 'PATCH', path: '/log/eventLog/export', body: exportLogBody, reply: exportLogReply, auth: read('readings', 'maintenance') }),
  meterEventLogFile: ep({ method: 'GET', path: '/log/eventLog/export/:fileName', params: pathParams('fileName'), auth: read('readings', 'maintenance'), file: true }),
  alarmLog: ep({ method: 'GET', path: '/readings/alarm', reply: alarmLogReply, auth: read('readings') }),
  dataLogFiles: ep({ method: 'GET', path: '/fileList/dataLog/backup:id', params: pathParams('id'), reply: dataLogFileList, auth: read('readings') }),
  /** 001 §6: the handler also requires the admin access level (a role name the area bits cannot express). */
  deleteDataLogFiles: ep({ method: 'PATCH', path: '/fileList/dataLog/backup:id', params: pathParams('id'), body: deleteDataLogBody, reply: successReply, auth: write('readings') }),
  dataLogFile: ep({ method: 'GET', path: '/backup/backup:id/:filename', params: pathParams('id', 'filename'), auth: read('readings'), file: true }),
} as const;
