/**
 * Trend logs (001 §2, §3, §4, §5, §7, §8): schemas and endpoints; the texts in texts.ts.
 */
import { z } from 'zod';
import { formMessages, namedRuleMessages as n } from '../../messages.ts';
import {
  ENERGY_TREND_INTERVALS,
  ENERGY_TREND_PARAMETERS,
  LOG_INTERVAL_VALUES,
  REALTIME_TREND_INTERVALS,
  REALTIME_TREND_PARAMETERS,
  trendIntervalSeconds,
  type EnergyTrendParameter,
  type LogTypeName,
  type RealtimeTrendParameter,
  type TrendInterval,
  type TrendKind,
} from '../../options/trend.ts';
import { fullMask, selectedLogTypes } from '../../trends/masks.ts';
import { LOG_VALUE_NAMES as V } from '../../options/shared-texts.ts';
import { logIntervalAllowed, trendIntervalOptions } from '../../trends/selection.ts';
import { bool, int, oneOf, strictObject } from '../../rules/fields.ts';
import { successReply, valueOneBody } from '../../schemas/common.ts';
import { read, write, pathParams, ep } from '../../endpoints/define.ts';
import { trendTexts } from './texts.ts';

const t = trendTexts;

/**
 * Trend logs (001 §3, §5, §7): the chart queries' path parameter, trend rows, the log range,
 * the export body and the export status. Times on the wire are unix seconds.
 *
 * The chart calls put four values in one path segment, `{parameter}&{start}&{end}&{interval}`
 * (e.g. trendlog/realTime/VLN&1772323200&1772323800&1sec). The '&' may be sent as is or
 * percent-encoded (endpointUrl encodes it); the module reads one path parameter and parses it
 * with parseTrendQuery, so a malformed one is a 400 with a message, never a 500.
 */
/** Most buckets one chart call may ask for: a day at 1 second. */
export const MAX_TREND_BUCKETS = 86_400;
/** Most pixel columns the `points` query may ask for. */
export const MAX_TREND_POINTS = 10_000;
/** Last unix second accepted (year 2286): a millisecond time is refused, not read as a far date. */
const MAX_UNIX_SECONDS = 9_999_999_999;

