/** Meter General settings (settings/meter): 001 §3 "Meter settings", §4 visibility, §5 "General settings". */
import { z } from 'zod';
import { meterSettingsTexts as t } from '../../messages.ts';
import { flag, int, intBetween, optionalText, strictObject } from '../../rules/fields.ts';
import { rule } from '../../rules/validators.ts';
import { OPTIONAL_SEAL_KEYS, type MeterContext } from '../../meter-state/context.ts';
import {
  BAUD_OPTIONS,
  DI_SYNC_SOURCE_OPTIONS,
  DI_TRIGGER_OPTIONS,
  PARITY_OPTIONS,
  VAR_METHOD_OPTIONS,
  VAR_PF_CONVENTION_OPTIONS,
  demandMethodOptions,
  protocolOptions,
  transformerOptions,
} from '../../options/meter-settings/general.ts';
import { sealedFields } from '../../meter-state/seal.ts';
import { sameAs, sealable, select } from '../../rules/checks.ts';
import { withMeta } from '../../rules/field-meta.ts';
import { GENERAL_LABELS as L, OPTIONAL_SEAL_LABELS } from './labels.ts';

const DESCRIPTION_MAX = 30;
const BACNET_ID_RANGE = [1, 4194303] as const;

export const optionalSealConfigSchema = strictObject(
  Object.fromEntries(OPTIONAL_SEAL_KEYS.map((k) => [k, flag(OPTIONAL_SEAL_LABELS[k])])) as Record<(typeof OPTIONAL_SEAL_KEYS)[number], ReturnType<typeof flag>>,
);

/**
 * The PUT settings/meter body under a device context. Shown and hidden fields travel alike (the
 * whole object); BACnet ID is shown only with protocol 2 (001 §5 "BACnet only") and range-checked
 * always, like every hidden number (issue 14, 28). voltageWiring
 * and meterPassword come back from the GET unchanged: the wiring is set in the User and CT
 * settings, the password with command/meter/setMeterPassword.
 */
export function meterSettingsSchema(ctx: MeterContext) {
  const sealed = new Set(sealedFields('general', ctx));
  const s = <S extends z.ZodType>(key: keyof typeof L, schema: S) => sealable(schema, sealed.has(key));
  const transformers = transformerOptions(ctx.meterModel);
  return strictObject({
    deviceDescription: withMeta(optionalText(L.deviceDescription, rule.maxLength(DESCRIPTION_MAX)), { maxLength: DESCRIPTION_MAX }),
    deviceTransformer: s('deviceTransformer', transformers.length > 0 ? select(L.deviceTransformer, transformers) : int(L.deviceTransformer)),
    ratedVoltage: withMeta(intBetween(L.ratedVoltage, 10, 400), { unit: 'V' }),
    demandMethod: s('demandMethod', select(L.demandMethod, demandMethodOptions(ctx.demandMethod))),
    subInterval: s('subInterval', intBetween(L.subInterval, 1, 30)),
    avgIntervalWindow: s('avgIntervalWindow', withMeta(intBetween(L.avgIntervalWindow, 1, 30), { unit: 'minutes' })),
    diTriggerCondition: s('diTriggerCondition', select(L.diTriggerCondition, DI_TRIGGER_OPTIONS)),
    diSyncSource: s('diSyncSource', select(L.diSyncSource, DI_SYNC_SOURCE_OPTIONS)),
    varCalMethod: s('varCalMethod', select(L.varCalMethod, VAR_METHOD_OPTIONS)),
    varPfConvention: s('varPfConvention', select(L.varPfConvention, VAR_PF_CONVENTION_OPTIONS)),
    protocolSelect: s('protocolSelect', select(L.protocolSelect, protocolOptions(ctx))),
    meterAddress: s('meterAddress', intBetween(L.meterAddress, 1, 247)),
    meterBaud: s('meterBaud', select(L.meterBaud, BAUD_OPTIONS)),
    meterParity: s('meterParity', select(L.meterParity, PARITY_OPTIONS)),
    bacnetAddress: s('bacnetAddress', intBetween(L.bacnetAddress, 0, 127)),
    bacnetBaud: s('bacnetBaud', select(L.bacnetBaud, BAUD_OPTIONS)),
    maxInfoFrame: s('maxInfoFrame', intBetween(L.maxInfoFrame, 1, 255)),
    // Checked whichever protocol is chosen (issue 28): a number the screen hides is still stored.
    bacnetId: s('bacnetId', intBetween(L.bacnetId, ...BACNET_ID_RANGE)),
    autoCycleStartTime: intBetween(L.autoCycleStartTime, 1, 60),
    autoCycleShowTime: intBetween(L.autoCycleShowTime, 5, 100),
    powerDecimal: intBetween(L.powerDecimal, 3, 4),
    backlightTime: intBetween(L.backlightTime, 0, 60),
    optionalSealConfig: s('optionalSealConfig', optionalSealConfigSchema),
    meterPassword: withMeta(sameAs(L.meterPassword, '', t.readOnly), { label: L.meterPassword, secret: true }),
    voltageWiring: withMeta(sameAs(L.voltageWiring, ctx.wiringType, t.readOnly), { label: L.voltageWiring }),
  });
}
export type MeterSettingsBody = z.input<ReturnType<typeof meterSettingsSchema>>;

const n = z.number();
/** GET settings/meter: the settings, the wiring the meter runs (voltageWiring, 000 §3) and an empty meterPassword. */
export const meterSettingsData = z.object({
  deviceDescription: z.string(),
  deviceTransformer: n,
  ratedVoltage: n,
  demandMethod: n,
  subInterval: n,
  avgIntervalWindow: n,
  diTriggerCondition: n,
  diSyncSource: n,
  varCalMethod: n,
  varPfConvention: n,
  protocolSelect: n,
  meterAddress: n,
  meterBaud: n,
  meterParity: n,
  bacnetAddress: n,
  bacnetBaud: n,
  maxInfoFrame: n,
  bacnetId: n,
  autoCycleStartTime: n,
  autoCycleShowTime: n,
  powerDecimal: n,
  backlightTime: n,
  optionalSealConfig: z.object(Object.fromEntries(OPTIONAL_SEAL_KEYS.map((k) => [k, n])) as Record<(typeof OPTIONAL_SEAL_KEYS)[number], z.ZodNumber>),
  meterPassword: z.string(),
  voltageWiring: n,
});
export type MeterSettings = z.infer<typeof meterSettingsData>;
