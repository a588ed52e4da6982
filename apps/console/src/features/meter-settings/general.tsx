/**
 * Settings › Meter › General (001 "Meter General settings", §4 visibility and seal, §5): the
 * cards of settings/meter in one form (the Optional Seal Configuration flags included, flattened
 * like the nested rows of the other sections), and the Meter Password card as its own form.
 * Saved without a reboot prompt ('Meter config saved').
 */
import { useEffect, useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  BAUD_OPTIONS,
  DI_SYNC_SOURCE_OPTIONS,
  DI_TRIGGER_OPTIONS,
  GENERAL_LABELS as L,
  METER_PASSWORD_LABELS as PL,
  OPTIONAL_SEAL_KEYS,
  OPTIONAL_SEAL_LABELS,
  PARITY_OPTIONS,
  PROTOCOL,
  SUB_INTERVAL_DISABLED_METHOD,
  VAR_METHOD_OPTIONS,
  VAR_PF_CONVENTION_OPTIONS,
  demandMethodOptions,
  endpoints,
  meterPasswordSchema,
  meterSettingsSchema,
  meterSettingsTexts,
  protocolOptions,
  transformerOptions,
  type MeterContext,
  type SelectOption,
} from '@meter/contract';
import { FormFields } from '../../components/form/form-fields.tsx';
import type { FieldDef } from '../../components/form/field-layout.ts';
import { useSettingsForm, type SettingsFormState } from '../../components/form/use-settings-form.ts';
import { callEndpoint } from '../../lib/api.ts';
import { usePermission } from '../../lib/permissions.ts';
import { PATH_MAPPING, flatName, flatSchema, flatten } from './flat-section.ts';
import { generalRedirect } from './rules.ts';
import { MeterSectionScreen, type SectionFormProps } from './meter-section-screen.tsx';
import { SectionForm, SettingsCard } from './section-parts.tsx';

type Name = string;
const NESTED = ['optionalSealConfig'];
const sealKey = (k: (typeof OPTIONAL_SEAL_KEYS)[number]) => flatName('optionalSealConfig', k);
const SEAL_NAMES: readonly Name[] = OPTIONAL_SEAL_KEYS.map(sealKey);
/** A flat field's top-level key in settings/meter (the key sealedFields names). */
const topKey = (name: string) => name.split('__')[0]!;

type Key = keyof typeof L;
const sel = (name: Key, options: readonly SelectOption[]): FieldDef<Name> => ({ name, label: L[name], kind: 'select', options });
const num = (name: Key, help?: string): FieldDef<Name> => ({ name, label: L[name], kind: 'number', help });

function generalFields(ctx: MeterContext, sealed: ReadonlySet<string>): FieldDef<Name>[] {
  const transformers = transformerOptions(ctx.meterModel);
  const fields: FieldDef<Name>[] = [
    { name: 'deviceDescription', label: L.deviceDescription, kind: 'text', help: 'Up to 30 characters' },
    transformers.length > 0 ? sel('deviceTransformer', transformers) : num('deviceTransformer'),
    num('ratedVoltage', '10 to 400 V'),
    ...(ctx.demandVerified
      ? [
          sel('demandMethod', demandMethodOptions(ctx.demandMethod)),
          num('subInterval', '1 to 30'),
          num('avgIntervalWindow', '1 to 30 minutes'),
          sel('diTriggerCondition', DI_TRIGGER_OPTIONS),
          sel('diSyncSource', DI_SYNC_SOURCE_OPTIONS),
        ]
      : []),
    sel('varCalMethod', VAR_METHOD_OPTIONS),
    sel('varPfConvention', VAR_PF_CONVENTION_OPTIONS),
    sel('protocolSelect', protocolOptions(ctx)),
    num('meterAddress', '1 to 247'),
    sel('meterBaud', BAUD_OPTIONS),
    sel('meterParity', PARITY_OPTIONS),
    num('bacnetAddress', '0 to 127'),
    sel('bacnetBaud', BAUD_OPTIONS),
    num('maxInfoFrame', '1 to 255'),
    num('bacnetId', '1 to 4194303'),
    num('autoCycleStartTime', '1 to 60'),
    num('autoCycleShowTime', '5 to 100'),
    num('powerDecimal', '3 to 4'),
    num('backlightTime', '0 to 60'),
    ...OPTIONAL_SEAL_KEYS.map((k): FieldDef<Name> => ({ name: sealKey(k), label: OPTIONAL_SEAL_LABELS[k], kind: 'checkbox', checkboxValues: [0, 1] })),
  ];
  return fields.map((f) => (sealed.has(topKey(f.name)) ? { ...f, disabled: true } : f));
}

