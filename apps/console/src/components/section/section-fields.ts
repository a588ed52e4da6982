/** A section's form fields, derived from its schema's field meta (pure; unit-tested). */
import { fieldHelp, schemaFields, type SchemaField } from '@meter/contract';
import type { FieldDef } from '../form/field-layout.ts';
import type { FieldName, ObjectSchema } from '../form/use-settings-form.ts';

/** The drawn field of a schema field: label, input, options and hint from the meta; sealed means disabled. */
export function fieldDefOf(field: SchemaField): FieldDef {
  return {
    name: field.name,
    label: field.label,
    kind: field.secret ? 'password' : (field.kind ?? 'text'),
    ...(field.options ? { options: field.options } : {}),
    ...(fieldHelp(field) !== undefined ? { help: fieldHelp(field) } : {}),
    ...(field.unit ? { unit: field.unit } : {}),
    ...(field.description ? { description: field.description } : {}),
    ...(field.checkboxValues ? { checkboxValues: field.checkboxValues } : {}),
    ...(field.groupValue ? { groupValue: field.groupValue } : {}),
    ...(field.sealed ? { disabled: true } : {}),
    ...(field.suggestions ? { suggestions: field.suggestions } : {}),
  };
}

/** The top-level keys whose value is an object of several fields (rows such as di1Config). */
export const nestedKeys = (fields: readonly SchemaField[]): string[] => [...new Set(fields.filter((f) => f.path.length > 1).flatMap((f) => f.path.slice(0, 1)))];

/** The drawn fields of a flat object schema (a form that is no section, like the meter password). */
export function schemaFieldDefs<S extends ObjectSchema>(schema: S): FieldDef<FieldName<S>>[] {
  // A flat schema's field names are its keys: the names schemaFields gives are FieldName<S>.
  return schemaFields(schema).map(fieldDefOf) as FieldDef<FieldName<S>>[];
}
