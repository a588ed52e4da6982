/**
 * About › Installation Record › New Installation Record (000 §2): client, installation, device
 * (the device's own facts as it reports them now, the nominal values typed in), the CT rows of
 * its wiring and the communication info; Back and Save. Save replaces each record section.
 */
import {
  CT_EDIT_KEYS,
  clientInfo,
  commInstall,
  ctFieldName,
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
import { useId, useMemo } from 'react';
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
import { schemaFieldDefs } from '../../components/section/section-fields.ts';
import { FieldCell } from '../../components/section/field-cell.tsx';
import { Loading } from '../../components/loading.tsx';
import { KeyValueTable } from '../../components/key-value-table.tsx';
import { saveRecordSections } from './save-record-sections.ts';
import { useInstallationRecord, useRecordDeviceStatus } from './use-records.ts';

const RECORD_PATH = '/about/installation_record';
const NOMINAL_KEYS = ['nominalVoltage', 'nominalCurrent', 'nominalFrequency', 'pulseConstant'];
const CT_HEADERS: Record<(typeof CT_EDIT_KEYS)[number], string> = {
  colorCode: 'Colour Code',
  ctModel: 'CT Model',
  ctSerialNumber: 'CT Serial Number',
  ctRatio: 'CT Ratio',
  panelDescription: 'Panel Description',
};

function FieldCard({ title, names, state, formId, children }: { title: string; names: readonly string[]; state: SettingsFormState; formId: string; children?: React.ReactNode }) {
  const defOf = fieldLookup(state.fields);
  return (
    <Card className="mb-3">
      <Card.Header as="h2" className="h6 mb-0">
        {title}
      </Card.Header>
      <Card.Body className="row">
        {children}
        {names.map((n) => {
          const def = defOf(n);
          const id = fieldId(formId, n);
          return (
            <Form.Group key={n} className="mb-3 col-md-6 col-lg-4">
              {def.kind === 'checkbox' ? (
                <FieldControl state={state} def={def} id={id} checkLabel />
              ) : (
                <>
                  <FieldLabel def={def} id={id} changed={state.changed.has(n)} className="mb-1" />
                  <FieldControl state={state} def={def} id={id} />
                </>
              )}
            </Form.Group>
          );
        })}
      </Card.Body>
    </Card>
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
  // Each CT input's label names its input, so a screen reader tells the rows apart.
  const fields = useMemo<FieldDef[]>(
    () => schemaFieldDefs(schema).map((f) => (f.name.startsWith('ct') && f.name.includes('__') ? { ...f, label: `${f.label} ${f.name.slice(2, f.name.indexOf('__'))}` } : f)),
    [schema],
  );
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
  const defOf = fieldLookup(state.fields);
  return (
    <SaveForm state={state} label={t.installationTitle}>
      <FieldCard title={t.clientInformation} names={Object.keys(clientInfo.shape)} state={state} formId={formId} />
      <FieldCard title={t.installationInformation} names={Object.keys(installInfo.shape)} state={state} formId={formId} />
      <FieldCard title={t.deviceInformation} names={NOMINAL_KEYS} state={state} formId={formId}>
        <div className="col-12">
          <KeyValueTable title="" rows={facts} />
        </div>
      </FieldCard>
      <section className="mb-3">
        <h2 className="h6">{t.ctInstallationTable}</h2>
        <Table bordered size="sm" responsive className="align-middle">
          <caption className="visually-hidden">{t.ctInstallationTable}</caption>
          <thead>
            <tr>
              <th scope="col">Input</th>
              <th scope="col">User Channel</th>
              <th scope="col">Phase</th>
              {CT_EDIT_KEYS.map((k) => (
                <th key={k} scope="col" style={{ minWidth: '8rem' }}>
                  {CT_HEADERS[k]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {slots.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.id}</th>
                <td>{s.userChannel}</td>
                <td>{s.phase}</td>
                {CT_EDIT_KEYS.map((k) => (
                  <FieldCell key={k} state={state} formId={formId} def={defOf(ctFieldName(s.id, k))} />
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      <FieldCard title={t.communicationInformation} names={Object.keys(commInstall.shape)} state={state} formId={formId} />
      <div className="d-flex gap-2 mb-4">
        <Button variant="secondary" onClick={back}>
          {t.back}
        </Button>
        <SaveButton readOnly={state.readOnly} saving={state.saving} />
      </div>
    </SaveForm>
  );
}

export default function InstallationEdit() {
  const record = useInstallationRecord();
  const device = useRecordDeviceStatus();
  if (!record.data || !device.data) return <Loading />;
  return <EditForm record={record.data} device={device.data} />;
}
