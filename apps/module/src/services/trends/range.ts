/**
 * getLogMaxMin (001 §3): for each log type, the first and last day that hold data, min snapped to
 * the start of its day and max to the end (last second) of its day, in the device zone, unix
 * seconds. A type with no data answers 0 and 0. Power quality (voltage THD) lives in the
 * real-time rows, so it shares their range; demand and DI counters are not recorded in the
 * trend store (see docs/decisions/trends-store-and-api.md), so they stay 0.
 */
import { endOfLocalDay, startOfLocalDay, type TrendLogRange } from '@meter/contract';
import type { ZoneClock } from './buckets.ts';
import type { EnergyStore } from './energy-store.ts';
import type { RealtimeStore } from './realtime-store.ts';

export function trendLogRange(realtime: RealtimeStore, energy: EnergyStore, clock: ZoneClock): TrendLogRange {
  const zone = clock.refresh();
  const snap = (first: number | undefined, last: number | undefined): [number, number] =>
    first === undefined || last === undefined ? [0, 0] : [startOfLocalDay(zone, first), endOfLocalDay(zone, last)];
  const [realTimeMin, realTimeMax] = snap(realtime.firstSecond(), realtime.lastSecond());
  const days = energy.dayRange();
  const [energyMin, energyMax] = snap(days?.first, days?.last);
  return {
    realTimeMin,
    realTimeMax,
    energyMin,
    energyMax,
    demandMin: 0,
    demandMax: 0,
    powerQualityMin: realTimeMin,
    powerQualityMax: realTimeMax,
    ioMin: 0,
    ioMax: 0,
  };
}
