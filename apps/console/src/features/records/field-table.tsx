/**
 * The record edit screens' tables of inputs (000 §2, §4): the CT rows of both screens and the
 * inspection's PT rows, drawn by one block. Leading columns say what a row is, each field column
 * holds one input per row, and an optional last column holds the row's Verify.
 */
import { ctChannel, ctFieldName, labelOf, metaOf } from '@meter/contract';
import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { fieldLookup, type FieldDef } from '../../components/form/field-layout.ts';
import type { SettingsFormState } from '../../components/form/use-settings-form.ts';
import { FieldCell } from '../../components/section/field-cell.tsx';

export interface FieldColumn {
  key: string;
  header: string;
  /** A measured quantity: a narrow right-aligned input under a heading that names the unit. */
  numeric?: boolean;
  minWidth?: string;
}

export interface FieldRow {
  key: string | number;
  /** The leading cells; the first is the row's header. */
  lead: readonly ReactNode[];
  /** The form field of this row in a field column. */
  field: (column: string) => string;
  /** The last column's cell. */
  end?: ReactNode;
}

interface FieldTableProps {
  title: string;
  lead: readonly string[];
  columns: readonly FieldColumn[];
  rows: readonly FieldRow[];
  /** The last column's heading, for screen readers only. */
  end?: string;
  state: SettingsFormState;
  formId: string;
}

export function FieldTable({ title, lead, columns, rows, end, state, formId }: FieldTableProps) {
  const defOf = fieldLookup(state.fields);
  return (
    <section className="mb-3">
      <h2 className="h6">{title}</h2>
      <Table bordered size="sm" responsive className="align-middle">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            {lead.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'text-end' : undefined} style={c.minWidth ? { minWidth: c.minWidth } : undefined}>
                {c.header}
              </th>
            ))}
            {end !== undefined && (
              <th scope="col">
                <span className="visually-hidden">{end}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              {r.lead.map((v, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {v}
                  </th>
                ) : (
                  <td key={i}>{v}</td>
                ),
              )}
              {columns.map((c) => (
                <FieldCell key={c.key} state={state} formId={formId} def={defOf(r.field(c.key))} numeric={c.numeric} />
              ))}
              {end !== undefined && <td>{r.end}</td>}
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

type CtKey = keyof typeof ctChannel.shape;

/** A CT column's heading: its label from the schema, with the unit of a measured quantity. */
export function ctHeader(key: CtKey): string {
  const unit = metaOf(ctChannel.shape[key])?.unit;
  return unit ? `${labelOf(ctChannel, key)} (${unit})` : labelOf(ctChannel, key);
}

/** The CT columns: text columns keep `textWidth`, numbers and the Accepted box their own width. */
export function ctColumns(keys: readonly CtKey[], textWidth: string): FieldColumn[] {
  return keys.map((key) => {
    const kind = metaOf(ctChannel.shape[key])?.kind;
    const numeric = kind === 'number';
    return { key, header: ctHeader(key), numeric, minWidth: numeric || kind === 'checkbox' ? undefined : textWidth };
  });
}

const CT_FIELD = /^ct(\d+)__(\w+)$/;

/**
 * The CT inputs' defs: each label names its column and its input, so a screen reader tells the
 * rows apart ('CT Serial Number 1'); `locked` disables an input (an Accepted row, 000 §4).
 */
export function ctFieldDefs(defs: readonly FieldDef[], locked?: (id: number, key: string) => boolean): FieldDef[] {
  return defs.map((f) => {
    const m = CT_FIELD.exec(f.name);
    if (!m) return f;
    const id = Number(m[1]);
    const key = m[2]!;
    return { ...f, label: `${key in ctChannel.shape ? ctHeader(key as CtKey) : f.label} ${id}`, ...(locked ? { disabled: locked(id, key) } : {}) };
  });
}

export interface CtRow {
  id: number;
  userChannel: number | string;
  phase: string;
}

interface CtTableProps {
  title: string;
  rows: readonly CtRow[];
  columns: readonly FieldColumn[];
  /** The last column: its heading for screen readers and its cell in each row. */
  end?: { header: string; cell: (id: number) => ReactNode };
  state: SettingsFormState;
  formId: string;
}

/** The CT rows of a record: input, user channel and phase, then one input per CT column. */
export function CtTable({ title, rows, columns, end, state, formId }: CtTableProps) {
  return (
    <FieldTable
      title={title}
      lead={[labelOf(ctChannel, 'id'), 'User Channel', labelOf(ctChannel, 'phase')]}
      columns={columns}
      rows={rows.map((r) => ({ key: r.id, lead: [r.id, r.userChannel, r.phase], field: (k) => ctFieldName(r.id, k), end: end?.cell(r.id) }))}
      end={end?.header}
      state={state}
      formId={formId}
    />
  );
}
