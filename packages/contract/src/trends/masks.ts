/** Parameter bit masks of the trend logs (001 §3): the bits of each log type are listed in options/trend.ts. */
import { LOG_TYPE_MASK_FIELD, LOG_TYPES, TREND_PARAM_BITS, type LogTypeName, type TrendMasks } from '../options/trend.ts';

/** All bits a group knows (an unknown bit in a body is an error, not ignored). */
export function fullMask(type: LogTypeName): number {
  return TREND_PARAM_BITS[type].reduce((m, p) => m | p.bit, 0);
}

export function trendMaskOf(bits: readonly number[]): number {
  return bits.reduce((m, b) => m | b, 0);
}

export function trendBitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let b = 1; b <= mask && b > 0; b *= 2) if (mask & b) out.push(b);
  return out;
}

/** Log types with at least one bit set, in log-type order. */
export function selectedLogTypes(masks: Partial<TrendMasks>): LogTypeName[] {
  return (Object.keys(LOG_TYPES) as LogTypeName[]).filter((t) => (masks[LOG_TYPE_MASK_FIELD[t]] ?? 0) !== 0);
}
