/**
 * Settings › Meter › Alarm (001 "Meter Alarm settings", §3 "Alarm config"): the Disable/Enable
 * radio and, when enabled, the table of 10 alarm limits. A limit's parameter, setting and setpoint
 * options follow its channel type, and a new type re-normalises the row to values it offers.
 */
import { ALARM_IDS, ALARM_SETPOINT_UNIT, alarmParameterOptions, alarmSetPointOptions, alarmSettingOptions, fieldName, type MeterContext, meterAlarmSection } from '@meter/contract';
import { defineSectionScreen } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { normaliseRow } from './rules.ts';

const TYPE_FIELD = /^alarmId(\d+)__alarmChannelType$/;
const typeOf = (row: Readonly<Record<string, unknown>>) => Number(row.alarmChannelType);

export const ALARM_SCREEN = defineSectionScreen<MeterContext>({
  endpoint: 'alarmConfig',
  section: meterAlarmSection,
  title: 'Alarm',
  formLabel: 'Meter Alarm settings',
  blocks: [
    { kind: 'stack', fields: ['enable'] },
    {
      kind: 'rows',
      rows: ALARM_IDS,
      visibleWhen: (v) => v.enable === true,
      rowHeader: '#',
      rowLabel: (_, i) => `#${i + 1}`,
      columns: [
        { field: 'enable', header: 'Enable' },
        { field: 'alarmChannelType', header: 'Channel Type' },
        { field: 'alarmChannelParam', header: 'Parameter', options: (row, ctx) => alarmParameterOptions(typeOf(row), ctx).map(({ value, label }) => ({ value, label })) },
        { field: 'setting', header: 'Setting', minWidth: '5rem', options: (row) => alarmSettingOptions(typeOf(row)) },
        { field: 'setPoint', header: `Setpoint (${ALARM_SETPOINT_UNIT})`, options: (row) => alarmSetPointOptions(typeOf(row)) ?? undefined },
        { field: 'delay', header: 'Delay (ms)' },
        { field: 'output', header: 'Output', minWidth: '7rem' },
      ],
    },
  ],
  onChange: (name, inputs, ctx) => {
    const m = TYPE_FIELD.exec(name);
    if (!m) return undefined;
    const key = (f: string) => fieldName(`alarmId${m[1]}`, f);
    const next = normaliseRow(ctx, Number(inputs[key('alarmChannelType')]), {
      param: String(inputs[key('alarmChannelParam')] ?? ''),
      setting: String(inputs[key('setting')] ?? ''),
      setPoint: String(inputs[key('setPoint')] ?? ''),
    });
    return { [key('alarmChannelParam')]: next.param, [key('setting')]: next.setting, [key('setPoint')]: next.setPoint };
  },
});

export default function MeterAlarm() {
  return <SectionScreen def={ALARM_SCREEN} />;
}