export interface TrendQuery<P extends string = string> {
  parameter: P;
  start: number;
  end: number;
  interval: TrendInterval;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

function parseSeconds(s: string | undefined): number | undefined {
  if (s === undefined || !/^\d{1,10}$/.test(s)) return undefined;
  const v = Number(s);
  return v <= MAX_UNIX_SECONDS ? v : undefined;
}

/** Builds the path parameter of a chart call. */
export function trendQuerySpec(parameter: string, start: number, end: number, interval: TrendInterval): string {
  return `${parameter}&${Math.floor(start)}&${Math.floor(end)}&${interval}`;
}

export function parseTrendQuery(kind: 'realtime', spec: string): ParseResult<TrendQuery<RealtimeTrendParameter>>;
export function parseTrendQuery(kind: 'energy', spec: string): ParseResult<TrendQuery<EnergyTrendParameter>>;
export function parseTrendQuery(kind: TrendKind, spec: string): ParseResult<TrendQuery> {
  const parts = spec.split('&');
  if (parts.length !== 4) return { ok: false, message: t.badQuery };
  const [parameter, startText, endText, interval] = parts as [string, string, string, string];
  const parameters: readonly string[] = kind === 'realtime' ? REALTIME_TREND_PARAMETERS : ENERGY_TREND_PARAMETERS;
  const intervals: readonly string[] = kind === 'realtime' ? REALTIME_TREND_INTERVALS : ENERGY_TREND_INTERVALS;
  if (!parameters.includes(parameter)) return { ok: false, message: t.badParameter(parameter, parameters) };
  const start = parseSeconds(startText);
  if (start === undefined) return { ok: false, message: t.badTime('Start time') };
  const end = parseSeconds(endText);
  if (end === undefined) return { ok: false, message: t.badTime('End time') };
  if (start >= end) return { ok: false, message: n.lessThan('Start time', 'end time') };
  if (!intervals.includes(interval)) return { ok: false, message: t.badInterval(interval, intervals) };
  // 001 §9: each frame length offers a few intervals, which bounds the rows of every call.
  const { options } = trendIntervalOptions(kind, (end - start) * 1000, parameter);
  if (!options.includes(interval as TrendInterval)) return { ok: false, message: t.intervalNotForFrame(interval, options) };
  if ((end - start) / trendIntervalSeconds(interval as TrendInterval) > MAX_TREND_BUCKETS) return { ok: false, message: t.tooManyPoints(MAX_TREND_BUCKETS) };
  return { ok: true, value: { parameter, start, end, interval: interval as TrendInterval } };
}

/** Optional query of the chart calls: `points` caps the rows with M4; `stat` (real-time) picks the bucket value. */
export const trendChartQuery = z.object({
  points: z.coerce
    .number({ error: t.badPoints(MAX_TREND_POINTS) })
    .int({ error: t.badPoints(MAX_TREND_POINTS) })
    .min(1, { error: t.badPoints(MAX_TREND_POINTS) })
    .max(MAX_TREND_POINTS, { error: t.badPoints(MAX_TREND_POINTS) })
    .optional(),
  stat: z.enum(['avg', 'min', 'max'], { error: t.badStat }).optional(),
});
export type TrendChartQuery = z.infer<typeof trendChartQuery>;
/** Energy charts take no statistic (a bucket's value is the cumulative register at its end): `points` only. */
export const energyTrendQuery = z.object({
  stat: z.never({ error: t.badStat }).optional(),
  points: trendChartQuery.shape.points,
});

/** A chart call's path parameter, parsed: a malformed one is a 400 with its message on `spec`. */
const specOf = <T>(parse: (spec: string) => ParseResult<T>) =>
  z.string().transform((spec, ctx): T => {
    const q = parse(spec);
    if (!q.ok) {
      ctx.addIssue({ code: 'custom', message: q.message });
      return z.NEVER;
    }
    return q.value;
  });
export const realtimeTrendParams = z.object({ spec: specOf((spec) => parseTrendQuery('realtime', spec)) });
export const energyTrendParams = z.object({ spec: specOf((spec) => parseTrendQuery('energy', spec)) });

/** 001 §3 trend data row: Timestamp (unix seconds, the bucket start) and one value per column. */
export const trendRow = z.object({ Timestamp: z.number() }).catchall(z.union([z.number(), z.string()]));
export const trendRows = z.array(trendRow);

/** 001 §3 trend log range: per log type, min at the start of its first day, max at the end of its last. */
export const trendLogRange = z.object({
  realTimeMin: z.number().int(),
  realTimeMax: z.number().int(),
  energyMin: z.number().int(),
  energyMax: z.number().int(),
  demandMin: z.number().int(),
  demandMax: z.number().int(),
  powerQualityMin: z.number().int(),
  powerQualityMax: z.number().int(),
  ioMin: z.number().int(),
  ioMax: z.number().int(),
});
export type TrendLogRange = z.infer<typeof trendLogRange>;

/** The range of a selection of log types: latest of the minima to earliest of the maxima (001 §5). */
export function rangeOfTypes(range: TrendLogRange, types: readonly LogTypeName[]): { min: number; max: number } {
  const min = Math.max(...types.map((x) => range[`${x}Min` as keyof TrendLogRange]));
  const max = Math.min(...types.map((x) => range[`${x}Max` as keyof TrendLogRange]));
  return { min, max };
}

/** 001 §3 export status: exportStat false (idle or ready), 1 generating, 2 compressing. */
export const trendExportStatus = z.object({
  exportStat: z.union([z.literal(false), z.literal(1), z.literal(2)]),
  /** The ready file's name; '' while none is ready. */
  exportFileName: z.string(),
  /** Progress: the bucket being written (generating), endTimeStamp once compressing or ready. */
  currentTimeStamp: z.number().int(),
  startTimeStamp: z.number().int(),
  endTimeStamp: z.number().int(),
  /** Bytes: of the CSV so far while generating, of the .zip so far while compressing, then of the file. */
  filesize: z.number().int(),
});
export type TrendExportStatus = z.infer<typeof trendExportStatus>;

const MASK_LABELS: Record<LogTypeName, string> = {
  realTime: 'Real-Time parameters',
  energy: 'Energy parameters',
  demand: 'Demand parameters',
  powerQuality: 'Power Quality parameters',
  io: 'IO parameters',
};
const mask = (type: LogTypeName) => {
  const label = MASK_LABELS[type];
  return int(label, (v) => (v >= 0 && v <= 0x7fffffff && (v & ~fullMask(type)) === 0 ? undefined : t.unknownBits(label)));
};

/**
 * 001 §7 exportLog body, checked per 001 §5: at least one parameter, start before end, and no
 * 1 s / 15 s interval with energy, demand or power quality. Whether the range lies within
 * getLogMaxMin is the module's check (it needs the data). The four value flags pick the CSV's
 * columns (instantaneous, average, maximum, minimum); all false means the average.
 */
export const exportTrendLogBody = strictObject({
  realTimeMask: mask('realTime'),
  energyMask: mask('energy'),
  demandMask: mask('demand'),
  powerQualityMask: mask('powerQuality'),
  ioMask: mask('io'),
  startTime: int('Start time', (v) => (v >= 0 && v <= MAX_UNIX_SECONDS ? undefined : t.badTime('Start time'))),
  endTime: int('End time', (v) => (v >= 0 && v <= MAX_UNIX_SECONDS ? undefined : t.badTime('End time'))),
  logInterval: oneOf(V.interval, LOG_INTERVAL_VALUES),
  logParamType: z.number().int().min(0).max(4).nullable().optional(),
  isAvgValueOn: bool(V.avg).optional(),
  isInstValueOn: bool(V.inst).optional(),
  isMaxValueOn: bool(V.max).optional(),
  isMinValueOn: bool(V.min).optional(),
}).superRefine((b, ctx) => {
  const types = selectedLogTypes(b);
  if (types.length === 0) ctx.addIssue({ code: 'custom', path: ['logParamArray'], message: formMessages.checkboxGroupRequired() });
  if (b.startTime >= b.endTime) {
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: n.lessThan('Start time', 'end time') });
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: n.greaterThan('End time', 'start time') });
  }
  if (!logIntervalAllowed(types, b.logInterval)) ctx.addIssue({ code: 'custom', path: ['logInterval'], message: t.shortIntervalNotAllowed });
});
export type ExportTrendLogBody = z.output<typeof exportTrendLogBody>;

