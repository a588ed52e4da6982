/**
 * The export both benches ask for: one day at 1 s of every real-time parameter (33 columns,
 * 86,400 rows), ending `dayEnd` (unix seconds). The trend bench runs it in-process, the load bench
 * over HTTP; one body, so their figures are of the same file.
 */
import type { ExportTrendLogBody } from '@meter/contract';

export function dayAtOneSecond(dayEnd: number): ExportTrendLogBody {
  return {
    realTimeMask: 511,
    energyMask: 0,
    demandMask: 0,
    powerQualityMask: 0,
    ioMask: 0,
    startTime: dayEnd - 86_399,
    endTime: dayEnd,
    logInterval: 13,
    logParamType: null,
    isAvgValueOn: false,
    isInstValueOn: false,
    isMaxValueOn: false,
    isMinValueOn: false,
  };
}
