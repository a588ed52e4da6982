/**
 * About › Installation Record › New Installation Record (000 §2): client, installation, device
 * (the device's own facts as it reports them now, the nominal values typed in), the CT rows of
 * its wiring and the communication info; Back and Save. Save replaces each record section.
 */
import {
  CT_EDIT_KEYS,
  clientInfo,
  commInstall,
  ctLayout,
  installInfo,
  installationBodies,
  installationForm,
  installationFormValues,
  recordTexts as t,
  wiringLabel,
  type InstallationRecordData,
  type RecordDeviceStatus,
} from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { FieldDef } from '../../components/form/field-layout.ts';
import { SaveForm } from '../../components/form/save-form.tsx';
import { useSettingsForm, type FlatSchema, type SettingsFormState } from '../../components/form/use-settings-form.ts';
import { schemaFieldDefs } from '../../components/section/section-fields.ts';
import { Loading } from '../../components/loading.tsx';
import { KeyValueTable } from '../../components/key-value-table.tsx';
import { EditActions, EditCard, EditField } from './edit-parts.tsx';
import { CtTable, ctColumns, ctFieldDefs } from './field-table.tsx';
import { saveRecordSections } from './save-record-sections.ts';
import { useInstallationRecord, useRecordDeviceStatus } from './use-records.ts';

const RECORD_PATH = '/about/installation_record';
const NOMINAL_KEYS = ['nominalVoltage', 'nominalCurrent', 'nominalFrequency', 'pulseConstant'];
const CT_COLUMNS = ctColumns(CT_EDIT_KEYS, '8rem');

function FieldCard({ title, names, state, formId, children }: { title: string; names: readonly string[]; state: SettingsFormState; formId: string; children?: ReactNode }) {
  return (
    <EditCard title={title}>
      {children}
      {names.map((n) => (
        <EditField key={n} state={state} formId={formId} name={n} className="mb-3 col-md-6 col-lg-4" />
      ))}
    </EditCard>
  );
}

function EditForm({ record, device }: { record: InstallationRecordData; device: RecordDeviceStatus }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();
  const wiring = device.wiringType;
  const schema = useMemo<FlatSchema>(() => installationForm(wiring), [wiring]);
  const values = useMemo(() => installationFormValues(record, wiring), [record, wiring]);
  const slots = useMemo(() => ctLayout(wiring), [wiring]);
  const fields = useMemo<FieldDef[]>(() => ctFieldDefs(schemaFieldDefs(schema)), [schema]);
  const back = () => void navigate(RECORD_PATH);
  const state = useSettingsForm({
    schema,
    values,
    fields,
    successMessage: t.saved,
    onSave: async (form) => {
      const b = installationBodies(form, device, record);
      await saveRecordSections(queryClient, [
        [calls.saveRecordClientInfo, b.clientInfo],
        [calls.saveRecordInstallInfo, b.installInfo],
        [calls.saveRecordDeviceInstall, b.deviceInstall],
        [calls.saveRecordCtInstall, b.ctInstall],
        [calls.saveRecordCommInstall, b.commInstall],
      ]);
    },
    // 000 §7: a successful save returns to the record view.
    afterSave: back,
  });
  const facts = [
    { label: 'Meter Model', value: device.meterModel || '-' },
    { label: 'Meter Serial Number', value: device.meterSerialNumber || '-' },
    { label: 'Ethernet 1 MAC Address', value: device.moduleEthernet0MACAddress || '-' },
    { label: 'Ethernet 2 MAC Address', value: device.moduleEthernet1MACAddress || '-' },
    { label: 'WiFi MAC Address', value: device.moduleWiFiMACAddress || '-' },
    { label: 'Meter Seal Status', value: device.meterSealStatus === 1 ? 'On' : 'Off' },
    { label: 'Wiring Type', value: wiringLabel(wiring) },
  ];
  return (
    <SaveForm state={state} label={t.installationTitle}>
      <FieldCard title={t.clientInformation} names={Object.keys(clientInfo.shape)} state={state} formId={formId} />
      <FieldCard title={t.installationInformation} names={Object.keys(installInfo.shape)} state={state} formId={formId} />
      <FieldCard title={t.deviceInformation} names={NOMINAL_KEYS} state={state} formId={formId}>
        <div className="col-12">
          <KeyValueTable title="" rows={facts} />
        </div>
      </FieldCard>
      <CtTable title={t.ctInstallationTable} rows={slots} columns={CT_COLUMNS} state={state} formId={formId} />
      <FieldCard title={t.communicationInformation} names={Object.keys(commInstall.shape)} state={state} formId={formId} />
      <EditActions state={state} onBack={back} />
    </SaveForm>
  );
}

export default function InstallationEdit() {
  const record = useInstallationRecord();
  const device = useRecordDeviceStatus();
  if (!record.data || !device.data) return <Loading />;
  return <EditForm record={record.data} device={device.data} />;
}
