/**
 * Settings › Meter › Alarm (001 "Meter Alarm settings", §3 "Alarm config"): the Disable/Enable
 * radio and, when enabled, the table of 10 alarm limits. A new channel type re-normalises its row
 * (parameter, setting and setpoint reset to values the type offers). Save with write permission.
 */
import { useEffect, useId, useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  ALARM_COUNT,
  ALARM_IDS,
  ALARM_LABELS as L,
  ALARM_OUTPUT_OPTIONS,
  ALARM_SETPOINT_UNIT,
  alarmChannelTypeOptions,
  alarmConfigSchema,
  alarmParameterOptions,
  alarmSetPointOptions,
  alarmSettingOptions,
  meterSettingsTexts,
  type MeterContext,
} from '@meter/contract';
import { FieldControl, fieldId } from '../../components/form/field-control.tsx';
import { ChangedMark, FieldLabel } from '../../components/form/field-label.tsx';
import type { FieldDef } from '../../components/form/field-layout.ts';
import { useSettingsForm, type SettingsFormState } from '../../components/form/use-settings-form.ts';
import { PATH_MAPPING, flatName, flatSchema, flatten } from './flat-section.ts';
import { normaliseRow } from './rules.ts';
import { MeterSectionScreen, type SectionFormProps } from './meter-section-screen.tsx';
import { SectionForm } from './section-parts.tsx';

const ROWS = Array.from({ length: ALARM_COUNT }, (_, i) => i + 1);
const key = (n: number, f: string) => flatName(ALARM_IDS[n - 1]!, f);
const TYPE_FIELD = /^alarmId(\d+)__alarmChannelType$/;

/**
 * The layout the form converts and validates with. Parameter, setting and setpoint are read back
 * as numbers (their options follow the row's type, so the drawn selects are built per row).
 */
function alarmFields(ctx: MeterContext, sealed: ReadonlySet<string>): FieldDef[] {
  return [
    {
      name: 'enable',
      label: L.enable,
      kind: 'radio',
      options: [
        { value: false, label: 'Disable' },
        { value: true, label: 'Enable' },
      ],
      disabled: sealed.has('enable'),
    },
    ...ROWS.flatMap((n): FieldDef[] => [
      { name: key(n, 'enable'), label: L.row(n), kind: 'checkbox' },
      { name: key(n, 'alarmChannelType'), label: L.alarmChannelType(n), kind: 'select', options: alarmChannelTypeOptions(ctx) },
      { name: key(n, 'alarmChannelParam'), label: L.alarmChannelParam(n), kind: 'number' },
      { name: key(n, 'setting'), label: L.setting(n), kind: 'number' },
      { name: key(n, 'setPoint'), label: L.setPoint(n), kind: 'number' },
      { name: key(n, 'delay'), label: L.delay(n), kind: 'number', help: '0 to 30000 ms' },
      { name: key(n, 'output'), label: L.output(n), kind: 'select', options: ALARM_OUTPUT_OPTIONS },
    ]),
  ];
}

/** The row's drawn inputs for its current type. */
function rowDefs(ctx: MeterContext, fields: readonly FieldDef[], n: number, type: number): FieldDef[] {
  const base = (f: string) => fields.find((d) => d.name === key(n, f))!;
  const setPoints = alarmSetPointOptions(type);
  return [
    base('enable'),
    base('alarmChannelType'),
    { ...base('alarmChannelParam'), kind: 'select', options: alarmParameterOptions(type, ctx).map(({ value, label }) => ({ value, label })) },
    { ...base('setting'), kind: 'select', options: alarmSettingOptions(type) },
    setPoints ? { ...base('setPoint'), kind: 'select', options: setPoints } : { ...base('setPoint'), help: ALARM_SETPOINT_UNIT },
    base('delay'),
    base('output'),
  ];
}

function Cell({ state, formId, def }: { state: SettingsFormState; formId: string; def: FieldDef }) {
  const id = fieldId(formId, def.name);
  return (
    <td>
      <Form.Label htmlFor={id} visuallyHidden>
        {def.label}
      </Form.Label>
      <FieldControl state={state} def={def} id={id} />
      {state.changed.has(def.name) && <ChangedMark />}
    </td>
  );
}

function AlarmForm({ ctx, data, sealed, save }: SectionFormProps) {
  const schema = useMemo(() => flatSchema(alarmConfigSchema(ctx), PATH_MAPPING), [ctx]);
  const values = useMemo(() => flatten(data, ALARM_IDS), [data]);
  const fields = useMemo(() => alarmFields(ctx, sealed), [ctx, sealed]);
  const state = useSettingsForm({ schema, values, fields, onSave: (v) => save(PATH_MAPPING.toNested(v)), successMessage: meterSettingsTexts.saved });
  const { form } = state;
  const formId = useId();
  const enabled = String(form.watch('enable')) === 'true';
  const types = form.watch(ROWS.map((n) => key(n, 'alarmChannelType')));

  // A new channel type re-normalises its row, as the user changes it (not on a reset).
  useEffect(() => {
    const sub = form.watch((v, { name, type }) => {
      const m = name && type === 'change' ? TYPE_FIELD.exec(name) : null;
      if (!m) return;
      const n = Number(m[1]);
      const next = normaliseRow(ctx, Number(v[key(n, 'alarmChannelType')]), {
        param: String(v[key(n, 'alarmChannelParam')] ?? ''),
        setting: String(v[key(n, 'setting')] ?? ''),
        setPoint: String(v[key(n, 'setPoint')] ?? ''),
      });
      const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
      form.setValue(key(n, 'alarmChannelParam'), next.param, opts);
      form.setValue(key(n, 'setting'), next.setting, opts);
      form.setValue(key(n, 'setPoint'), next.setPoint, opts);
    });
    return () => sub.unsubscribe();
  }, [form, ctx]);

  const enableDef = fields[0]!;
  return (
    <SectionForm state={state} label="Meter Alarm settings">
      <Form.Group className="mb-3">
        <FieldLabel def={enableDef} id={fieldId(formId, 'enable')} changed={state.changed.has('enable')} className="mb-1" />
        <FieldControl state={state} def={enableDef} id={fieldId(formId, 'enable')} />
      </Form.Group>
      {enabled && (
        <Table bordered size="sm" responsive className="align-middle">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Enable</th>
              <th scope="col">Channel Type</th>
              <th scope="col">Parameter</th>
              <th scope="col" style={{ minWidth: '5rem' }}>Setting</th>
              <th scope="col">Setpoint ({ALARM_SETPOINT_UNIT})</th>
              <th scope="col">Delay (ms)</th>
              <th scope="col" style={{ minWidth: '7rem' }}>Output</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((n, i) => (
              <tr key={n}>
                <th scope="row">#{n}</th>
                {rowDefs(ctx, fields, n, Number(types[i])).map((def) => (
                  <Cell key={def.name} state={state} formId={formId} def={def} />
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </SectionForm>
  );
}

export default function MeterAlarm() {
  return <MeterSectionScreen name="alarmConfig" section="alarm" title="Alarm" form={AlarmForm} />;
}
