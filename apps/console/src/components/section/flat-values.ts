/**
 * The form layer edits flat fields (named by the contract's `fieldName`: `di1Config__type`); some sections hold nested rows (userId1.channel,
 * di1Config.type ...). A flat schema that validates with the contract's own schema on the nested
 * object, and reports each issue under the flat field of its path, so messages match the module's.
 */
import { z } from 'zod';
import { FIELD_PATH_SEPARATOR as SEP, fieldName } from '@meter/contract';

export interface FlatMapping {
  /** Flat form values → the section body. */
  toNested: (flat: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /** An issue path of the nested schema → the flat field name. */
  fieldOf: (path: readonly PropertyKey[]) => string;
}

export function flatSchema(nested: z.ZodType, mapping: FlatMapping, secrets: ReadonlySet<string> = new Set()) {
  return z.looseObject({}).superRefine((flat, c) => {
    const r = nested.safeParse(mapping.toNested(flat));
    if (r.success) return;
    for (const issue of r.error.issues) {
      const field = mapping.fieldOf(issue.path);
      // A secret left blank keeps the stored one, which only the module knows: it judges that one.
      if (secrets.has(field) && flat[field] === '') continue;
      c.addIssue({ code: 'custom', message: issue.message, path: [field] });
    }
  });
}

/** Flattens the objects under `keys` (recursively); other values stay as they are. */
export function flatten(data: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (prefix: string, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) walk(`${prefix}${SEP}${k}`, x);
    else out[prefix] = v;
  };
  for (const [k, v] of Object.entries(data)) {
    if (keys.includes(k)) walk(k, v);
    else out[k] = v;
  }
  return out;
}

/** The inverse of `flatten`. */
export function unflatten(flat: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(flat)) {
    const parts = k.split(SEP);
    let o = out;
    parts.slice(0, -1).forEach((p) => {
      o[p] ??= {};
      o = o[p] as Record<string, unknown>;
    });
    o[parts[parts.length - 1]!] = v;
  }
  return out;
}

export const PATH_MAPPING: FlatMapping = { toNested: unflatten, fieldOf: (path) => fieldName(...path.map(String)) };
