export * from './constants.ts';
export * from './logs.ts';
export * from './trend.ts';
export * from './meter-settings.ts';
export * from './mqtt.ts';
