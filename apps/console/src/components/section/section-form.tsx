/**
 * Draws a section declaration (section-def.ts) on the form layer: cards, stacked fields, settings
 * tables and rows tables, with the declared visibility, disabled states and row-dependent
 * options resolved from the values being edited. Save is the form layer's (dirty marks, "Nothing
 * to save.", read-only, reboot prompt, server errors).
 */
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { SaveForm } from '../form/save-form.tsx';
import Table from 'react-bootstrap/Table';
import { fieldName } from '@meter/contract';
import { FormFields } from '../form/form-fields.tsx';
import type { FieldDef } from '../form/field-layout.ts';
import { toSchemaValues } from '../form/form-values.ts';
import { SaveBar } from '../form/save-bar.tsx';
import { useSettingsForm, type SettingsFormState } from '../form/use-settings-form.ts';
import { ScrollRegion } from '../scroll-region.tsx';
import { useRepeatsHeading } from '../screen-title.tsx';
import { FieldCell } from './field-cell.tsx';
import { unflatten } from './flat-values.ts';
import { placedFields, type Block, type SectionFormControls, type SectionScreenDef, type SectionValues } from './section-def.ts';
import { fieldDefOf } from './section-fields.ts';
import { useIsAdmin } from '../../lib/permissions.ts';
import type { FlatSchema, SectionState } from './use-section.ts';

export function SettingsCard({ title, bodyClassName, children }: { title: string; bodyClassName?: string; children: ReactNode }) {
  // A card named like its page (SNMP's one card) drops the header the page's heading already says.
  const repeats = useRepeatsHeading(title);
  return (
    <Card className="mb-3">
      {repeats ? (
        <h3 className="visually-hidden">{title}</h3>
      ) : (
        <Card.Header as="h3" className="h6">
          {title}
        </Card.Header>
      )}
      <Card.Body className={bodyClassName}>{children}</Card.Body>
    </Card>
  );
}

/** The form of a section: submitting saves it; the save bar (Save, Discard, changed count) below the blocks. */
export function SectionFormFrame({ state, label, children }: { state: SettingsFormState; label: string; children: ReactNode }) {
  return (
    <SaveForm state={state} label={label}>
      {children}
      <SaveBar state={state} />
    </SaveForm>
  );
}

/**
 * Runs of two or more plain cards share a row: two columns on a wide screen (xl), one below it.
 * Grids and tables keep the full width; a lone card too.
 */
function pairCards(blocks: readonly { node: ReactNode; half: boolean }[]): ReactNode[] {
  const shown = blocks.filter((b) => b.node !== null);
  const out: ReactNode[] = [];
  for (let i = 0; i < shown.length;) {
    let end = i;
    while (shown[end]?.half) end++;
    if (end - i >= 2) {
      out.push(
        <div key={`cards-${i}`} className="row align-items-start">
          {shown.slice(i, end).map((b, k) => (
            <div key={k} className="col-xl-6">
              {b.node}
            </div>
          ))}
        </div>,
      );
      i = end;
    } else {
      out.push(shown[i]?.node);
      i++;
    }
  }
  return out;
}

interface Props<C> {
  def: SectionScreenDef<C>;
  section: SectionState & { values: Readonly<Record<string, unknown>>; schema: FlatSchema };
}

const valueAt = (data: Readonly<Record<string, unknown>>, path: readonly string[]): unknown =>
  path.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), data);

function withDefault(def: FieldDef, value: unknown): FieldDef {
  if (def.kind !== 'number' || def.help === undefined || (typeof value !== 'number' && typeof value !== 'string')) return def;
  return { ...def, help: `${def.help}, default ${value}` };
}

