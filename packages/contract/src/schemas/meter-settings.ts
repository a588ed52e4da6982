/**
 * Meter settings (001 §3, §5): schema FACTORIES of the device context, so the console's forms and
 * the module's PUT handlers validate with the same rules and messages under the same device state.
 */
export { sameValue } from './meter-settings/helpers.ts';
export * from './meter-settings/labels.ts';
export * from './meter-settings/general.ts';
export * from './meter-settings/alarm.ts';
export * from './meter-settings/io.ts';
export * from './meter-settings/user-ct.ts';
export * from './meter-settings/password.ts';
