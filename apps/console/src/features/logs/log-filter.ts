/** The Module Event Log filter (001 §2): interval in the device's time zone, levels, user, page. Pure. */
import { EVENT_LEVELS, type EventLevel, type LogQueryParams } from '@meter/contract';
import { zonedToUnix } from '../../lib/device-time.ts';

export interface LogFilter {
  /** datetime-local values, read in the device time zone; '' = open. */
  start: string;
  end: string;
  /** Empty = every level. */
  levels: EventLevel[];
  /** Whose actions (the module log's audit filter, exact name); '' = everyone's. */
  user: string;
}

export const EMPTY_FILTER: LogFilter = { start: '', end: '', levels: [], user: '' };

/** Adds a level (a click on a row's level, "Add to filter"), keeping the filter's own order. */
export function withLevel(filter: LogFilter, level: EventLevel): LogFilter {
  const levels = EVENT_LEVELS.filter((l) => l === level || filter.levels.includes(l));
  return { ...filter, levels };
}

export function toggleLevel(filter: LogFilter, level: EventLevel): LogFilter {
  return filter.levels.includes(level) ? { ...filter, levels: filter.levels.filter((l) => l !== level) } : withLevel(filter, level);
}

/** The eventLog query of a page (1-based): rows (page-1)·size to page·size, newest first. */
export function logQueryOf(filter: LogFilter, timeZone: string, page: number, pageSize: number): LogQueryParams {
  const idStart = (Math.max(1, page) - 1) * pageSize;
  const q: LogQueryParams = { idStart, idEnd: idStart + pageSize };
  const timeStart = zonedToUnix(filter.start, timeZone);
  const timeEnd = zonedToUnix(filter.end, timeZone, true);
  if (timeStart !== undefined) q.timeStart = timeStart;
  if (timeEnd !== undefined) q.timeEnd = timeEnd;
  if (filter.levels.length > 0) q.level = filter.levels.join(',');
  const user = filter.user.trim();
  if (user) q.user = user;
  return q;
}

/** An interval whose end comes before its start matches nothing: say so instead of asking. */
export function intervalIsValid(filter: LogFilter, timeZone: string): boolean {
  const a = zonedToUnix(filter.start, timeZone);
  const b = zonedToUnix(filter.end, timeZone, true);
  return a === undefined || b === undefined || a <= b;
}
