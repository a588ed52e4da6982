/** What the meter's state decides (001 §1, §3, §4): the device context, firmware thresholds, the seal. */
export * from './context.ts';
export * from './firmware.ts';
export * from './seal.ts';
