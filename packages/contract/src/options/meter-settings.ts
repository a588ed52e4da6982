/** Option lists and constants of the meter settings (001 §3, §4), as pure functions of the device context (meter-state/). */
export * from './meter-settings/wiring.ts';
export * from './meter-settings/general.ts';
export * from './meter-settings/io.ts';
export * from './meter-settings/alarm.ts';
