/**
 * Conversions between the values a screen loads (typed, as the schema wants them) and what the
 * inputs hold (text, or a checkbox's state). Pure, so they are unit-tested.
 */
import { checkedOptions } from '@meter/contract';
import type { FieldDef, FormValues } from './field-layout.ts';

/** Plain decimal notation only: '0x10' or '1e3' stay text, so the schema says what is wrong with them. */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The input's content for a loaded value. */
export function toInputValue(def: FieldDef, value: unknown): string | boolean | string[] {
  if (def.kind === 'checkbox') return Object.is(value, def.checkboxValues?.[1] ?? true);
  if (def.kind === 'checkboxGroup') return checkedOptions(def, value).map((o) => String(o.value));
  return value === undefined || value === null ? '' : String(value);
}

export function toFormValues(fields: readonly FieldDef[], values: Readonly<Record<string, unknown>>): FormValues {
  return Object.fromEntries(fields.map((def) => [def.name, toInputValue(def, values[def.name])]));
}

/**
 * The value the schema validates for an input's content. An empty number or choice becomes
 * undefined, so the schema answers with its required message ("Please provide {label}") rather
 * than a type error; text that is no number stays text, so it gets the integer/decimal message.
 */
export function fromInputValue(def: FieldDef, input: unknown): unknown {
  switch (def.kind) {
    case 'checkbox': {
      const [off, on] = def.checkboxValues ?? [false, true];
      return input === true ? on : off;
    }
    case 'checkboxGroup': {
      const checked = new Set(Array.isArray(input) ? input.map(String) : []);
      // In option order, so ticking 3 then 1 saves the same list as loading [1, 3].
      const values = (def.options ?? []).filter((o) => checked.has(String(o.value))).map((o) => o.value);
      return def.groupValue === 'mask' ? values.reduce<number>((sum, v) => sum + Number(v), 0) : values;
    }
    case 'number': {
      const text = String(input ?? '').trim();
      if (text === '') return undefined;
      return DECIMAL_TEXT.test(text) ? Number(text) : text;
    }
    case 'select':
    case 'radio': {
      const text = String(input ?? '');
      if (text === '') return undefined;
      // Inputs hold option values as text; the schema wants the option's own (often numeric) value.
      const option = def.options?.find((o) => String(o.value) === text);
      return option ? option.value : text;
    }
    default:
      return typeof input === 'string' ? input : String(input ?? '');
  }
}

/**
 * The object to validate and send: the loaded values with the edited fields converted on top.
 * Settings PUTs send the whole section (002 §7.1), so fields outside the layout keep their values.
 */
export function toSchemaValues(fields: readonly FieldDef[], form: Readonly<Record<string, unknown>>, baseline: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...baseline };
  for (const def of fields) out[def.name] = fromInputValue(def, form[def.name]);
  return out;
}
