/** Building blocks of the meter settings schemas: option selects, sealed fields, conditional rules. */
import { z } from 'zod';
import { namedRuleMessages as n } from '../../messages.ts';
import { int } from '../../rules/fields.ts';
import { withMeta, sealedStandIn } from '../../rules/field-meta.ts';
import type { Checker } from '../../rules/validators.ts';
import type { SelectOption } from '../../options/meter-settings/context.ts';

/** A required integer that must be one of the options ("Please provide X", "X must be an integer", "X must be one of the listed options"). */
export function select(label: string, options: readonly SelectOption[] | readonly number[]) {
  const values = options.map((o) => (typeof o === 'number' ? o : o.value));
  const labelled = options.map((o) => (typeof o === 'number' ? { value: o, label: String(o) } : { value: o.value, label: o.label }));
  return withMeta(int(label, ((v: number) => (values.includes(v) ? undefined : n.oneOf(label))) as Checker<number>), { kind: 'select', options: labelled });
}

/**
 * 001 §5: "Seal-protected fields are not validated when sealed". A sealed field accepts anything
 * here; the module compares it with the stored value and refuses a change (typed as the field).
 */
export function sealable<S extends z.ZodType>(schema: S, sealed: boolean): S {
  return (sealed ? sealedStandIn(schema) : schema) as S;
}

/** Runs a field schema inside an object refinement (rules that depend on other fields). */
export function checkField(ctx: z.RefinementCtx, path: (string | number)[], schema: z.ZodType, value: unknown): void {
  const r = schema.safeParse(value);
  if (r.success) return;
  const issue = r.error.issues[0]!;
  ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, ...issue.path] as (string | number)[] });
}

/** Deep equality of JSON values (key order does not matter). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A value the screen shows but this call cannot change: absent, or equal to the device's. */
export function sameAs<T>(label: string, expected: T, message: (label: string) => string) {
  return z.custom<T>((v) => v === undefined || sameValue(v, expected), { error: () => message(label) }).optional();
}

export const keysOf = (prefix: string, count: number, first = 1): string[] => Array.from({ length: count }, (_, i) => `${prefix}${i + first}`);
