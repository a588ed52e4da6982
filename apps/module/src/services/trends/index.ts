export { TrendService, type TrendServiceOptions } from './trend-service.ts';
export { registerEnergy, registerHarmonics, type EnergySource, type HarmonicsSource } from './sources.ts';
export { backfillTrends, type BackfillOptions, type BackfillResult } from './backfill.ts';
export { TrendRefusal } from './export/exports.ts';
export { RETENTION } from './retention.ts';
export type { QueryAnswer } from './query-thread.ts';