export const trendEndpoints = {
  // Trend logs (001 §7). Chart calls carry {parameter}&{start}&{end}&{interval} in one segment
  // (the trend query schemas above). Generating, stopping and deleting the export file need only readings
  // view: the file holds nothing the caller cannot already chart, and it is the reader's own
  // download (one export slot per device; a new one replaces the file). Clearing the trend store
  // destroys records: maintenance edit, as Emergency Mode's "clears the trend log" (002 §2.16).
  realtimeTrend: ep({
    method: 'GET',
    path: '/trendlog/realTime/:spec',
    params: realtimeTrendParams,
    query: trendChartQuery,
    reply: trendRows,
    auth: read('readings'),
  }),
  energyTrend: ep({ method: 'GET', path: '/trendlog/energy/:spec', params: energyTrendParams, query: energyTrendQuery, reply: trendRows, auth: read('readings') }),
  trendLogRange: ep({ method: 'GET', path: '/command/trendlog/getLogMaxMin', reply: trendLogRange, auth: read('readings') }),
  trendLogExportStatus: ep({ method: 'GET', path: '/command/trendlog/getLogExportStat', reply: trendExportStatus, auth: read('readings') }),
  exportTrendLog: ep({ method: 'PATCH', path: '/command/trendlog/exportLog', body: exportTrendLogBody, reply: successReply, auth: read('readings') }),
  cancelTrendLogExport: ep({ method: 'PATCH', path: '/command/trendlog/cancelExportLog', body: valueOneBody, reply: successReply, auth: read('readings') }),
  deleteTrendLogExport: ep({ method: 'PATCH', path: '/command/trendlog/deleteExportLog', body: valueOneBody, reply: successReply, auth: read('readings') }),
  resetTrendLog: ep({ method: 'PATCH', path: '/command/trendlog/resetLogDB', body: valueOneBody, reply: successReply, auth: write('maintenance') }),
  /** Opened as a link (token in the query); the name must be the ready export's. */
  trendLogFile: ep({ method: 'GET', path: '/exportLog/:fileName', params: pathParams('fileName'), auth: read('readings'), file: true }),
} as const;
