/**
 * Zod field builders that carry the catalogue's messages, so one schema serves the console form
 * (through the zod resolver) and the module's body validation alike.
 *
 * Values on the wire are typed: numbers are JSON numbers, flags are booleans or 0/1 as the spec
 * says. The console's form layer turns input text into numbers before validating.
 */
import { z } from 'zod';
import { formMessages as m, namedRuleMessages as n } from '../messages.ts';
import { type Checker, type FieldRule, firstError, isEmpty, rules, withLabel } from './validators.ts';
import { withMeta } from './field-meta.ts';

function refineWith<T>(checkers: readonly Checker<T>[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    const msg = firstError(value, checkers);
    if (msg) ctx.addIssue({ code: 'custom', message: msg });
  };
}

/**
 * Required text: empty gives "Please provide {label}", then the rules in order. Rules may be given
 * without their label (`rule.maxLength(64)`): each builder passes the label it carries.
 */
export function text(label: string, ...checkers: FieldRule<string>[]) {
  const schema = z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? m.required(label) : n.string(label)) })
    .superRefine(refineWith<string>([rules.required(label) as Checker<string>, ...withLabel(label, checkers)]));
  return withMeta(schema, { label, kind: 'text' });
}

/** Optional text: may be empty; the rules apply to non-empty values only. */
export function optionalText(label: string, ...checkers: FieldRule<string>[]) {
  return withMeta(z.string({ error: () => n.string(label) }).superRefine(refineWith<string>(withLabel(label, checkers))), { label, kind: 'text' });
}

function numberError(label: string, isInt: boolean) {
  return (iss: { input?: unknown }) => (isEmpty(iss.input) ? m.required(label) : isInt ? m.integer(label) : m.decimal(label));
}

/** Required integer with optional rules (between, betweenException, ...). */
export function int(label: string, ...checkers: FieldRule<number>[]) {
  const schema = z
    .number({ error: numberError(label, true) })
    .superRefine(refineWith<number>([(v) => (Number.isSafeInteger(v) ? undefined : m.integer(label)), ...withLabel(label, checkers)]));
  return withMeta(schema, { label, kind: 'number' });
}

/** Required integer between min and max: the most common field of the spec. */
export function intBetween(label: string, min: number, max: number, ...checkers: FieldRule<number>[]) {
  return withMeta(int(label, rules.between(label, min, max) as Checker<number>, ...checkers), { min, max });
}

/** Required number (decimal allowed). */
export function num(label: string, ...checkers: FieldRule<number>[]) {
  const schema = z
    .number({ error: numberError(label, false) })
    .superRefine(refineWith<number>([(v) => (Number.isFinite(v) ? undefined : m.decimal(label)), ...withLabel(label, checkers)]));
  return withMeta(schema, { label, kind: 'number' });
}

export function bool(label: string) {
  return withMeta(z.boolean({ error: (iss) => (iss.input === undefined || iss.input === null ? m.required(label) : n.boolean(label)) }), {
    label,
    kind: 'checkbox',
    checkboxValues: [false, true],
  });
}

/** 0/1 flags, as the device stores many switches. */
export function flag(label: string) {
  return withMeta(oneOf(label, [0, 1] as const), { kind: 'checkbox', checkboxValues: [0, 1], options: undefined });
}

/** One of a fixed option list. */
export function oneOf<const T extends readonly (string | number)[]>(label: string, values: T) {
  const schema = z.custom<T[number]>((v) => values.includes(v as T[number]), {
    error: (iss) => (isEmpty(iss.input) ? m.required(label) : n.oneOf(label)),
  });
  return withMeta(schema, { label, kind: 'select', options: values.map((v) => ({ value: v, label: String(v) })) });
}

/** A strict object: unknown fields are refused, as the device would refuse them. */
export function strictObject<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? n.unknownField(iss.keys.join(', ')) : undefined),
  });
}

/** A required integer that must be one of the options ("Please provide X", "X must be an integer", "X must be one of the listed options"). */
export function select(label: string, options: readonly { value: number; label: string }[] | readonly number[]) {
  const values = options.map((o) => (typeof o === 'number' ? o : o.value));
  const labelled = options.map((o) => (typeof o === 'number' ? { value: o, label: String(o) } : { value: o.value, label: o.label }));
  return withMeta(int(label, ((v: number) => (values.includes(v) ? undefined : n.oneOf(label))) as Checker<number>), { kind: 'select', options: labelled });
}
