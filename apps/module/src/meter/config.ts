import { CHANNEL_COUNT, DEFAULT_WIRING_TYPE, wiringKindOf, type WiringKind } from '@meter/contract';
import { checkZone } from './local-time.ts';
import type { MeterConfig } from './reading-source.ts';

export const DEFAULT_RATED_VOLTAGE = 120;
export const DEFAULT_CT_FULL_SCALE = 100;

export function defaultMeterConfig(): MeterConfig {
  return {
    wiringType: DEFAULT_WIRING_TYPE,
    ratedVoltage: DEFAULT_RATED_VOLTAGE,
    ctFullScale: Array<number>(CHANNEL_COUNT).fill(DEFAULT_CT_FULL_SCALE),
    seed: 1,
    timeZone: 0,
  };
}

/** The wiring kind of a configured wiring type; RangeError for a value the meter does not have. */
export function wiringKindFor(wiringType: number): WiringKind {
  const kind = typeof wiringType === 'number' ? wiringKindOf(wiringType, 1) : undefined;
  if (kind === undefined) throw new RangeError(`wiringType must be 0 to 5, got ${wiringType}`);
  return kind;
}

/**
 * Applies a partial update and returns a fresh, checked config. Throws
 * RangeError rather than clamping: a bad value here is a caller bug, and
 * silently reading a different meter than configured would hide it.
 */
export function mergeMeterConfig(base: MeterConfig, patch: Partial<MeterConfig>): MeterConfig {
  const next: MeterConfig = {
    wiringType: patch.wiringType ?? base.wiringType,
    ratedVoltage: patch.ratedVoltage ?? base.ratedVoltage,
    ctFullScale: [...(patch.ctFullScale ?? base.ctFullScale)],
    seed: patch.seed ?? base.seed,
    timeZone: checkZone(patch.timeZone ?? base.timeZone ?? 0),
  };
  wiringKindFor(next.wiringType);
  if (!Number.isFinite(next.ratedVoltage) || next.ratedVoltage <= 0) {
    throw new RangeError(`ratedVoltage must be a positive number, got ${next.ratedVoltage}`);
  }
  if (next.ctFullScale.length !== CHANNEL_COUNT || next.ctFullScale.some((a) => !Number.isFinite(a) || a <= 0)) {
    throw new RangeError(`ctFullScale must hold ${CHANNEL_COUNT} positive numbers`);
  }
  if (!Number.isSafeInteger(next.seed)) {
    throw new RangeError(`seed must be an integer, got ${next.seed}`);
  }
  return next;
}
