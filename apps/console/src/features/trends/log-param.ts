/**
 * The 'Log Param' card of Trend Log Management (001 §3, §4, §5), pure: the chosen parameter bits
 * per log type, the interval rule on every change of types, the start/end limits from
 * getLogMaxMin and the exportLog body, validated with the contract's schema (the module's own).
 */
import {
  LOG_INTERVAL,
  LOG_TYPES,
  LOG_TYPE_MASK_FIELD,
  exportTrendLogBody,
  formMessages,
  fullMask,
  rangeOfTypes,
  selectLogInterval,
  selectedLogTypes,
  startOfLocalDay,
  trendTexts,
  type ExportTrendLogBody,
  type LogTypeName,
  type TrendLogRange,
  type TrendMasks,
} from '@meter/contract';
import { fromWallInput, toWallInput } from './time-frame.ts';

export const LOG_TYPE_NAMES = Object.keys(LOG_TYPES) as LogTypeName[];

export const LOG_TYPE_LABELS: Record<LogTypeName, string> = {
  realTime: 'Real-Time',
  energy: 'Energy',
  demand: 'Demand',
  powerQuality: 'Power Quality',
  io: 'IO',
};

export interface LogParamForm {
  masks: Record<LogTypeName, number>;
  /** LOG_INTERVALS value */
  interval: number;
  /** datetime-local values on the device's clock */
  start: string;
  end: string;
}

export type LogParamField = 'logParamArray' | 'logInterval' | 'startTime' | 'endTime';
export type LogParamErrors = Partial<Record<LogParamField, string>>;

const NO_MASKS: Record<LogTypeName, number> = { realTime: 0, energy: 0, demand: 0, powerQuality: 0, io: 0 };

export const maskFields = (masks: Record<LogTypeName, number>): TrendMasks => Object.fromEntries(LOG_TYPE_NAMES.map((t) => [LOG_TYPE_MASK_FIELD[t], masks[t]])) as TrendMasks;

export const typesOf = (form: Pick<LogParamForm, 'masks'>): LogTypeName[] => selectedLogTypes(maskFields(form.masks));

/** A log type with no recorded day (0/0, e.g. demand and IO) cannot be exported at all. */
export const hasData = (range: TrendLogRange, type: LogTypeName): boolean => rangeOfTypes(range, [type]).max > 0;

/**
 * 001 §5: the range of the selected types (latest minimum to earliest maximum); with none
 * selected, the span of every type that holds data, so the calendars are useful from the start.
 * Undefined when there is no data (or the selected types do not overlap).
 */
export function allowedRange(range: TrendLogRange, types: readonly LogTypeName[]): { min: number; max: number } | undefined {
  if (types.length > 0) {
    const r = rangeOfTypes(range, types);
    return r.min > 0 && r.max > 0 && r.min <= r.max ? r : undefined;
  }
  const recorded = LOG_TYPE_NAMES.filter((t) => hasData(range, t)).map((t) => rangeOfTypes(range, [t]));
  if (recorded.length === 0) return undefined;
  return { min: Math.min(...recorded.map((r) => r.min)), max: Math.max(...recorded.map((r) => r.max)) };
}

/** Nothing chosen, 15 seconds (the real-time default of the selection rule), the last recorded day. */
export function initialLogParam(range: TrendLogRange | undefined, zone: string): LogParamForm {
  const r = range && allowedRange(range, []);
  return {
    masks: { ...NO_MASKS },
    interval: LOG_INTERVAL.sec15,
    start: r ? toWallInput(zone, Math.max(r.min, startOfLocalDay(zone, r.max))) : '',
    end: r ? toWallInput(zone, r.max) : '',
  };
}

function clampWall(zone: string, wall: string, r: { min: number; max: number } | undefined): string {
  const t = fromWallInput(zone, wall);
  if (t === undefined || !r) return wall;
  return toWallInput(zone, Math.min(r.max, Math.max(r.min, t)));
}

/** 001 §4: a change of the selected types may move the interval; start and end stay inside the new range. */
export function withMasks(form: LogParamForm, masks: Record<LogTypeName, number>, range: TrendLogRange | undefined, zone: string): LogParamForm {
  const next = { ...form, masks };
  const types = typesOf(next);
  const r = range && allowedRange(range, types);
  return { ...next, interval: selectLogInterval(types, form.interval).value, start: clampWall(zone, form.start, r), end: clampWall(zone, form.end, r) };
}

export const toggleBit = (masks: Record<LogTypeName, number>, type: LogTypeName, bit: number) => ({ ...masks, [type]: masks[type] ^ bit });

/** The group's own checkbox: all of its parameters, or none when all are chosen. */
export const toggleType = (masks: Record<LogTypeName, number>, type: LogTypeName) => ({ ...masks, [type]: masks[type] === fullMask(type) ? 0 : fullMask(type) });

/** 001 §7: the masks, the times, the interval, logParamType null and the four value flags off (the mean). */
export function exportBodyOf(form: LogParamForm, zone: string) {
  return {
    ...maskFields(form.masks),
    startTime: fromWallInput(zone, form.start),
    endTime: fromWallInput(zone, form.end),
    logInterval: form.interval,
    logParamType: null,
    isAvgValueOn: false,
    isInstValueOn: false,
    isMaxValueOn: false,
    isMinValueOn: false,
  };
}

const FIELDS: readonly LogParamField[] = ['logParamArray', 'logInterval', 'startTime', 'endTime'];

function issuesOf(body: unknown): LogParamErrors {
  const parsed = exportTrendLogBody.safeParse(body);
  const out: LogParamErrors = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    // A bad mask is a bad choice of parameters.
    const field = (FIELDS as readonly string[]).includes(key) ? (key as LogParamField) : key.endsWith('Mask') ? 'logParamArray' : undefined;
    if (field) out[field] ??= issue.message;
  }
  return out;
}

/**
 * 001 §5 through the contract's exportLog schema, plus the range check the module makes with
 * its data. The schema checks the whole body only once every field parses, so missing times are
 * replaced for a second pass: the user sees every message at once.
 */
export function validateLogParam(form: LogParamForm, zone: string, range: TrendLogRange | undefined): { body?: ExportTrendLogBody; errors: LogParamErrors } {
  const body = exportBodyOf(form, zone);
  const errors = issuesOf(body);
  if (body.startTime === undefined || body.endTime === undefined) {
    const rest = issuesOf({ ...body, startTime: 0, endTime: 1 });
    errors.logParamArray ??= rest.logParamArray;
    errors.logInterval ??= rest.logInterval;
    errors.startTime ??= body.startTime === undefined ? formMessages.required('Start time') : undefined;
    errors.endTime ??= body.endTime === undefined ? formMessages.required('End time') : undefined;
  }
  const r = range && allowedRange(range, typesOf(form));
  if (!errors.startTime && !errors.endTime && body.startTime !== undefined && body.endTime !== undefined && typesOf(form).length > 0) {
    if (!r || body.startTime < r.min || body.endTime > r.max) errors.startTime = trendTexts.outOfRange;
  }
  const clean = Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as LogParamErrors;
  return Object.keys(clean).length ? { errors: clean } : { body: exportTrendLogBody.parse(body), errors: {} };
}
