/** Option lists, constants and rules of the meter settings (001 §3, §4), as pure functions of the device context. */
export * from './meter-settings/context.ts';
export * from './meter-settings/firmware.ts';
export * from './meter-settings/wiring.ts';
export * from './meter-settings/general.ts';
export * from './meter-settings/io.ts';
export * from './meter-settings/alarm.ts';
export * from './meter-settings/seal.ts';
