/** Meter Alarm settings (settings/alarmConfig): 001 §3 "Alarm config", §5 "Alarm". */
import { z } from 'zod';
import { bool, int, intBetween, num, strictObject } from '../../rules/fields.ts';
import { DEFAULT_METER_CONTEXT, type MeterContext } from '../../meter-state/context.ts';
import {
  ALARM_COUNT,
  ALARM_DELAY_RANGE,
  ALARM_OUTPUT_OPTIONS,
  ALARM_SETPOINT_UNIT,
  alarmChannelTypeOptions,
  alarmParameterOptions,
  alarmSetPointOptions,
  alarmSettingOptions,
} from '../../options/meter-settings/alarm.ts';
import { sealedFields } from '../../meter-state/seal.ts';
import { checkField, keysOf, sealable, select } from '../../rules/checks.ts';
import { withMeta } from '../../rules/field-meta.ts';
import { ALARM_LABELS as L } from './labels.ts';

/** The Alarm radio (001 "Meter Alarm settings"). */
export const ALARM_ENABLE_OPTIONS = [
  { value: false, label: 'Disable' },
  { value: true, label: 'Enable' },
] as const;

export const ALARM_IDS = keysOf('alarmId', ALARM_COUNT) as AlarmIdKey[];
type AlarmIdKey = `alarmId${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`;

/**
 * One alarm limit's shape: only numbers here; the rules apply while it is enabled (below). The
 * meta tells a form how to draw them: parameter, setting and setpoint options follow the row's
 * type, so the screen gives those per row.
 */
const alarmRow = (n: number, ctx: MeterContext = DEFAULT_METER_CONTEXT) =>
  strictObject({
    enable: bool(L.row(n)),
    alarmChannelType: withMeta(num(L.alarmChannelType(n)), { kind: 'select', options: alarmChannelTypeOptions(ctx) }),
    alarmChannelParam: num(L.alarmChannelParam(n)),
    setting: num(L.setting(n)),
    setPoint: withMeta(num(L.setPoint(n)), { unit: ALARM_SETPOINT_UNIT }),
    delay: withMeta(num(L.delay(n)), { min: ALARM_DELAY_RANGE[0], max: ALARM_DELAY_RANGE[1], unit: 'ms' }),
    output: withMeta(num(L.output(n)), { kind: 'select', options: ALARM_OUTPUT_OPTIONS }),
  });
type AlarmRowSchema = ReturnType<typeof alarmRow>;
export type AlarmLimit = z.infer<AlarmRowSchema>;

/**
 * The PUT settings/alarmConfig body. A limit's fields are checked when the alarm and the limit are
 * both enabled (001 §5 "only when alarm enabled"; the table shows only then): channel type from
 * the offered types, parameter, setting and output from their lists, setpoint an integer (a
 * Digital Input's ON 1 / OFF 0), delay an integer of 0-30000 ms.
 */
export function alarmConfigSchema(ctx: MeterContext) {
  const sealed = new Set(sealedFields('alarm', ctx));
  const shape = Object.fromEntries(ALARM_IDS.map((key, i) => [key, alarmRow(i + 1, ctx)])) as Record<AlarmIdKey, AlarmRowSchema>;
  const enable = withMeta(bool(L.enable), { kind: 'radio', options: ALARM_ENABLE_OPTIONS });
  return strictObject({ enable: sealable(enable, sealed.has('enable')), ...shape }).superRefine((v, c) => {
    ALARM_IDS.forEach((key, i) => {
      const n = i + 1;
      const row = v[key];
      if (v.enable !== true || !row.enable) {
        // Hidden, not free: a disabled limit keeps whole numbers and a delay in range (issue 14).
        for (const field of ['alarmChannelType', 'alarmChannelParam', 'setting', 'setPoint', 'output'] as const) checkField(c, [key, field], int(L[field](n)), row[field]);
        checkField(c, [key, 'delay'], intBetween(L.delay(n), ...ALARM_DELAY_RANGE), row.delay);
        return;
      }
      const types = alarmChannelTypeOptions(ctx);
      checkField(c, [key, 'alarmChannelType'], select(L.alarmChannelType(n), types), row.alarmChannelType);
      const type = types.some((o) => o.value === row.alarmChannelType) ? row.alarmChannelType : undefined;
      const rule = (options: Parameters<typeof select>[1], label: string) => (type === undefined ? int(label) : select(label, options));
      checkField(c, [key, 'alarmChannelParam'], rule(alarmParameterOptions(type ?? -1, ctx), L.alarmChannelParam(n)), row.alarmChannelParam);
      checkField(c, [key, 'setting'], rule(alarmSettingOptions(type ?? -1), L.setting(n)), row.setting);
      const setPoints = type === undefined ? null : alarmSetPointOptions(type);
      checkField(c, [key, 'setPoint'], setPoints ? select(L.setPoint(n), setPoints) : int(L.setPoint(n)), row.setPoint);
      checkField(c, [key, 'delay'], intBetween(L.delay(n), ...ALARM_DELAY_RANGE), row.delay);
      checkField(c, [key, 'output'], select(L.output(n), ALARM_OUTPUT_OPTIONS), row.output);
    });
  });
}
export type AlarmConfigBody = z.input<ReturnType<typeof alarmConfigSchema>>;

const limitData = z.object({
  enable: z.boolean(),
  alarmChannelType: z.number(),
  alarmChannelParam: z.number(),
  setting: z.number(),
  setPoint: z.number(),
  delay: z.number(),
  output: z.number(),
});
/** GET settings/alarmConfig. */
export const alarmConfigData = z.object({
  enable: z.boolean(),
  ...(Object.fromEntries(ALARM_IDS.map((k) => [k, limitData])) as Record<AlarmIdKey, typeof limitData>),
});
export type AlarmConfig = z.infer<typeof alarmConfigData>;
