/**
 * The field a form draws (LuCI's Option, as data): which schema field, how it is labelled and
 * which input draws it. Section screens derive them from the schema's field meta
 * (components/section/section-fields.ts), so labels, options and ranges are never retyped.
 */
import type { FieldKind, FieldOption, OptionValue } from '@meter/contract';

export type { FieldKind, FieldOption, OptionValue };

export interface FieldDef<N extends string = string> {
  name: N;
  label: string;
  kind: FieldKind;
  /** select and radio. */
  options?: readonly FieldOption[];
  /** A hint line under the input (range, unit, default). */
  help?: string;
  /** Shown as the input's suffix ('s', 'kW'). */
  unit?: string;
  /** What the setting means. */
  description?: string;
  /** checkboxGroup: 'mask' sums the checked option values into one number, 'list' keeps them as an array. */
  groupValue?: 'mask' | 'list';
  /** checkbox: the values stored when unchecked and checked; the device keeps many switches as 0/1. */
  checkboxValues?: readonly [off: OptionValue, on: OptionValue];
  placeholder?: string;
  autoComplete?: string;
  /** Shown but never edited (the user name on a password screen). */
  readOnly?: boolean;
  /** Shown but disabled (a sealed setting, or one a sibling's value turns off). */
  disabled?: boolean;
  /** text: values offered while typing (a datalist), e.g. the IANA time zones. */
  suggestions?: readonly string[];
  /**
   * Rules the typed value must meet, drawn under the input and ticked while typing (a password
   * policy's checklist). Given the form's values; an empty list draws an empty list.
   */
  checklist?: (values: Readonly<Record<string, unknown>>) => readonly ChecklistLine[];
  /** The checklist's name (a visually hidden heading for it). */
  checklistLabel?: string;
}

/** A form's field definitions by name: a name the form does not have is a slip of the screen's code, so it throws. */
export function fieldLookup(fields: readonly FieldDef[]): (name: string) => FieldDef {
  const defs = new Map(fields.map((f) => [f.name, f]));
  return (name) => {
    const def = defs.get(name);
    if (!def) throw new Error(`the form has no field ${name}`);
    return def;
  };
}

export interface ChecklistLine {
  text: string;
  met: boolean;
}

/** What react-hook-form holds: the text of each input, a checkbox's state, or a checkbox group's checked option values (as text). */
export type FormValues = Record<string, string | boolean | string[]>;
