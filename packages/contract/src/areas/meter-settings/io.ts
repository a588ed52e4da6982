/** Meter I/O and Event settings (settings/ioConfig): 001 §3 "IO config", §4 "Pulse input rows", §5 "I/O". */
import { z } from 'zod';
import { meterSettingsTexts as t } from '../../messages.ts';
import { flag, int, intBetween, num, optionalText, strictObject } from '../../rules/fields.ts';
import { type Checker, rule } from '../../rules/validators.ts';
import { CHANNEL_COUNT } from '../../options/constants.ts';
import type { MeterContext } from '../../meter-state/context.ts';
import {
  DI_CATEGORY_DEFS,
  DI_TYPE_OPTIONS,
  DI_UNIT_DEFS,
  DO_COUNT,
  PULSE_WIDTH_RANGE,
  RO_ALARM_OUTPUT_TIME_RANGE,
  RO_OUTPUT_MODE_OPTIONS,
  RO_PULSE_WIDTH_RANGE,
  RO_TYPE_OPTIONS,
  SYSTEM_EVENT_OUTPUT_OPTIONS,
  energyPulseOptions,
  pulseConstMax,
} from '../../options/meter-settings/io.ts';
import { sealedFields } from '../../meter-state/seal.ts';
import { METER_EVENT_KEYS, type MeterEventKey } from '../logs/texts.ts';
import { checkField, keysOf, sameAs, sealable, select } from '../../rules/checks.ts';
import { withMeta } from '../../rules/field-meta.ts';
import { IO_LABELS as L } from './labels.ts';

type DiKey = `di${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18}Config`;
type DoKey = `do${1 | 2 | 3 | 4 | 5 | 6}Channel`;
export const DI_CONFIG_KEYS = keysOf('di', CHANNEL_COUNT).map((k) => `${k}Config`) as DiKey[];
export const DO_CHANNEL_KEYS = keysOf('do', DO_COUNT).map((k) => `${k}Channel`) as DoKey[];

const indexOptions = (defs: readonly string[]) => defs.map((label, value) => ({ value, label }));

/** One digital input: type 0 status / 1 counter; category and unit index diAdvancedOptions' lists. */
const diRow = (n: number) =>
  strictObject({
    type: select(L.diType(n), DI_TYPE_OPTIONS),
    name: optionalText(L.diName(n), rule.alphaNumSpace(), rule.maxLength(20)),
    category: withMeta(num(L.diCategory(n)), { kind: 'select', options: indexOptions(DI_CATEGORY_DEFS) }),
    unit: withMeta(num(L.diUnit(n)), { kind: 'select', options: indexOptions(DI_UNIT_DEFS) }),
    ratio: num(L.diRatio(n)),
  });
type DiRowSchema = ReturnType<typeof diRow>;
export type DiConfig = z.infer<DiRowSchema>;

const eventRow = (key: MeterEventKey) => strictObject({ enable: flag(L.systemEventEnable(key)), output: select(L.systemEventOutput(key), SYSTEM_EVENT_OUTPUT_OPTIONS) });
type EventRowSchema = ReturnType<typeof eventRow>;
export const systemEventAlarmSchema = strictObject(Object.fromEntries(METER_EVENT_KEYS.map((k) => [k, eventRow(k)])) as Record<MeterEventKey, EventRowSchema>);

export const DI_ADVANCED_OPTIONS = { categoryDef: [...DI_CATEGORY_DEFS], unitDef: [...DI_UNIT_DEFS] };

/** The largest DI ratio (decided, docs/decisions/security-server-hardening-download-tickets-full-disk.md: the spec gives none; a meter keeps it as a 32-bit float). */
export const DI_RATIO_MAX = 1_000_000;

const notZero =
  (label: string): Checker<number> =>
  (v) =>
    v === 0 ? t.notZero(label) : undefined;

/**
 * The PUT settings/ioConfig body. While the meter is sealed no field is checked (the module
 * refuses any change). A counter input's category and unit must be listed and its ratio a signed
 * decimal other than 0; a status input's are disabled and only need to be numbers.
 */