const CARDS: readonly { title: string; names: readonly Name[]; demand?: boolean }[] = [
  { title: 'Device Description', names: ['deviceDescription'] },
  { title: 'Device Transformer', names: ['deviceTransformer'] },
  { title: 'Rated Voltage', names: ['ratedVoltage'] },
  { title: 'Demand', names: ['demandMethod', 'subInterval', 'avgIntervalWindow'], demand: true },
  { title: 'DI Synchronous Demand', names: ['diTriggerCondition', 'diSyncSource'], demand: true },
  { title: 'VAR Calculation Method', names: ['varCalMethod'] },
  { title: 'VAR/PF Convention', names: ['varPfConvention'] },
  { title: 'On Board RS485', names: ['protocolSelect', 'meterAddress', 'meterBaud', 'meterParity', 'bacnetAddress', 'bacnetBaud', 'maxInfoFrame', 'bacnetId'] },
  { title: 'Display', names: ['autoCycleStartTime', 'autoCycleShowTime', 'powerDecimal', 'backlightTime'] },
  { title: L.optionalSealConfig, names: SEAL_NAMES },
];
const MODBUS_ONLY: readonly string[] = ['meterAddress', 'meterBaud', 'meterParity'];
const BACNET_ONLY: readonly string[] = ['bacnetAddress', 'bacnetBaud', 'maxInfoFrame', 'bacnetId'];

function GeneralForm({ ctx, data, sealed, save }: SectionFormProps) {
  const schema = useMemo(() => flatSchema(meterSettingsSchema(ctx), PATH_MAPPING), [ctx]);
  const values = useMemo(() => flatten(data, NESTED), [data]);
  const fields = useMemo(() => generalFields(ctx, sealed), [ctx, sealed]);
  const state = useSettingsForm({ schema, values, fields, onSave: (v) => save(PATH_MAPPING.toNested(v)), successMessage: meterSettingsTexts.saved });
  const formId = useId();
  const method = state.form.watch('demandMethod');
  const protocol = state.form.watch('protocolSelect');
  const subset = (names: readonly Name[]): SettingsFormState => ({
    ...state,
    fields: fields
      .filter((f) => names.includes(f.name))
      .filter((f) => (MODBUS_ONLY.includes(f.name) ? String(protocol) === String(PROTOCOL.modbusRtu) : true))
      .filter((f) => (BACNET_ONLY.includes(f.name) ? String(protocol) === String(PROTOCOL.bacnetMstp) : true))
      .map((f) => (f.name === 'subInterval' && String(method) === String(SUB_INTERVAL_DISABLED_METHOD) ? { ...f, disabled: true } : f)),
  });
  return (
    <SectionForm state={state} label="Meter General settings">
      {CARDS.filter((c) => !c.demand || ctx.demandVerified).map((c) => (
        <SettingsCard key={c.title} title={c.title}>
          <FormFields state={subset(c.names)} formId={formId} />
        </SettingsCard>
      ))}
    </SectionForm>
  );
}

const PASSWORD_FIELDS: readonly FieldDef<'currentPassword' | 'newPassword' | 'repeatPassword'>[] = [
  { name: 'currentPassword', label: PL.currentPassword, kind: 'password', autoComplete: 'current-password', help: 'Up to 4 digits' },
  { name: 'newPassword', label: PL.newPassword, kind: 'password', help: 'Up to 4 digits' },
  { name: 'repeatPassword', label: PL.repeatPassword, kind: 'password' },
];
const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', repeatPassword: '' };
export const UPDATE_PASSWORD_LABEL = 'Update Password';

function MeterPasswordCard() {
  const state = useSettingsForm({
    schema: meterPasswordSchema,
    values: EMPTY_PASSWORDS,
    fields: PASSWORD_FIELDS,
    requireChange: false,
    onSave: (v) => callEndpoint(endpoints.setMeterPassword, { body: { oldPassword: v.currentPassword, newPassword: v.newPassword }, suppress: true }),
    successMessage: meterSettingsTexts.passwordUpdated,
    afterSave: () => state.form.reset(EMPTY_PASSWORDS),
  });
  const formId = useId();
  return (
    <SettingsCard title={L.meterPassword}>
      <Form
        noValidate
        aria-label={L.meterPassword}
        onSubmit={(e) => {
          e.preventDefault();
          void state.save();
        }}
      >
        <FormFields state={state} formId={formId} />
        {!state.readOnly && (
          <Button type="submit" variant="primary" disabled={state.saving}>
            {UPDATE_PASSWORD_LABEL}
          </Button>
        )}
      </Form>
    </SettingsCard>
  );
}

export default function MeterGeneral() {
  const navigate = useNavigate();
  const permission = usePermission();
  const redirect = generalRedirect(permission);
  useEffect(() => {
    if (redirect) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);
  if (redirect) return null;
  return (
    <MeterSectionScreen name="meterSettings" section="general" title="General" form={GeneralForm}>
      <MeterPasswordCard />
    </MeterSectionScreen>
  );
}
