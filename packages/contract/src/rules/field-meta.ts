/**
 * What a form needs to draw a field, carried on the zod schema itself (a zod registry): label,
 * input kind, options, bounds, unit, help. The field builders of fields.ts fill it as they build,
 * so the console derives its inputs from the same schema the module validates with and nobody
 * types a label or a range twice. The module reads the same labels for its audit entries.
 */
import { z } from 'zod';

export type FieldKind = 'text' | 'password' | 'number' | 'checkbox' | 'select' | 'radio' | 'checkboxGroup';
export type OptionValue = string | number | boolean;

export interface FieldOption {
  value: OptionValue;
  label: string;
  disabled?: boolean;
}

export interface FieldMeta {
  label: string;
  kind?: FieldKind;
  options?: readonly FieldOption[];
  min?: number;
  max?: number;
  /** Longest text accepted. */
  maxLength?: number;
  /** Shown after the range ('10 to 400 V'). */
  unit?: string;
  /** A hint line that replaces the one derived from the bounds. */
  help?: string;
  /** What the setting means (the settings table's third column). */
  description?: string;
  /**
   * checkboxGroup: how the checked options are stored: 'mask' sums their (bit) values into one
   * number (the data log parameter masks), 'list' keeps them as an array in option order (the
   * post channels of a data log). Default 'list'.
   */
  groupValue?: 'mask' | 'list';
  /** checkbox: the values stored when unchecked and checked (many device switches are 0/1). */
  checkboxValues?: readonly [off: OptionValue, on: OptionValue];
  /** Never returned by a GET and never written to a log (passwords, keys, tokens). */
  secret?: boolean;
  /** Protected by the meter's seal under the context the schema was built with. */
  sealed?: boolean;
  /** text: values offered while typing (a searchable list, e.g. the IANA time zones); others still pass the rules. */
  suggestions?: readonly string[];
}

export const fieldMeta = z.registry<FieldMeta>();

/** The schema with meta merged into what it already carries (a new registration, same schema). */
export function withMeta<S extends z.ZodType>(schema: S, meta: Partial<FieldMeta>): S {
  const current = fieldMeta.get(schema);
  fieldMeta.remove(schema);
  fieldMeta.add(schema, { label: '', ...current, ...meta });
  return schema;
}

/** Sealed fields accept anything (the module compares them with the stored value); what they stand in for. */
const standIns = new WeakMap<z.ZodType, z.ZodType>();

/** A schema that accepts any value in place of `original`, whose fields it still lists, marked sealed. */
export function sealedStandIn(original: z.ZodType): z.ZodType {
  const any = z.any();
  standIns.set(any, original);
  return any;
}

const isStandIn = (schema: z.ZodType): boolean => standIns.has(schema);

/** Unwraps optional/nullable/default/pipe wrappers and stand-ins until a schema with meta (or none) is found. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  for (let i = 0; i < 8 && !fieldMeta.has(s); i++) {
    const original = standIns.get(s);
    if (original) {
      s = original;
      continue;
    }
    const def = (s as { _zod: { def: { innerType?: z.ZodType; in?: z.ZodType } } })._zod.def;
    const inner = def.innerType ?? def.in;
    if (!inner) break;
    s = inner;
  }
  return s;
}

export function metaOf(schema: z.ZodType): FieldMeta | undefined {
  return fieldMeta.get(unwrap(schema));
}

/** The shape of an object schema (refinements keep it), or undefined for any other schema. */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const s = unwrap(schema);
  return s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>) : undefined;
}

/** A field of a section: its path in the object and its meta. `name` joins the path with `__`. */
export interface SchemaField extends FieldMeta {
  name: string;
  path: readonly string[];
}

export const FIELD_PATH_SEPARATOR = '__';
export const fieldName = (...path: readonly (string | number)[]): string => path.join(FIELD_PATH_SEPARATOR);

/**
 * Every leaf field of an object schema, depth first in declaration order. An object without meta
 * of its own (a row such as di1Config) is walked into; one with meta is a single field.
 */
export function schemaFields(schema: z.ZodType, prefix: readonly string[] = [], sealed = false): SchemaField[] {
  const shape = shapeOf(schema);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, child]): SchemaField[] => {
    const path = [...prefix, key];
    const meta = metaOf(child);
    const childSealed = sealed || isStandIn(child);
    if (!meta && shapeOf(child)) return schemaFields(child, path, childSealed);
    return [{ label: key, ...meta, ...(childSealed ? { sealed: true } : {}), name: fieldName(...path), path }];
  });
}

/** The hint line of a field: its own help, else the range with the unit, the length limit, or the unit. */
export function fieldHelp(meta: FieldMeta): string | undefined {
  if (meta.help !== undefined) return meta.help;
  if (meta.min !== undefined && meta.max !== undefined) return `${meta.min} to ${meta.max}${meta.unit ? ` ${meta.unit}` : ''}`;
  if (meta.maxLength !== undefined) return `Up to ${meta.maxLength} characters`;
  return meta.unit;
}

/** The options a checkboxGroup value holds, in option order (a mask's set bits, or a list's members). */
export function checkedOptions(meta: Pick<FieldMeta, 'options' | 'groupValue'>, value: unknown): FieldOption[] {
  const options = meta.options ?? [];
  if (meta.groupValue === 'mask') return typeof value === 'number' ? options.filter((o) => typeof o.value === 'number' && (value & o.value) === o.value && o.value !== 0) : [];
  return Array.isArray(value) ? options.filter((o) => value.includes(o.value)) : [];
}
