/**
 * Settings › Meter › User & CT (001 "Meter User and CT settings", §3 "User and CT config"):
 * Wiring of Three Phase User, the CTs of the 18 input channels and the User and Channel Mapping
 * (18 rows). Takes effect after a restart: the reboot prompt follows the save, and the wiring and
 * user names other screens cache are refetched.
 */
import { useId, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  CHANNEL_COUNT,
  CT_KEYS,
  USER_CT_LABELS as L,
  USER_ID_KEYS,
  meterSettingsTexts,
  userChannelOptions,
  userCtConfigSchema,
  wiringKindOf,
  wiringTypeOptions,
  type MeterContext,
} from '@meter/contract';
import { FieldControl, fieldId } from '../../components/form/field-control.tsx';
import { ChangedMark } from '../../components/form/field-label.tsx';
import { FormFields } from '../../components/form/form-fields.tsx';
import type { FieldDef } from '../../components/form/field-layout.ts';
import { useSettingsForm, type SettingsFormState } from '../../components/form/use-settings-form.ts';
import { flatSchema, type FlatMapping } from './flat-section.ts';
import { MeterSectionScreen, type SectionFormProps } from './meter-section-screen.tsx';
import { SectionForm, SettingsCard, fieldsOf } from './section-parts.tsx';

const ROWS = Array.from({ length: CHANNEL_COUNT }, (_, i) => i + 1);
const nameKey = (n: number) => `u${n}Name`;
const channelKey = (n: number) => `u${n}Channel`;
const displayKey = (n: number) => `u${n}Display`;
const ROW_FIELD: Record<string, (n: number) => string> = { userName: nameKey, channel: channelKey, enableDisplay: displayKey };

type Row = { userName: string; channel: number; enableDisplay: number };

export function toFlat(data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { connectionType: data.connectionType };
  for (const k of CT_KEYS) out[k] = data[k];
  ROWS.forEach((n, i) => {
    const row = data[USER_ID_KEYS[i]!] as Row;
    out[nameKey(n)] = row.userName;
    out[channelKey(n)] = row.channel;
    out[displayKey(n)] = row.enableDisplay;
  });
  return out;
}

export const USER_CT_MAPPING: FlatMapping = {
  toNested: (flat) => {
    const out: Record<string, unknown> = { connectionType: flat.connectionType };
    for (const k of CT_KEYS) out[k] = flat[k];
    ROWS.forEach((n, i) => {
      out[USER_ID_KEYS[i]!] = { userName: flat[nameKey(n)], channel: flat[channelKey(n)], enableDisplay: flat[displayKey(n)] };
    });
    return out;
  },
  fieldOf: (path) => {
    const [top, sub] = path.map(String);
    const i = USER_ID_KEYS.indexOf(top as (typeof USER_ID_KEYS)[number]);
    if (i >= 0 && sub && ROW_FIELD[sub]) return ROW_FIELD[sub](i + 1);
    return top ?? '';
  },
};

/** `anyWiring`: every channel any wiring offers (for reading the inputs back whatever the wiring chosen). */
function userCtFields(ctx: MeterContext, wiring: number, sealed: ReadonlySet<string>, anyWiring = false): FieldDef[] {
  const kind = anyWiring ? 'NET' : (wiringKindOf(wiring, ctx.mcStatus) ?? '3LN');
  const channels = userChannelOptions(kind);
  const lock = (key: string) => sealed.has(key);
  return [
    { name: 'connectionType', label: L.connectionType, kind: 'select', options: wiringTypeOptions(ctx), disabled: lock('connectionType') },
    ...CT_KEYS.map((k, i): FieldDef => ({ name: k, label: L.ct(i), kind: 'number', help: '5 to 50000 A', disabled: lock(k) })),
    ...ROWS.flatMap((n, i): FieldDef[] => {
      const disabled = lock(USER_ID_KEYS[i]!);
      return [
        { name: nameKey(n), label: L.userName(n), kind: 'text', disabled },
        { name: channelKey(n), label: L.channel(n), kind: 'select', options: channels, disabled },
        { name: displayKey(n), label: L.enableDisplay(n), kind: 'checkbox', checkboxValues: [0, 1], disabled },
      ];
    }),
  ];
}

function Cell({ state, formId, name }: { state: SettingsFormState; formId: string; name: string }) {
  const def = state.fields.find((f) => f.name === name)!;
  const id = fieldId(formId, name);
  return (
    <td>
      <Form.Label htmlFor={id} visuallyHidden>
        {def.label}
      </Form.Label>
      <FieldControl state={state} def={def} id={id} />
      {state.changed.has(name) && <ChangedMark />}
    </td>
  );
}

function UserCtForm({ ctx, data, sealed, save }: SectionFormProps) {
  const client = useQueryClient();
  const schema = useMemo(() => flatSchema(userCtConfigSchema(ctx), USER_CT_MAPPING), [ctx]);
  const values = useMemo(() => toFlat(data), [data]);
  const formId = useId();
  // The channel options follow the wiring chosen in the form; the layout is rebuilt with it.
  const initialFields = useMemo(() => userCtFields(ctx, Number(data.connectionType), sealed, true), [ctx, data.connectionType, sealed]);
  const state0 = useSettingsForm({
    schema,
    values,
    fields: initialFields,
    onSave: (v) => save(USER_CT_MAPPING.toNested(v)),
    successMessage: meterSettingsTexts.saved,
    reboot: true,
    afterSave: () => {
      void client.invalidateQueries({ queryKey: ['wiringType'] });
      void client.invalidateQueries({ queryKey: ['userNames'] });
    },
  });
  const wiring = Number(state0.form.watch('connectionType'));
  const fields = useMemo(() => userCtFields(ctx, wiring, sealed), [ctx, wiring, sealed]);
  const state: SettingsFormState = { ...state0, fields };
  const sub = (names: readonly string[]) => fieldsOf(state, names);
  return (
    <SectionForm state={state} label="Meter User and CT settings">
      <SettingsCard title={L.connectionType}>
          <FormFields state={sub(['connectionType'])} formId={formId} />
      </SettingsCard>
      <SettingsCard title="CT" bodyClassName="row">
          {CT_KEYS.map((k) => (
            <div key={k} className="col-md-4 col-lg-3">
              <FormFields state={sub([k])} formId={formId} />
            </div>
          ))}
      </SettingsCard>
      <SettingsCard title="User and Channel Mapping">
          <Table bordered size="sm" responsive className="align-middle">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">User Name</th>
                <th scope="col">Channel</th>
                <th scope="col">Enable Display</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((n) => (
                <tr key={n}>
                  <th scope="row">{n}</th>
                  <Cell state={state} formId={formId} name={nameKey(n)} />
                  <Cell state={state} formId={formId} name={channelKey(n)} />
                  <Cell state={state} formId={formId} name={displayKey(n)} />
                </tr>
              ))}
            </tbody>
          </Table>
      </SettingsCard>
    </SectionForm>
  );
}

export default function MeterUserCt() {
  return <MeterSectionScreen name="userCtConfig" section="userCt" title="User & CT" form={UserCtForm} />;
}
