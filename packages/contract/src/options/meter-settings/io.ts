/** Option lists of the Meter I/O and Event settings (001 §3 "IO config", "Energy pulse channel"). */
import { CHANNEL_COUNT } from '../constants.ts';
import type { MeterContext, SelectOption } from '../../meter-state/context.ts';
import { METER_FIRMWARE, firmwareAtLeast } from '../../meter-state/firmware.ts';
import { channelCode, contextWiringKind, userChannelLayout } from './wiring.ts';

export const DI_COUNT = CHANNEL_COUNT;
export const DO_COUNT = 6;

export const DI_TYPE_OPTIONS: readonly SelectOption[] = [
  { value: 0, label: 'Status' },
  { value: 1, label: 'Counter' },
];

/**
 * diAdvancedOptions: what a counter input measures and in which unit (category and unit are
 * indexes into these lists). The device defines them; the settings cannot change them (decided).
 */
export const DI_CATEGORY_DEFS: readonly string[] = ['Water', 'Gas', 'Hot Water', 'Electricity', 'Steam', 'Other'];
export const DI_UNIT_DEFS: readonly string[] = ['m³', 'L', 'kWh', 'MWh', 'gal', 'ft³', 'pulse'];

export const RO_TYPE = { relayControl: 0, alarm: 1 } as const;
export const RO_TYPE_OPTIONS: readonly SelectOption[] = [
  { value: RO_TYPE.relayControl, label: 'Relay Control' },
  { value: RO_TYPE.alarm, label: 'Alarm' },
];
export const RO_OUTPUT_MODE = { latch: 0, momentary: 1 } as const;
export const RO_OUTPUT_MODE_OPTIONS: readonly SelectOption[] = [
  { value: RO_OUTPUT_MODE.latch, label: 'Latch' },
  { value: RO_OUTPUT_MODE.momentary, label: 'Momentary' },
];

/** systemEventAlarm output: 0 Relay 1, 1 Relay 2. */
export const SYSTEM_EVENT_OUTPUT_OPTIONS: readonly SelectOption[] = [
  { value: 0, label: 'Relay 1' },
  { value: 1, label: 'Relay 2' },
];

export const PULSE_WIDTH_RANGE = [20, 100] as const;
export const RO_PULSE_WIDTH_RANGE = [50, 3000] as const;
export const RO_ALARM_OUTPUT_TIME_RANGE = [1, 60000] as const;

/** Largest pulse constant: 60000 below meter firmware 1.15, 6000000 from it. */
export const pulseConstMax = (ctx: Pick<MeterContext, 'meterFirmwareVersion'>): number =>
  firmwareAtLeast(ctx.meterFirmwareVersion, METER_FIRMWARE.largePulseConstant) ? 6_000_000 : 60_000;

/** Energy pulse values of the incoming totals and the indications. */
export const ENERGY_PULSE = { incomingA: 25, incomingB: 26, incomingC: 27, incomingTotal: 28, demandIndication: 29, secondIndication: 30 } as const;

/**
 * Energy Pulse (DO) channel, do1Channel..do6Channel (001 §3): 0 None; 1-18 EP CH101-CH118;
 * 19-24 EP of user channels 1-6 (CH30u or CH20u by wiring); 25-28 the incoming totals (phases
 * A, B, C and Total); 29 Demand Indication; 30 Second Indication; and under Network 31-33 EP
 * CH207-CH209 — 34 options at most. Decided: like every channel list, user channels the wiring
 * does not have (all of them under 1LN) are not offered.
 */
export function energyPulseOptions(ctx: Pick<MeterContext, 'wiringType' | 'mcStatus'>): SelectOption[] {
  const kind = contextWiringKind(ctx);
  const users = userChannelLayout(kind).length;
  const options: SelectOption[] = [{ value: 0, label: 'None' }];
  for (let c = 1; c <= CHANNEL_COUNT; c++) options.push({ value: c, label: `EP ${channelCode(c, kind)}` });
  for (let u = 1; u <= Math.min(users, 6); u++) options.push({ value: CHANNEL_COUNT + u, label: `EP ${channelCode(CHANNEL_COUNT + u, kind)}` });
  options.push(
    { value: ENERGY_PULSE.incomingA, label: 'EP Incoming Phase A' },
    { value: ENERGY_PULSE.incomingB, label: 'EP Incoming Phase B' },
    { value: ENERGY_PULSE.incomingC, label: 'EP Incoming Phase C' },
    { value: ENERGY_PULSE.incomingTotal, label: 'EP Incoming Total' },
    { value: ENERGY_PULSE.demandIndication, label: 'Demand Indication' },
    { value: ENERGY_PULSE.secondIndication, label: 'Second Indication' },
  );
  for (let u = 7; u <= users; u++) options.push({ value: 24 + u, label: `EP ${channelCode(CHANNEL_COUNT + u, kind)}` });
  return options;
}
