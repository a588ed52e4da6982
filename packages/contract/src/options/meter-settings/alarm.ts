/**
 * Alarm settings option lists (001 §3 "Alarm config"). Each parameter carries `source`, what it
 * measures, so the module's alarm engine reads the same thing the console lists.
 *
 * Setpoints are in % (001 §3), decided as percent of the parameter's nominal value: voltages of
 * the rated voltage (line voltages of rated × √3), currents of the CT full scale (a phase: the sum
 * of its inputs' CTs; an average or a user channel: the mean CT), powers and their demands of
 * nominal voltage × nominal current, power factor of 1.000, frequency of 60 Hz.
 */
import { CHANNEL_COUNT } from '../constants.ts';
import { QUANTITY_NAMES as Q } from '../shared-texts.ts';
import type { MeterContext, SelectOption } from '../../meter-state/context.ts';
import { channelCode, channelsOf, contextWiringKind } from './wiring.ts';

export const ALARM_COUNT = 10;
export const ALARM_DELAY_RANGE = [0, 30000] as const;

export const ALARM_CHANNEL_TYPE = { realtimeIncoming: 0, realtimeUser: 1, demandIncoming: 2, demandUser: 3, digitalInput: 4 } as const;
const CHANNEL_TYPES: readonly SelectOption[] = [
  { value: 0, label: 'Real-Time Metering (Incoming)' },
  { value: 1, label: 'Real-Time Metering (User)' },
  { value: 2, label: 'Demand (Incoming)' },
  { value: 3, label: 'Demand (User)' },
  { value: 4, label: 'Digital Input' },
];
/** Demand types (2, 3) only when demand is verified. */
export function alarmChannelTypeOptions(ctx: Pick<MeterContext, 'demandVerified'>): SelectOption[] {
  return CHANNEL_TYPES.filter((o) => ctx.demandVerified || (o.value !== 2 && o.value !== 3));
}

export const ALARM_SETTING = { greater: 1, equal: 2, less: 3 } as const;
export const ALARM_SETTING_SIGNS: Record<number, '>' | '=' | '<'> = { 1: '>', 2: '=', 3: '<' };
/** 1 '>', 2 '=', 3 '<'; a Digital Input only '='. */
export function alarmSettingOptions(type: number): SelectOption[] {
  const all = [1, 2, 3].map((v) => ({ value: v, label: ALARM_SETTING_SIGNS[v]! }));
  return type === ALARM_CHANNEL_TYPE.digitalInput ? all.filter((o) => o.value === 2) : all;
}
/** A Digital Input's setpoint is a select, ON (1) or OFF (0); other types take a number (%): null. */
export function alarmSetPointOptions(type: number): SelectOption[] | null {
  return type === ALARM_CHANNEL_TYPE.digitalInput
    ? [
        { value: 1, label: 'ON' },
        { value: 0, label: 'OFF' },
      ]
    : null;
}
export const ALARM_SETPOINT_UNIT = '%';

export const ALARM_OUTPUT_OPTIONS: readonly SelectOption[] = [
  { value: 0, label: 'None' },
  { value: 1, label: 'RO1' },
  { value: 2, label: 'RO2' },
];

// ---- what a parameter measures ----------------------------------------------------------------

export type RealtimeQuantity = 'frequency' | 'vln' | 'vll' | 'current' | 'p' | 'q' | 's' | 'pf';
export type DemandQuantity = 'current' | 'p' | 'q' | 's';
/** 0-2 phases A-C; 'avg' the average of the phases; 'total' the system. */
export type PhaseRef = 0 | 1 | 2 | 'avg' | 'total';

export type AlarmSource =
  | { kind: 'incoming'; quantity: RealtimeQuantity; phase: PhaseRef }
  | { kind: 'channel'; channel: number; quantity: Exclude<RealtimeQuantity, 'frequency' | 'vll'> }
  | { kind: 'incomingDemand'; quantity: DemandQuantity; phase: 0 | 1 | 2 | 'total'; prediction: boolean }
  | { kind: 'channelDemand'; channel: number; quantity: DemandQuantity; prediction: boolean }
  | { kind: 'digitalInput'; di: number };

export interface AlarmParameter extends SelectOption {
  source: AlarmSource;
}

const PH = ['A', 'B', 'C'] as const;
const LL = ['AB', 'BC', 'CA'] as const;
const POWER_NAMES = { p: Q.p, q: Q.q, s: Q.s, pf: Q.pf } as const;

function numbered(items: Array<{ label: string; source: AlarmSource }>): AlarmParameter[] {
  return items.map((x, value) => ({ value, ...x }));
}

