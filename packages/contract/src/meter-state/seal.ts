/**
 * Which settings the meter's seal protects (001 §4 "Seal"): the console disables them, the
 * module refuses to change them. Returned as top-level keys of the section's object (a key of an
 * object, e.g. di3Config or optionalSealConfig, covers all its fields).
 *
 * - General: the general seal covers Device Transformer, the Demand and DI Synchronous Demand
 *   cards and VAR Calculation Method / VAR/PF Convention; with optionalSealConfig.commuParam also
 *   the On Board RS485 card. Decided: the Optional Seal Configuration itself is sealed too (a seal
 *   whose extent can be changed under it would protect nothing).
 * - Alarm: with optionalSealConfig.roRelated, the Alarm Disable/Enable radio.
 * - I/O and Event, User and CT: every field.
 */
import { CHANNEL_COUNT } from '../options/constants.ts';
import type { MeterContext } from './context.ts';
import { DO_COUNT } from '../options/meter-settings/io.ts';

export type MeterSettingsSection = 'general' | 'alarm' | 'io' | 'userCt';

export const GENERAL_SEALED_KEYS = [
  'deviceTransformer',
  'demandMethod',
  'subInterval',
  'avgIntervalWindow',
  'diTriggerCondition',
  'diSyncSource',
  'varCalMethod',
  'varPfConvention',
  'optionalSealConfig',
] as const;
export const RS485_KEYS = ['protocolSelect', 'meterAddress', 'meterBaud', 'meterParity', 'bacnetAddress', 'bacnetBaud', 'maxInfoFrame', 'bacnetId'] as const;

const range = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1));

export const IO_KEYS = [
  ...range(CHANNEL_COUNT, (i) => `di${i}Config`),
  'diAdvancedOptions',
  'systemEventAlarm',
  'pulseConst',
  'pulseWidth',
  ...range(DO_COUNT, (i) => `do${i}Channel`),
  'ro1Type',
  'ro2Type',
  'ro1OutputMode',
  'ro2OutputMode',
  'roPulseWidth',
  'roAlarmOutputTime',
] as const;
export const USER_CT_KEYS = [...range(CHANNEL_COUNT, (i) => `CT${i - 1}`), 'connectionType', ...range(CHANNEL_COUNT, (i) => `userId${i}`)] as const;

/** The keys of a section the seal protects now; empty when the meter is not sealed. */
export function sealedFields(section: MeterSettingsSection, ctx: Pick<MeterContext, 'sealed' | 'optionalSeal'>): string[] {
  if (!ctx.sealed) return [];
  switch (section) {
    case 'general':
      return [...GENERAL_SEALED_KEYS, ...(ctx.optionalSeal.commuParam === 1 ? RS485_KEYS : [])];
    case 'alarm':
      return ctx.optionalSeal.roRelated === 1 ? ['enable'] : [];
    case 'io':
      return [...IO_KEYS];
    case 'userCt':
      return [...USER_CT_KEYS];
  }
}

/** 001 §4 "Pulse input rows": the DI type is editable only on a pulse-verified meter. */
export const diTypeLocked = (ctx: Pick<MeterContext, 'pulseVerified'>): boolean => !ctx.pulseVerified;