export function ioConfigSchema(ctx: MeterContext) {
  const sealed = new Set(sealedFields('io', ctx));
  const s = <S extends z.ZodType>(key: string, schema: S) => sealable(schema, sealed.has(key));
  const pulseOptions = energyPulseOptions(ctx);
  const di = Object.fromEntries(DI_CONFIG_KEYS.map((k, i) => [k, s(k, diRow(i + 1))])) as Record<DiKey, DiRowSchema>;
  const dos = Object.fromEntries(DO_CHANNEL_KEYS.map((k, i) => [k, s(k, select(L.doChannel(i + 1), pulseOptions))])) as Record<DoKey, ReturnType<typeof select>>;
  return strictObject({
    ...di,
    diAdvancedOptions: s('diAdvancedOptions', sameAs(L.diAdvancedOptions, DI_ADVANCED_OPTIONS, t.readOnly)),
    systemEventAlarm: s('systemEventAlarm', systemEventAlarmSchema),
    pulseConst: s('pulseConst', intBetween(L.pulseConst, 1, pulseConstMax(ctx))),
    pulseWidth: s('pulseWidth', withMeta(intBetween(L.pulseWidth, ...PULSE_WIDTH_RANGE), { unit: 'ms' })),
    ...dos,
    ro1Type: s('ro1Type', select(L.roType(1), RO_TYPE_OPTIONS)),
    ro2Type: s('ro2Type', select(L.roType(2), RO_TYPE_OPTIONS)),
    ro1OutputMode: s('ro1OutputMode', select(L.roOutputMode(1), RO_OUTPUT_MODE_OPTIONS)),
    ro2OutputMode: s('ro2OutputMode', select(L.roOutputMode(2), RO_OUTPUT_MODE_OPTIONS)),
    roPulseWidth: s('roPulseWidth', withMeta(intBetween(L.roPulseWidth, ...RO_PULSE_WIDTH_RANGE), { unit: 'ms' })),
    roAlarmOutputTime: s('roAlarmOutputTime', intBetween(L.roAlarmOutputTime, ...RO_ALARM_OUTPUT_TIME_RANGE)),
  }).superRefine((v, c) => {
    DI_CONFIG_KEYS.forEach((key, i) => {
      const row = v[key];
      if (sealed.has(key) || !row) return;
      const n = i + 1;
      const ratio = (...more: Checker<number>[]) => num(L.diRatio(n), rule.allNum(), rule.between(-DI_RATIO_MAX, DI_RATIO_MAX), ...more);
      if (row.type !== 1) {
        // A status input's fields are disabled, not free: still in range (issue 14).
        checkField(c, [key, 'category'], int(L.diCategory(n)), row.category);
        checkField(c, [key, 'unit'], int(L.diUnit(n)), row.unit);
        checkField(c, [key, 'ratio'], ratio(), row.ratio);
        return;
      }
      checkField(
        c,
        [key, 'category'],
        select(
          L.diCategory(n),
          DI_CATEGORY_DEFS.map((_, k) => k),
        ),
        row.category,
      );
      checkField(
        c,
        [key, 'unit'],
        select(
          L.diUnit(n),
          DI_UNIT_DEFS.map((_, k) => k),
        ),
        row.unit,
      );
      checkField(c, [key, 'ratio'], ratio(notZero(L.diRatio(n))), row.ratio);
    });
  });
}
export type IoConfigBody = z.input<ReturnType<typeof ioConfigSchema>>;

const n = z.number();
const diData = z.object({ type: n, name: z.string(), category: n, unit: n, ratio: n });
/** GET settings/ioConfig. */
export const ioConfigData = z.object({
  ...(Object.fromEntries(DI_CONFIG_KEYS.map((k) => [k, diData])) as Record<DiKey, typeof diData>),
  diAdvancedOptions: z.object({ categoryDef: z.array(z.string()), unitDef: z.array(z.string()) }),
  systemEventAlarm: z.object(
    Object.fromEntries(METER_EVENT_KEYS.map((k) => [k, z.object({ enable: n, output: n })])) as Record<MeterEventKey, z.ZodObject<{ enable: z.ZodNumber; output: z.ZodNumber }>>,
  ),
  pulseConst: n,
  pulseWidth: n,
  ...(Object.fromEntries(DO_CHANNEL_KEYS.map((k) => [k, n])) as Record<DoKey, z.ZodNumber>),
  ro1Type: n,
  ro2Type: n,
  ro1OutputMode: n,
  ro2OutputMode: n,
  roPulseWidth: n,
  roAlarmOutputTime: n,
});
export type IoConfig = z.infer<typeof ioConfigData>;
