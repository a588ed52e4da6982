/**
 * The Time Frame picker's rules (001 §5, §9), pure: datetime-local values in the device's zone,
 * the limits of each chart (realtime: not after the device's time nor before 30 days earlier;
 * energy: not after the device's time) and the message for a frame that breaks them.
 */
import { formMessages, localDate, namedRuleMessages, type TrendKind, type TrendRange } from '@meter/contract';
import { formatDeviceTime, zonedToUnix } from '../../lib/device-time.ts';

/** 001 §5: realtime dates no earlier than 30 days before the device's time (its store keeps 30 days). */
export const REALTIME_HISTORY_SECONDS = 30 * 86_400;

export interface FrameLimits {
  /** unix seconds; undefined = no lower limit */
  min?: number;
  max: number;
}

export const frameLimits = (kind: TrendKind, nowSeconds: number): FrameLimits =>
  kind === 'realtime' ? { min: nowSeconds - REALTIME_HISTORY_SECONDS, max: nowSeconds } : { max: nowSeconds };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The value of a datetime-local input (with seconds) showing this instant on the device's clock. */
export function toWallInput(zone: string, unixSeconds: number): string {
  const d = localDate(zone, unixSeconds);
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}T${pad(d.hour)}:${pad(d.minute)}:${pad(d.second)}`;
}

/** A datetime-local value read on the device's clock; a value without seconds starts its minute. */
export const fromWallInput = (zone: string, wall: string): number | undefined => zonedToUnix(wall, zone);

export const START_LABEL = 'Start time';
export const END_LABEL = 'End time';

export interface FrameCheck {
  frame?: TrendRange;
  /** Per input; a frame is returned only when both are empty. */
  start?: string;
  end?: string;
}

/** Reads the two inputs into a frame, or says what is wrong with them (001 §5 messages). */
export function readFrame(zone: string, startWall: string, endWall: string, limits: FrameLimits): FrameCheck {
  const start = fromWallInput(zone, startWall);
  const end = fromWallInput(zone, endWall);
  const out: FrameCheck = {};
  if (start === undefined) out.start = formMessages.required(START_LABEL);
  if (end === undefined) out.end = formMessages.required(END_LABEL);
  if (start === undefined || end === undefined) return out;
  const when = (t: number) => formatDeviceTime(t, zone);
  if (limits.min !== undefined && start < limits.min) out.start = namedRuleMessages.greaterOrEqual(START_LABEL, when(limits.min));
  if (end > limits.max) out.end = namedRuleMessages.lessOrEqual(END_LABEL, when(limits.max));
  if (start >= end) {
    out.start ??= namedRuleMessages.lessThan(START_LABEL, 'end time');
    out.end ??= namedRuleMessages.greaterThan(END_LABEL, 'start time');
  }
  return out.start || out.end ? out : { frame: { start, end } };
}
