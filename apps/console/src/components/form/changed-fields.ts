/** Which fields differ from the loaded baseline (002 §1 "flags each changed field"). Pure. */
import { sameValue } from '@meter/contract';
import type { FieldDef } from './field-layout.ts';
import { fromInputValue, toInputValue } from './form-values.ts';

/**
 * Compared as the values that would be saved: '08' against a loaded 8 is no change, and neither
 * is an empty text box against a value the device never sent. The baseline goes through the same
 * round trip as the input so both sides are normalised alike.
 */
export function changedFields(fields: readonly FieldDef[], baseline: Readonly<Record<string, unknown>>, form: Readonly<Record<string, unknown>>): string[] {
  return fields.filter((def) => !sameValue(fromInputValue(def, form[def.name]), fromInputValue(def, toInputValue(def, baseline[def.name])))).map((def) => def.name);
}
