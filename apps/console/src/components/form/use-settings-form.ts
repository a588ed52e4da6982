/**
 * One config section bound to one contract schema (conventions habit 5; 002 §1 "Every form
 * behaves the same way"): react-hook-form validated by the schema the module validates with,
 * changed marks against the loaded values, "Nothing to save.", the unsaved-change guard, read-only
 * mode without write permission (the guard itself is mounted once, by the layout: see
 * use-unsaved-guard.ts), and after a save the new baseline, the success alert and, when
 * asked, the reboot prompt.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver, type ResolverOptions, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { shellTexts } from '@meter/contract';
import { showAlert } from '../../lib/alerts.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { registerDirtyCheck } from '../../lib/unsaved-changes.ts';
import { openRebootModal } from '../reboot-modal.ts';
import { changedFields } from './changed-fields.ts';
import type { FieldDef, FormValues } from './field-layout.ts';
import { toFormValues, toSchemaValues } from './form-values.ts';
import { reportSaveFailure } from './save-failure.ts';

export type ObjectSchema = z.ZodType<Record<string, unknown>>;
/** A schema whose fields are only known at run time (built from a layout): any string names a field. */
export type FlatSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;
export type FieldName<S extends ObjectSchema> = keyof z.input<S> & string;
type Loaded = Readonly<Record<string, unknown>>;

export interface SettingsFormOptions<S extends ObjectSchema> {
  /** The contract schema of the section: the same one the module checks the body with. */
  schema: S;
  /** The loaded values: the baseline for the changed marks and the body fields outside the layout. */
  values: Loaded;
  fields: readonly FieldDef<FieldName<S>>[];
  /**
   * Makes the call (with `suppress: true`); a rejection is reported by the form. `baseline` is the
   * loaded values object the edits started from (a section saves against its revision).
   */
  onSave: (values: z.output<S>, baseline: Loaded) => Promise<unknown>;
  successMessage: string | ((values: z.output<S>) => string);
  /** The danger alert of a refused save when the spec names one ("Firmware server url change failed"); else the module's reply. */
  failureMessage?: string;
  /** The section takes effect after a restart: offer the reboot prompt (000 §4). */
  reboot?: boolean;
  /** Defaults to "no write permission on this route" (002 §6). */
  readOnly?: boolean;
  /** false: saving validates even when nothing changed (a form that starts empty, like a password). */
  requireChange?: boolean;
  /** Reply field names that differ from the form's (server key → field). */
  errorAliases?: Readonly<Record<string, FieldName<S>>>;
  /** After the success alert (leave the page, end the session ...). */
  afterSave?: (values: z.output<S>) => void;
}

export interface SettingsFormState {
  form: UseFormReturn<FormValues, unknown, Record<string, unknown>>;
  fields: readonly FieldDef[];
  changed: ReadonlySet<string>;
  readOnly: boolean;
  saving: boolean;
  save: () => Promise<void>;
  /** Back to the loaded values (the baseline), dropping every edit. */
  discard: () => void;
}

type Output = Record<string, unknown>;

/** The schema's resolver, fed the converted values (numbers as numbers, empty as undefined). */
function schemaResolver(schema: ObjectSchema, fields: readonly FieldDef[], baseline: { current: Loaded }): Resolver<FormValues, unknown, Output> {
  const inner = zodResolver(schema as z.ZodType<Output, Output>);
  // The errors are keyed by the schema's field names, which are the form's: only the value types differ.
  return (values, context, options) =>
    inner(toSchemaValues(fields, values, baseline.current), context, options as ResolverOptions<Output>) as ReturnType<Resolver<FormValues, unknown, Output>>;
}

export function useSettingsForm<S extends ObjectSchema>(opts: SettingsFormOptions<S>): SettingsFormState {
  const { schema, values, fields, requireChange = true } = opts;
  const canWrite = useCanWriteHere();
  const readOnly = opts.readOnly ?? !canWrite;
  const baseline = useRef<Loaded>(values);
  const loaded = useRef<Loaded>(values);
  const latest = useRef(opts);
  useLayoutEffect(() => {
    latest.current = opts;
  });

  // The resolver reads the baseline when the form validates (an event), never while rendering.
  // eslint-disable-next-line react-hooks/refs
  const resolver = useMemo(() => schemaResolver(schema, fields, baseline), [schema, fields]);
  const form = useForm<FormValues, unknown, Output>({ resolver, defaultValues: toFormValues(fields, values) });
  const watched = useWatch({ control: form.control });
  // Every baseline change is followed by form.reset, which renders again: this read is never stale.
  // eslint-disable-next-line react-hooks/refs
  const changed = new Set(changedFields(fields, baseline.current, { ...form.getValues(), ...watched }));

  const isDirty = useCallback(() => !readOnly && changedFields(fields, baseline.current, form.getValues()).length > 0, [fields, form, readOnly]);
  // The guard in the layout asks every mounted form (000 §4).
  useEffect(() => registerDirtyCheck(isDirty), [isDirty]);

  // New loaded values (a refetch) become the baseline, unless they would wipe the user's edits.
  useEffect(() => {
    if (values === loaded.current) return;
    loaded.current = values;
    if (isDirty()) return;
    baseline.current = values;
    form.reset(toFormValues(fields, values));
  }, [values, fields, form, isDirty]);

  const save = useCallback(async () => {
    if (readOnly) return;
    if (requireChange && !isDirty()) {
      showAlert({ type: 'info', message: shellTexts.nothingToSave });
      return;
    }
    const names: readonly string[] = fields.map((f) => f.name);
    const onValid = async (out: Output) => {
      const o = latest.current;
      const saved = out as z.output<S>;
      try {
        await o.onSave(saved, baseline.current);
      } catch (e) {
        const byField = reportSaveFailure(e, names, o.errorAliases, o.failureMessage);
        for (const [name, message] of Object.entries(byField)) form.setError(name, { type: 'server', message });
        return;
      }
      baseline.current = { ...baseline.current, ...out };
      form.reset(toFormValues(fields, baseline.current));
      showAlert({ type: 'success', message: typeof o.successMessage === 'function' ? o.successMessage(saved) : o.successMessage });
      if (o.reboot) openRebootModal();
      o.afterSave?.(saved);
    };
    // A message for a field the layout does not show would otherwise fail the save silently.
    const onInvalid = (errors: FieldErrors<FormValues>) => {
      const stray = Object.entries(errors).find(([name]) => !names.includes(name));
      const message = stray?.[1]?.message;
      if (typeof message === 'string') showAlert({ type: 'danger', message });
    };
    await form.handleSubmit(onValid, onInvalid)();
  }, [readOnly, requireChange, isDirty, fields, form]);

  const discard = useCallback(() => form.reset(toFormValues(fields, baseline.current)), [fields, form]);

  return { form, fields, changed, readOnly, saving: form.formState.isSubmitting, save, discard };
}
