/**
 * About › Inspection Record › New Inspection Record (000 §2, §4): commission and inspection,
 * the PT and CT rows with Verify → Confirm on the live values (every 3 s), Accepted locking a
 * CT row, notes and the status (free text for 'Others'); Back and Save.
 */
import {
  CT_INSPECT_KEYS,
  CT_LOCKED_KEYS,
  INSPECTION_STATUS_OTHERS,
  ctFieldName,
  ctLayout,
  inspectionBodies,
  inspectionForm,
  inspectionFormValues,
  recordTexts as t,
  type InspectionRecordData,
} from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useNavigate } from 'react-router';
import { FieldControl, fieldId } from '../../components/form/field-control.tsx';
import { FieldLabel } from '../../components/form/field-label.tsx';
import { fieldLookup, type FieldDef } from '../../components/form/field-layout.ts';
import { SaveButton } from '../../components/form/save-button.tsx';
import { SaveForm } from '../../components/form/save-form.tsx';
import { useSettingsForm, type FlatSchema, type SettingsFormState } from '../../components/form/use-settings-form.ts';
import { FieldCell } from '../../components/section/field-cell.tsx';
import { schemaFieldDefs } from '../../components/section/section-fields.ts';
import { Loading } from '../../components/loading.tsx';
import { callEndpoint } from '../../lib/api.ts';
import { saveRecordSections } from './save-record-sections.ts';
import { useInspectionRecord } from './use-records.ts';
import { VerifyButton } from './verify-button.tsx';

const RECORD_PATH = '/about/inspection_record';
const PT_ROWS = [
  ['voltageA', 'A'],
  ['voltageB', 'B'],
  ['voltageC', 'C'],
] as const;
const CT_HEADERS: Record<(typeof CT_INSPECT_KEYS)[number], string> = {
  colorCode: 'Colour Code',
  ctModel: 'CT Model',
  ctSerialNumber: 'CT Serial Number',
  current: 'Current (A)',
  activePower: 'Active Power (kW)',
  powerFactor: 'Power Factor',
  accepted: 'Accepted',
};
/** Measured quantities: right-aligned under a heading that names the unit. */
const NUMERIC_KEYS: ReadonlySet<string> = new Set(['current', 'activePower', 'powerFactor']);
const acceptedIn = (ids: readonly number[], values: Record<string, unknown>) => new Set(ids.filter((id) => values[ctFieldName(id, 'accepted')] === true));

function Field({ state, formId, name, className, extra }: { state: SettingsFormState; formId: string; name: string; className?: string; extra?: Partial<FieldDef> }) {
  const def = { ...fieldLookup(state.fields)(name), ...extra };
  const id = fieldId(formId, name);
  return (
    <Form.Group className={className ?? 'mb-3 col-md-6'}>
      <FieldLabel def={def} id={id} changed={state.changed.has(name)} className="mb-1" />
      <FieldControl state={state} def={def} id={id} />
    </Form.Group>
  );
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6 mb-0">
        {title}
      </Card.Header>
      <Card.Body className="row">{children}</Card.Body>
    </Card>
  );
}

