export * from './section.ts';
export * from './meter.ts';
export * from './users.ts';
export * from './maintenance.ts';
export * from './posting.ts';
export * from './data-log.ts';
export * from './date-time.ts';
export * from './whitelist.ts';
