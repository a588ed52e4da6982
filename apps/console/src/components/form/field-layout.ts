/**
 * The field layout a settings screen declares (LuCI's Option, as data): which schema field, how
 * it is labelled and which input draws it. Labels should be the schema's labels, so the
 * messages the resolver shows and the ones the module replies with name the same thing.
 */
export type FieldKind = 'text' | 'password' | 'number' | 'checkbox' | 'select' | 'radio';

export type OptionValue = string | number | boolean;

export interface FieldOption {
  value: OptionValue;
  label: string;
  disabled?: boolean;
}

export interface FieldDef<N extends string = string> {
  name: N;
  label: string;
  kind: FieldKind;
  /** select and radio. */
  options?: readonly FieldOption[];
  /** A hint line under the input (range, unit, default). */
  help?: string;
  /** What the setting means. */
  description?: string;
  /** checkbox: the values stored when unchecked and checked; the device keeps many switches as 0/1. */
  checkboxValues?: readonly [off: unknown, on: unknown];
  placeholder?: string;
  autoComplete?: string;
  /** Shown but never edited (the user name on a password screen). */
  readOnly?: boolean;
  /** Shown but disabled (a sealed setting, or one a sibling's value turns off). */
  disabled?: boolean;
}

/** What react-hook-form holds: the text of each input, or a checkbox's state. */
export type FormValues = Record<string, string | boolean>;