/** Type 0: 29 items — frequency, phase and line voltages, currents, powers, power factor. */
const REALTIME_INCOMING: AlarmParameter[] = numbered([
  { label: 'Frequency', source: { kind: 'incoming', quantity: 'frequency', phase: 'total' } },
  ...PH.map((p, i) => ({ label: `Phase ${p} Voltage`, source: { kind: 'incoming', quantity: 'vln', phase: i as 0 | 1 | 2 } }) as const),
  { label: 'Average Phase Voltage', source: { kind: 'incoming', quantity: 'vln', phase: 'avg' } },
  ...LL.map((p, i) => ({ label: `Line ${p} Voltage`, source: { kind: 'incoming', quantity: 'vll', phase: i as 0 | 1 | 2 } }) as const),
  { label: 'Average Line Voltage', source: { kind: 'incoming', quantity: 'vll', phase: 'avg' } },
  ...PH.map((p, i) => ({ label: `Phase ${p} Current`, source: { kind: 'incoming', quantity: 'current', phase: i as 0 | 1 | 2 } }) as const),
  { label: 'Average Current', source: { kind: 'incoming', quantity: 'current', phase: 'avg' } },
  ...(['p', 'q', 's', 'pf'] as const).flatMap((q) => [
    ...PH.map((p, i) => ({ label: `Phase ${p} ${POWER_NAMES[q]}`, source: { kind: 'incoming', quantity: q, phase: i as 0 | 1 | 2 } }) as const),
    { label: `Total ${POWER_NAMES[q]}`, source: { kind: 'incoming', quantity: q, phase: 'total' } } as const,
  ]),
]);

/** Type 2: 30 items — phase current demands and the phase and total power demands, each with its prediction. */
const DEMAND_INCOMING: AlarmParameter[] = numbered(
  (
    [
      ['current', 'Current Demand', [0, 1, 2]],
      ['p', 'Active Power Demand', [0, 1, 2, 'total']],
      ['q', 'Reactive Power Demand', [0, 1, 2, 'total']],
      ['s', 'Apparent Power Demand', [0, 1, 2, 'total']],
    ] as const
  ).flatMap(([quantity, name, phases]) =>
    [false, true].flatMap((prediction) =>
      phases.map((phase) => ({
        label: `${phase === 'total' ? 'Total' : `Phase ${PH[phase]}`} ${name}${prediction ? ' Prediction' : ''}`,
        source: { kind: 'incomingDemand', quantity, phase, prediction } as const,
      })),
    ),
  ),
);

const CHANNEL_QUANTITIES = [
  ['current', 'Current'],
  ['p', Q.p],
  ['q', Q.q],
  ['s', Q.s],
  ['pf', Q.pf],
] as const;
const CHANNEL_DEMANDS = [
  ['current', 'Current Demand'],
  ['p', 'Active Power Demand'],
  ['q', 'Reactive Power Demand'],
  ['s', 'Apparent Power Demand'],
] as const;

/**
 * Index of a channel in the per-channel lists: inputs 0-17, user channels 18-26. Values are
 * index × items per channel + item, so a value means the same channel under every wiring.
 */
const channelIndex = (channel: number) => channel - 1;
export const CHANNEL_ALARM_ITEMS = CHANNEL_QUANTITIES.length;
export const CHANNEL_DEMAND_ALARM_ITEMS = CHANNEL_DEMANDS.length * 2;

/** Type 1: per channel, CH101-CH118 then the wiring's user channels (CH301/201-CH306/206, CH207-CH209 under Network). */
function realtimeUser(ctx: Pick<MeterContext, 'wiringType' | 'mcStatus'>): AlarmParameter[] {
  const kind = contextWiringKind(ctx);
  return channelsOf(kind).flatMap((channel) =>
    CHANNEL_QUANTITIES.map(([quantity, name], q) => ({
      value: channelIndex(channel) * CHANNEL_ALARM_ITEMS + q,
      label: `${channelCode(channel, kind)} ${name}`,
      source: { kind: 'channel', channel, quantity } as const,
    })),
  );
}

/** Type 3: per channel, each demand with its prediction. */
function demandUser(ctx: Pick<MeterContext, 'wiringType' | 'mcStatus'>): AlarmParameter[] {
  const kind = contextWiringKind(ctx);
  return channelsOf(kind).flatMap((channel) =>
    [false, true].flatMap((prediction, half) =>
      CHANNEL_DEMANDS.map(([quantity, name], q) => ({
        value: channelIndex(channel) * CHANNEL_DEMAND_ALARM_ITEMS + half * CHANNEL_DEMANDS.length + q,
        label: `${channelCode(channel, kind)} ${name}${prediction ? ' Prediction' : ''}`,
        source: { kind: 'channelDemand', channel, quantity, prediction } as const,
      })),
    ),
  );
}

/** Type 4: Digital Input 1-18, values 0-17. */
const DIGITAL_INPUTS: AlarmParameter[] = Array.from({ length: CHANNEL_COUNT }, (_, i) => ({
  value: i,
  label: `Digital Input ${i + 1}`,
  source: { kind: 'digitalInput', di: i + 1 } as const,
}));

/** The parameters of an alarm channel type (empty for an unknown type). */
export function alarmParameterOptions(type: number, ctx: Pick<MeterContext, 'wiringType' | 'mcStatus'>): AlarmParameter[] {
  switch (type) {
    case ALARM_CHANNEL_TYPE.realtimeIncoming:
      return REALTIME_INCOMING;
    case ALARM_CHANNEL_TYPE.realtimeUser:
      return realtimeUser(ctx);
    case ALARM_CHANNEL_TYPE.demandIncoming:
      return DEMAND_INCOMING;
    case ALARM_CHANNEL_TYPE.demandUser:
      return demandUser(ctx);
    case ALARM_CHANNEL_TYPE.digitalInput:
      return DIGITAL_INPUTS;
    default:
      return [];
  }
}

export function alarmParameter(type: number, value: number, ctx: Pick<MeterContext, 'wiringType' | 'mcStatus'>): AlarmParameter | undefined {
  return alarmParameterOptions(type, ctx).find((p) => p.value === value);
}
