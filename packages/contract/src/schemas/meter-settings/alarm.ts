/** Meter Alarm settings (settings/alarmConfig): 001 §3 "Alarm config", §5 "Alarm". */
import { z } from 'zod';
import { bool, int, intBetween, num, strictObject } from '../../rules/fields.ts';
import type { MeterContext } from '../../options/meter-settings/context.ts';
import {
  ALARM_COUNT,
  ALARM_DELAY_RANGE,
  ALARM_OUTPUT_OPTIONS,
  alarmChannelTypeOptions,
  alarmParameterOptions,
  alarmSetPointOptions,
  alarmSettingOptions,
} from '../../options/meter-settings/alarm.ts';
import { sealedFields } from '../../options/meter-settings/seal.ts';
import { checkField, keysOf, sealable, select } from './helpers.ts';
import { ALARM_LABELS as L } from './labels.ts';

export const ALARM_IDS = keysOf('alarmId', ALARM_COUNT) as AlarmIdKey[];
type AlarmIdKey = `alarmId${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`;

/** One alarm limit's shape: only numbers here; the rules apply while it is enabled (below). */
const alarmRow = (n: number) =>
  strictObject({
    enable: bool(L.row(n)),
    alarmChannelType: num(L.alarmChannelType(n)),
    alarmChannelParam: num(L.alarmChannelParam(n)),
    setting: num(L.setting(n)),
    setPoint: num(L.setPoint(n)),
    /** ms */
    delay: num(L.delay(n)),
    output: num(L.output(n)),
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
  const shape = Object.fromEntries(ALARM_IDS.map((key, i) => [key, alarmRow(i + 1)])) as Record<AlarmIdKey, AlarmRowSchema>;
  return strictObject({ enable: sealable(bool(L.enable), sealed.has('enable')), ...shape }).superRefine((v, c) => {
    if (v.enable !== true) return;
    ALARM_IDS.forEach((key, i) => {
      const n = i + 1;
      const row = v[key];
      if (!row.enable) return;
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
