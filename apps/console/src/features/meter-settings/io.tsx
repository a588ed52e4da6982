/**
 * Settings › Meter › I/O & Event (001 "Meter I/O and Event settings", §3 "IO config", §4
 * "Pulse input rows"): Pulse Input (18 rows), RO Type and Output Mode, the system event alarm
 * table, Energy Pulse (DO), pulse constant and width. Takes effect after a restart (reboot prompt).
 */
import { useId, useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  CHANNEL_COUNT,
  DI_CATEGORY_DEFS,
  DI_CONFIG_KEYS,
  DI_TYPE_OPTIONS,
  DI_UNIT_DEFS,
  DO_CHANNEL_KEYS,
  IO_LABELS as L,
  METER_EVENT_KEYS,
  RO_OUTPUT_MODE_OPTIONS,
  RO_TYPE_OPTIONS,
  SYSTEM_EVENT_OUTPUT_OPTIONS,
  diTypeLocked,
  energyPulseOptions,
  ioConfigSchema,
  meterEventTexts,
  meterSettingsTexts,
  pulseConstMax,
  type MeterContext,
} from '@meter/contract';
import { FieldControl, fieldId } from '../../components/form/field-control.tsx';
import { ChangedMark } from '../../components/form/field-label.tsx';
import { FormFields } from '../../components/form/form-fields.tsx';
import type { FieldDef, FieldOption } from '../../components/form/field-layout.ts';
import { useSettingsForm, type SettingsFormState } from '../../components/form/use-settings-form.ts';
import { PATH_MAPPING, flatName, flatSchema, flatten } from './flat-section.ts';
import { MeterSectionScreen, type SectionFormProps } from './meter-section-screen.tsx';
import { SectionForm, SettingsCard, fieldsOf } from './section-parts.tsx';

const DI_ROWS = Array.from({ length: CHANNEL_COUNT }, (_, i) => i + 1);
const NESTED = [...DI_CONFIG_KEYS, 'systemEventAlarm'];
const indexOptions = (defs: readonly string[]): FieldOption[] => defs.map((label, value) => ({ value, label }));
const diKey = (n: number, f: string) => flatName(DI_CONFIG_KEYS[n - 1]!, f);
const eventKey = (key: string, f: string) => flatName('systemEventAlarm', key, f);
const STATUS_TYPE = '0';

function ioFields(ctx: MeterContext, sealed: ReadonlySet<string>): FieldDef[] {
  const lock = (key: string) => sealed.has(key);
  const typeLocked = diTypeLocked(ctx);
  const sel = (name: string, label: string, options: readonly FieldOption[], disabled: boolean): FieldDef => ({ name, label, kind: 'select', options, disabled });
  return [
    ...DI_ROWS.flatMap((n): FieldDef[] => {
      const d = lock(DI_CONFIG_KEYS[n - 1]!);
      return [
        sel(diKey(n, 'type'), L.diType(n), DI_TYPE_OPTIONS, d || typeLocked),
        { name: diKey(n, 'name'), label: L.diName(n), kind: 'text', disabled: d },
        sel(diKey(n, 'category'), L.diCategory(n), indexOptions(DI_CATEGORY_DEFS), d),
        sel(diKey(n, 'unit'), L.diUnit(n), indexOptions(DI_UNIT_DEFS), d),
        { name: diKey(n, 'ratio'), label: L.diRatio(n), kind: 'number', disabled: d },
      ];
    }),
    sel('ro1Type', L.roType(1), RO_TYPE_OPTIONS, lock('ro1Type')),
    sel('ro1OutputMode', L.roOutputMode(1), RO_OUTPUT_MODE_OPTIONS, lock('ro1OutputMode')),
    sel('ro2Type', L.roType(2), RO_TYPE_OPTIONS, lock('ro2Type')),
    sel('ro2OutputMode', L.roOutputMode(2), RO_OUTPUT_MODE_OPTIONS, lock('ro2OutputMode')),
    { name: 'roPulseWidth', label: L.roPulseWidth, kind: 'number', help: '50 to 3000 ms', disabled: lock('roPulseWidth') },
    { name: 'roAlarmOutputTime', label: L.roAlarmOutputTime, kind: 'number', help: '1 to 60000', disabled: lock('roAlarmOutputTime') },
    ...METER_EVENT_KEYS.flatMap((key): FieldDef[] => [
      { name: eventKey(key, 'enable'), label: L.systemEventEnable(key), kind: 'checkbox', checkboxValues: [0, 1], disabled: lock('systemEventAlarm') },
      sel(eventKey(key, 'output'), L.systemEventOutput(key), SYSTEM_EVENT_OUTPUT_OPTIONS, lock('systemEventAlarm')),
    ]),
    ...DO_CHANNEL_KEYS.map((k, i) => sel(k, L.doChannel(i + 1), energyPulseOptions(ctx), lock(k))),
    { name: 'pulseConst', label: L.pulseConst, kind: 'number', help: `1 to ${pulseConstMax(ctx)}`, disabled: lock('pulseConst') },
    { name: 'pulseWidth', label: L.pulseWidth, kind: 'number', help: '20 to 100 ms', disabled: lock('pulseWidth') },
  ];
}

