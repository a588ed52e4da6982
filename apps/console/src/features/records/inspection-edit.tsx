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
import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FieldDef } from '../../components/form/field-layout.ts';
import { SaveForm } from '../../components/form/save-form.tsx';
import { useSettingsForm, type FlatSchema } from '../../components/form/use-settings-form.ts';
import { schemaFieldDefs } from '../../components/section/section-fields.ts';
import { Loading } from '../../components/loading.tsx';
import { callEndpoint } from '../../lib/api.ts';
import { EditActions, EditCard, EditField } from './edit-parts.tsx';
import { CtTable, FieldTable, ctColumns, ctFieldDefs, type FieldColumn } from './field-table.tsx';
import { saveRecordSections } from './save-record-sections.ts';
import { useInspectionRecord } from './use-records.ts';
import { VerifyButton } from './verify-button.tsx';

const RECORD_PATH = '/about/inspection_record';
const PT_ROWS = [
  ['voltageA', 'A'],
  ['voltageB', 'B'],
  ['voltageC', 'C'],
] as const;
const PT_COLUMNS: FieldColumn[] = [{ key: 'voltage', header: 'Voltage (V)', numeric: true }];
const CT_COLUMNS = ctColumns(CT_INSPECT_KEYS, '6.5rem');
const acceptedIn = (ids: readonly number[], values: Record<string, unknown>) => new Set(ids.filter((id) => values[ctFieldName(id, 'accepted')] === true));

function EditForm({ record }: { record: InspectionRecordData }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();
  const rows = record.ctInstall.ctChannels;
  const ids = useMemo(() => rows.map((c) => c.id), [rows]);
  const ctRows = useMemo(() => {
    const slots = new Map(ctLayout(record.ctInstall.wiringType).map((s) => [s.id, s]));
    return rows.map((c) => ({ id: c.id, userChannel: slots.get(c.id)?.userChannel ?? '-', phase: c.phase }));
  }, [rows, record.ctInstall.wiringType]);
  const schema = useMemo<FlatSchema>(() => inspectionForm(ids), [ids]);
  const values = useMemo(() => inspectionFormValues(record), [record]);
  const [accepted, setAccepted] = useState(() => acceptedIn(ids, values));
  const [status, setStatus] = useState(record.commissionInfo.inspectionStatus);
  // Accepted locks its row's identification (000 §4).
  const fields = useMemo<FieldDef[]>(
    () => ctFieldDefs(schemaFieldDefs(schema), (id, key) => accepted.has(id) && (CT_LOCKED_KEYS as readonly string[]).includes(key)),
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
  return (
    <SaveForm state={state} label={t.inspectionTitle}>
      <EditCard title={t.commissionInformation}>
        <EditField state={state} formId={formId} name="commissionDate" />
        <EditField state={state} formId={formId} name="commissioner" />
      </EditCard>
      <EditCard title={t.inspectionInformation}>
        <EditField state={state} formId={formId} name="inspectionDate" />
        <EditField state={state} formId={formId} name="inspector" />
      </EditCard>
      <FieldTable
        title={t.ptInspectionTable}
        lead={['Phase']}
        columns={PT_COLUMNS}
        rows={PT_ROWS.map(([key, phase]) => ({
          key,
          lead: [phase],
          field: () => key,
          end: <VerifyButton read={readPt(key)} disabled={state.readOnly} label={`Phase ${phase}`} />,
        }))}
        end="Verify"
        state={state}
        formId={formId}
      />
      <CtTable
        title={t.ctInspectionTable}
        rows={ctRows}
        columns={CT_COLUMNS}
        end={{
          header: 'Verify',
          // Remounted when Accepted changes: ticking it stops the polling and shows Verify again.
          cell: (id) => <VerifyButton key={String(accepted.has(id))} read={readCt(id)} disabled={state.readOnly || accepted.has(id)} label={`Input ${id}`} />,
        }}
        state={state}
        formId={formId}
      />
      <EditCard title={t.inspectionNotes}>
        <EditField state={state} formId={formId} name="inspectionNotes" className="mb-3 col-12" />
      </EditCard>
      <EditCard title={t.inspectionStatus}>
        <EditField state={state} formId={formId} name="inspectionStatus" />
        {status === INSPECTION_STATUS_OTHERS && <EditField state={state} formId={formId} name="inspectionStatusOthers" extra={{ label: 'Others', placeholder: t.othersPlaceholder }} />}
      </EditCard>
      <EditActions state={state} onBack={back} />
    </SaveForm>
  );
}

export default function InspectionEdit() {
  const record = useInspectionRecord();
  if (!record.data) return <Loading />;
  return <EditForm record={record.data} />;
}
