export * from './constants.ts';
export * from './logs.ts';
export * from './trend.ts';
export * from './meter-settings.ts';
export * from './maintenance.ts';
export * from './config-backup.ts';
export * from './posting.ts';
export * from './data-log.ts';