function EditForm({ record }: { record: InspectionRecordData }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();
  const rows = record.ctInstall.ctChannels;
  const ids = useMemo(() => rows.map((c) => c.id), [rows]);
  const slots = useMemo(() => new Map(ctLayout(record.ctInstall.wiringType).map((s) => [s.id, s])), [record.ctInstall.wiringType]);
  const schema = useMemo<FlatSchema>(() => inspectionForm(ids), [ids]);
  const values = useMemo(() => inspectionFormValues(record), [record]);
  const [accepted, setAccepted] = useState(() => acceptedIn(ids, values));
  const [status, setStatus] = useState(record.commissionInfo.inspectionStatus);
  // Accepted locks its row's identification (000 §4); the row names its input for screen readers.
  const fields = useMemo<FieldDef[]>(
    () =>
      schemaFieldDefs(schema).map((f) => {
        const m = /^ct(\d+)__(\w+)$/.exec(f.name);
        if (!m) return f;
        const id = Number(m[1]);
        return {
          ...f,
          label: `${CT_HEADERS[m[2] as keyof typeof CT_HEADERS] ?? f.label} ${id}`,
          disabled: accepted.has(id) && m[2] !== undefined && (CT_LOCKED_KEYS as readonly string[]).includes(m[2]),
        };
      }),
    [schema, accepted],
  );
  const back = () => void navigate(RECORD_PATH);
  const state = useSettingsForm({
    schema,
    values,
    fields,
    successMessage: t.saved,
    onSave: async (form) => {
      const b = inspectionBodies(form, record);
      await saveRecordSections(queryClient, [
        [calls.saveRecordCommissionInfo, b.commissionInfo],
        [calls.saveRecordPtRecord, b.ptRecord],
        [calls.saveRecordCtInstall, b.ctInstall],
      ]);
    },
    afterSave: back,
  });
  const { form } = state;
  useEffect(() => {
    const sub = form.watch((v, { name }) => {
      if (name?.endsWith('__accepted')) setAccepted(acceptedIn(ids, v as Record<string, unknown>));
      if (name === 'inspectionStatus') setStatus(Number(v.inspectionStatus));
    });
    return () => sub.unsubscribe();
  }, [form, ids]);

  const set = (name: string, value: number) => form.setValue(name, String(value), { shouldDirty: true });
  const readPt = (key: (typeof PT_ROWS)[number][0]) => async () => {
    const live = await callEndpoint(calls.recordPtValue, { suppress: true });
    set(key, live[key]);
  };
  const readCt = (id: number) => async () => {
    const live = await callEndpoint(calls.recordCtStatus, { suppress: true });
    const row = live.ctChannels.find((c) => c.id === id);
    if (!row) throw new Error(`no live values for input ${id}`);
    set(ctFieldName(id, 'current'), row.current);
    set(ctFieldName(id, 'activePower'), row.activePower);
    set(ctFieldName(id, 'powerFactor'), row.powerFactor);
  };
  const defOf = fieldLookup(state.fields);

  return (
    <SaveForm state={state} label={t.inspectionTitle}>
      <Titled title={t.commissionInformation}>
        <Field state={state} formId={formId} name="commissionDate" />
        <Field state={state} formId={formId} name="commissioner" />
      </Titled>
      <Titled title={t.inspectionInformation}>
        <Field state={state} formId={formId} name="inspectionDate" />
        <Field state={state} formId={formId} name="inspector" />
      </Titled>
      <section className="mb-3">
        <h2 className="h6">{t.ptInspectionTable}</h2>
        <Table bordered size="sm" responsive className="align-middle">
          <caption className="visually-hidden">{t.ptInspectionTable}</caption>
          <thead>
            <tr>
              <th scope="col">Phase</th>
              <th scope="col" className="text-end">
                Voltage (V)
              </th>
              <th scope="col">
                <span className="visually-hidden">Verify</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {PT_ROWS.map(([key, phase]) => (
              <tr key={key}>
                <th scope="row">{phase}</th>
                <FieldCell state={state} formId={formId} def={defOf(key)} numeric />
                <td>
                  <VerifyButton read={readPt(key)} disabled={state.readOnly} label={`Phase ${phase}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      <section className="mb-3">
        <h2 className="h6">{t.ctInspectionTable}</h2>
        <Table bordered size="sm" responsive className="align-middle">
          <caption className="visually-hidden">{t.ctInspectionTable}</caption>
          <thead>
            <tr>
              <th scope="col">Input</th>
              <th scope="col">User Channel</th>
              <th scope="col">Phase</th>
              {CT_INSPECT_KEYS.map((k) => (
                <th key={k} scope="col" className={NUMERIC_KEYS.has(k) ? 'text-end' : undefined} style={{ minWidth: k === 'accepted' || NUMERIC_KEYS.has(k) ? undefined : '6.5rem' }}>
                  {CT_HEADERS[k]}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Verify</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id}>
                <th scope="row">{c.id}</th>
                <td>{slots.get(c.id)?.userChannel ?? '-'}</td>
                <td>{c.phase}</td>
                {CT_INSPECT_KEYS.map((k) => (
                  <FieldCell key={k} state={state} formId={formId} def={defOf(ctFieldName(c.id, k))} numeric={NUMERIC_KEYS.has(k)} />
                ))}
                <td>
                  {/* Remounted when Accepted changes: ticking it stops the polling and shows Verify again. */}
                  <VerifyButton key={String(accepted.has(c.id))} read={readCt(c.id)} disabled={state.readOnly || accepted.has(c.id)} label={`Input ${c.id}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      <Titled title={t.inspectionNotes}>
        <Field state={state} formId={formId} name="inspectionNotes" className="mb-3 col-12" />
      </Titled>
      <Titled title={t.inspectionStatus}>
        <Field state={state} formId={formId} name="inspectionStatus" />
        {status === INSPECTION_STATUS_OTHERS && <Field state={state} formId={formId} name="inspectionStatusOthers" extra={{ label: 'Others', placeholder: t.othersPlaceholder }} />}
      </Titled>
      <div className="d-flex gap-2 mb-4">
        <Button variant="secondary" onClick={back}>
          {t.back}
        </Button>
        <SaveButton readOnly={state.readOnly} saving={state.saving} />
      </div>
    </SaveForm>
  );
}

export default function InspectionEdit() {
  const record = useInspectionRecord();
  if (!record.data) return <Loading />;
  return <EditForm record={record.data} />;
}
