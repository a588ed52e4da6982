/**
 * The 'changed' entry of a section save: each changed field as 'Label before → after', by the
 * labels and option labels the form shows, so the module event log reads like the screen.
 */
import { checkedOptions, sameValue, schemaFields, sectionTexts, type SchemaField } from '@meter/contract';
import type { z } from 'zod';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { valueAt } from './document.ts';

function shown(field: SchemaField, value: unknown): string {
  if (field.secret) return sectionTexts.secretValue;
  // A mask or list of checkboxes reads as the names of what is ticked, like the screen.
  if (field.kind === 'checkboxGroup')
    return `[${checkedOptions(field, value)
      .map((o) => o.label)
      .join(', ')}]`;
  const option = field.options?.find((o) => o.value === value);
  if (option) return option.label;
  // Text in quotes: an empty name or one with spaces stays readable between the arrows.
  if (typeof value === 'string' || (typeof value === 'object' && value !== null)) return JSON.stringify(value);
  return String(value);
}

/** One 'Label before → after' per leaf field whose value differs, in the schema's order. */
export function changeList(fields: readonly SchemaField[], before: unknown, next: unknown): string[] {
  return fields.flatMap((field) => {
    const a = valueAt(before, field.path);
    const b = valueAt(next, field.path);
    return sameValue(a, b) ? [] : [`${field.label} ${shown(field, a)} → ${shown(field, b)}`];
  });
}

/**
 * The audit entry of a save that is not a section (a user's role, a role's rights, the general
 * user settings): '{title} changed: …' by `user` when anything changed, as a section save writes it.
 */
export function auditChanges(events: ModuleEventLog, title: string, schema: z.ZodType, before: unknown, next: unknown, user: string): void {
  const changes = changeList(schemaFields(schema), before, next);
  if (changes.length > 0) events.write('Info', sectionTexts.changed(title, changes.join('; ')), user);
}