function Cell({ state, formId, name, disabled }: { state: SettingsFormState; formId: string; name: string; disabled?: boolean }) {
  const found = state.fields.find((f) => f.name === name)!;
  const def = disabled ? { ...found, disabled: true } : found;
  const id = fieldId(formId, name);
  return (
    <td>
      <Form.Label htmlFor={id} visuallyHidden>
        {def.label}
      </Form.Label>
      <FieldControl state={{ ...state, fields: [def] }} def={def} id={id} />
      {state.changed.has(name) && <ChangedMark />}
    </td>
  );
}

function IoForm({ ctx, data, sealed, save }: SectionFormProps) {
  const schema = useMemo(() => flatSchema(ioConfigSchema(ctx), PATH_MAPPING), [ctx]);
  const values = useMemo(() => flatten(data, NESTED), [data]);
  const fields = useMemo(() => ioFields(ctx, sealed), [ctx, sealed]);
  const state = useSettingsForm({ schema, values, fields, onSave: (v) => save(PATH_MAPPING.toNested(v)), successMessage: meterSettingsTexts.saved, reboot: true });
  const formId = useId();
  const types = state.form.watch(DI_ROWS.map((n) => diKey(n, 'type')));
  const sub = (names: readonly string[]) => fieldsOf(state, names);
  return (
    <SectionForm state={state} label="Meter I/O and Event settings">
      <SettingsCard title="Pulse Input">
        <Table bordered size="sm" responsive className="align-middle">
          <thead>
            <tr>
              <th scope="col">DI</th>
              <th scope="col">Type</th>
              <th scope="col">Name</th>
              <th scope="col">Category</th>
              <th scope="col">Unit</th>
              <th scope="col">Ratio</th>
            </tr>
          </thead>
          <tbody>
            {DI_ROWS.map((n, i) => {
              const status = String(types[i]) === STATUS_TYPE;
              return (
                <tr key={n}>
                  <th scope="row">DI{n}</th>
                  <Cell state={state} formId={formId} name={diKey(n, 'type')} />
                  <Cell state={state} formId={formId} name={diKey(n, 'name')} />
                  <Cell state={state} formId={formId} name={diKey(n, 'category')} disabled={status} />
                  <Cell state={state} formId={formId} name={diKey(n, 'unit')} disabled={status} />
                  <Cell state={state} formId={formId} name={diKey(n, 'ratio')} disabled={status} />
                </tr>
              );
            })}
          </tbody>
        </Table>
      </SettingsCard>
      <SettingsCard title="RO Type and Output Mode">
        <FormFields state={sub(['ro1Type', 'ro1OutputMode', 'ro2Type', 'ro2OutputMode', 'roPulseWidth', 'roAlarmOutputTime'])} formId={formId} />
      </SettingsCard>
      <SettingsCard title="Meter System Event">
        <Table bordered size="sm" responsive className="align-middle">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Enable</th>
              <th scope="col">Output</th>
            </tr>
          </thead>
          <tbody>
            {METER_EVENT_KEYS.map((key) => (
              <tr key={key}>
                <th scope="row">{meterEventTexts[key]}</th>
                <Cell state={state} formId={formId} name={eventKey(key, 'enable')} />
                <Cell state={state} formId={formId} name={eventKey(key, 'output')} />
              </tr>
            ))}
          </tbody>
        </Table>
      </SettingsCard>
      <SettingsCard title="Energy Pulse (DO)">
        <FormFields state={sub([...DO_CHANNEL_KEYS, 'pulseConst', 'pulseWidth'])} formId={formId} />
      </SettingsCard>
    </SectionForm>
  );
}

export default function MeterIo() {
  return <MeterSectionScreen name="ioConfig" section="io" title="I/O & Event" form={IoForm} />;
}