export function SectionForm<C>({ def, section }: Props<C>) {
  const ctx = section.ctx as C;
  const placed = useMemo(() => new Set(placedFields(def.blocks)), [def.blocks]);
  const defs = useMemo(() => {
    // A section with defaults names them in each hint ('1 to 32 passwords, default 1').
    const defaults = section.section.defaults?.() as Readonly<Record<string, unknown>> | undefined;
    return section.fields.filter((f) => placed.has(f.name)).map((f) => withDefault(fieldDefOf(f), defaults && valueAt(defaults, f.path)));
  }, [section.fields, section.section, placed]);
  const byName = useMemo(() => new Map(defs.map((d) => [d.name, d])), [defs]);
  // An adminOnly section (MQTT, Meter Connection, Prometheus) is read-only for every other access level.
  const admin = useIsAdmin();
  const state = useSettingsForm({
    schema: section.schema,
    values: section.values,
    fields: defs,
    onSave: (flat, baseline) => section.save(flat, baseline),
    successMessage: def.savedMessage ?? section.section.savedMessage,
    failureMessage: def.failureMessage,
    reboot: section.section.reboot,
    readOnly: def.readOnly || (section.section.adminOnly === true && !admin) ? true : undefined,
  });
  const formId = useId();
  const { form } = state;
  const inputs = form.watch();
  const values: SectionValues = unflatten(toSchemaValues(defs, inputs, section.values));

  useEffect(() => {
    const { onChange } = def;
    if (!onChange) return;
    const sub = form.watch((v, { name, type }) => {
      if (!name || type !== 'change') return;
      const updates = onChange(name, v, ctx);
      const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
      for (const [k, x] of Object.entries(updates ?? {})) form.setValue(k, x, opts);
    });
    return () => sub.unsubscribe();
  }, [form, def, ctx]);

  /** A field as drawn now: the declared rules applied to its schema-derived definition. */
  const drawn = (name: string): FieldDef | undefined => {
    const base = byName.get(name);
    if (!base) return undefined;
    const rule = def.fields?.[name];
    if (rule?.visibleWhen && !rule.visibleWhen(values, ctx)) return undefined;
    const help = rule?.help?.(values, ctx);
    const options = rule?.options?.(values, ctx);
    const shown = { ...base, ...(help === undefined ? {} : { help }), ...(options === undefined ? {} : { options }) };
    return rule?.disabledWhen?.(values, ctx) ? { ...shown, disabled: true } : shown;
  };
  const subset = (names: readonly string[]): SettingsFormState => ({ ...state, fields: names.map(drawn).filter((d): d is FieldDef => d !== undefined) });

  const controls: SectionFormControls = {
    values,
    readOnly: state.readOnly,
    setInput: (name, value) => form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  };
  const block = (b: Block<C>, i: number): ReactNode => {
    if (b.kind !== 'table' && b.visibleWhen && !b.visibleWhen(values, ctx)) return null;
    switch (b.kind) {
      case 'card':
        return (
          <SettingsCard key={i} title={b.title} bodyClassName={b.grid ? 'row' : undefined}>
            {b.grid ? (
              b.fields.map((name) => (
                <div key={name} className={b.grid}>
                  <FormFields state={subset([name])} formId={formId} />
                </div>
              ))
            ) : (
              <FormFields state={subset(b.fields)} formId={formId} />
            )}
            {b.footer?.(controls)}
          </SettingsCard>
        );
      case 'stack':
        return <FormFields key={i} state={subset(b.fields)} formId={formId} />;
      case 'table':
        return <FormFields key={i} state={subset(b.fields)} formId={formId} layout="table" caption={b.caption} />;
      case 'rows': {
        const table = (
          <ScrollRegion label={b.title ?? b.rowHeader}>
            <Table bordered size="sm" className="align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">{b.rowHeader}</th>
                  {b.columns.map((c) => (
                    <th key={c.field} scope="col" style={c.minWidth ? { minWidth: c.minWidth } : undefined}>
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {b.rows.map((row, r) => {
                  const rowValues = (values[row] ?? {}) as SectionValues;
                  return (
                    <tr key={row}>
                      <th scope="row">{b.rowLabel(row, r)}</th>
                      {b.columns.map((c) => {
                        const base = drawn(fieldName(row, c.field));
                        if (!base) return <td key={c.field} />;
                        const options = c.options?.(rowValues, ctx, values);
                        const cell: FieldDef = {
                          ...base,
                          ...(options ? { kind: 'select', options } : {}),
                          ...(c.disabledWhen?.(rowValues, ctx, values) ? { disabled: true } : {}),
                        };
                        return <FieldCell key={c.field} state={state} formId={formId} def={cell} />;
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </ScrollRegion>
        );
        return b.title ? (
          <SettingsCard key={i} title={b.title}>
            {table}
          </SettingsCard>
        ) : (
          <div key={i}>{table}</div>
        );
      }
    }
  };

  return (
    <SectionFormFrame state={state} label={def.formLabel ?? def.section.title}>
      {pairCards(def.blocks.map((b, i) => ({ node: block(b, i), half: b.kind === 'card' && !b.grid })))}
      {def.extras?.(controls)}
    </SectionFormFrame>
  );
}
