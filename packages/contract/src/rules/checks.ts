/** Building blocks of the area schemas: sealed fields, conditional rules (and the option select). */
import { z } from 'zod';
import { sealedStandIn } from './field-meta.ts';

export { select } from './fields.ts';

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
