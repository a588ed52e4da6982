/**
 * Meter settings (001 §3, §5): schema FACTORIES of the device context, so the console's forms and
 * the module's PUT handlers validate with the same rules and messages under the same device state.
 */
export { sameValue } from '../../rules/checks.ts';
export * from './labels.ts';
export * from './general.ts';
export * from './alarm.ts';
export * from './io.ts';
export * from './user-ct.ts';
export * from './password.ts';
export * from './sections.ts';
export * from './meter-connection.ts';
export * from './endpoints.ts';
