/**
 * Wiring types and the channel layout each gives (000 §3, §9; 001 §3 "Wiring type options").
 *
 * Values decided here (the spec shows 1LN 0, 3LN 1, 2LN 2 and says the others depend on firmware
 * and module status). 000 §9 names the same wiring twice: "mcStatus 1 with wiring 3, or mcStatus
 * 0 with wiring 4" drops line-to-neutral voltage — that is 2LL, the one wiring without a neutral —
 * and "mcStatus 1 with wiring 4, or mcStatus 0 with wiring 5" hides the input channels' TOU — that
 * is Network, whose 18 inputs pair into 9 two-phase user channels. So:
 *
 *   mcStatus 1: 3 2LL, 4 Network, 5 High-leg Delta
 *   mcStatus 0: 3 High-leg Delta, 4 2LL, 5 Network
 *
 * 2LL and Network need meter firmware 1.12, High-leg Delta 1.16 (firmware.ts).
 */
import { CHANNEL_COUNT } from '../constants.ts';
import type { MeterContext, SelectOption } from '../../meter-state/context.ts';
import { METER_FIRMWARE, firmwareAtLeast } from '../../meter-state/firmware.ts';

export const WIRING_KINDS = ['1LN', '3LN', '2LN', '2LL', 'NET', 'HLD'] as const;
export type WiringKind = (typeof WIRING_KINDS)[number];

export const WIRING_KIND_LABELS: Record<WiringKind, string> = {
  '1LN': '1LN',
  '3LN': '3LN',
  '2LN': '2LN',
  '2LL': '2LL',
  HLD: 'High-leg Delta',
  NET: 'Network',
};

const VALUES_MC1: Record<WiringKind, number> = { '1LN': 0, '3LN': 1, '2LN': 2, '2LL': 3, NET: 4, HLD: 5 };
const VALUES_MC0: Record<WiringKind, number> = { '1LN': 0, '3LN': 1, '2LN': 2, HLD: 3, '2LL': 4, NET: 5 };
/** Any module status but 0 numbers the wiring types like mcStatus 1. */
const valuesFor = (mcStatus: number) => (mcStatus === 0 ? VALUES_MC0 : VALUES_MC1);

/** The wiring value the meter reports for a kind under a module status. */
export const wiringValueOf = (kind: WiringKind, mcStatus: number): number => valuesFor(mcStatus)[kind];

/** The kind behind a reported wiring value, or undefined for a value no wiring has. */
export function wiringKindOf(value: number, mcStatus: number): WiringKind | undefined {
  const table = valuesFor(mcStatus);
  return WIRING_KINDS.find((k) => table[k] === value);
}

/** Whether the meter's firmware offers a wiring kind. */
export function wiringAvailable(kind: WiringKind, firmware: string): boolean {
  if (kind === '2LL' || kind === 'NET') return firmwareAtLeast(firmware, METER_FIRMWARE.extendedWiring);
  if (kind === 'HLD') return firmwareAtLeast(firmware, METER_FIRMWARE.highLegDelta);
  return true;
}

/** User and CT settings, "Wiring of Three Phase User" (connectionType), ordered by value. */
export function wiringTypeOptions(ctx: Pick<MeterContext, 'mcStatus' | 'meterFirmwareVersion'>): SelectOption[] {
  return WIRING_KINDS.filter((k) => wiringAvailable(k, ctx.meterFirmwareVersion))
    .map((k) => ({ value: wiringValueOf(k, ctx.mcStatus), label: WIRING_KIND_LABELS[k] }))
    .sort((a, b) => a.value - b.value);
}

/**
 * Inputs of each user channel (user channel u is channel 18 + u):
 * 1LN none (every input is its own channel); 3LN and High-leg Delta 6 of three inputs;
 * 2LN and 2LL 6 of two, every third input without a CT; Network 9 of two (inputs 2u-1, 2u).
 */
export function userChannelLayout(kind: WiringKind): readonly (readonly number[])[] {
  return USER_CHANNEL_LAYOUTS[kind];
}

// Built once: the simulator asks for a channel's inputs at every step.
const USER_CHANNEL_LAYOUTS: Readonly<Record<WiringKind, readonly (readonly number[])[]>> = {
  '1LN': [],
  '3LN': Array.from({ length: 6 }, (_, i) => [3 * i + 1, 3 * i + 2, 3 * i + 3]),
  HLD: Array.from({ length: 6 }, (_, i) => [3 * i + 1, 3 * i + 2, 3 * i + 3]),
  '2LN': Array.from({ length: 6 }, (_, i) => [3 * i + 1, 3 * i + 2]),
  '2LL': Array.from({ length: 6 }, (_, i) => [3 * i + 1, 3 * i + 2]),
  NET: Array.from({ length: 9 }, (_, i) => [2 * i + 1, 2 * i + 2]),
};

/** Most user channels any wiring has (Network's 9). */
export const MAX_USER_CHANNELS = 9;

/** Inputs with a CT under a wiring: all, except every third input under 2LN and 2LL. */
export function installedInputs(kind: WiringKind): boolean[] {
  return Array.from({ length: CHANNEL_COUNT }, (_, i) => !((kind === '2LN' || kind === '2LL') && (i + 1) % 3 === 0));
}

/** Inputs behind channel n (1-18 an input, 19+ a user channel), or null when it does not exist. */
export function channelInputsOf(channel: number, kind: WiringKind): readonly number[] | null {
  if (!Number.isInteger(channel) || channel < 1) return null;
  if (channel <= CHANNEL_COUNT) return [channel];
  return userChannelLayout(kind)[channel - CHANNEL_COUNT - 1] ?? null;
}

/**
 * The meter's channel code: CH101-CH118 for inputs; a user channel is CH30u with three inputs
 * (3LN, High-leg Delta) and CH20u with two (2LN, 2LL, Network) — 001 §3 "CH301/201 to CH306/206".
 */
export function channelCode(channel: number, kind: WiringKind): string {
  if (channel <= CHANNEL_COUNT) return `CH${100 + channel}`;
  const u = channel - CHANNEL_COUNT;
  const three = (userChannelLayout(kind)[0]?.length ?? 3) === 3;
  return `CH${three ? 300 + u : 200 + u}`;
}

/** Every channel of a wiring: inputs 1-18, then its user channels. */
export function channelsOf(kind: WiringKind): number[] {
  return [...Array.from({ length: CHANNEL_COUNT }, (_, i) => i + 1), ...userChannelLayout(kind).map((_, u) => CHANNEL_COUNT + u + 1)];
}

/**
 * User and Channel Mapping, channel select (001 §3): 0 None, 1-18 Input Channel, 19-24 User
 * Channel 1-6, 25-27 User Channel 7-9 under Network. Decided: a user channel the wiring does not
 * have is not offered (1LN has none), as the readings of such a channel do not exist.
 */
export function userChannelOptions(kind: WiringKind): SelectOption[] {
  return [
    { value: 0, label: 'None' },
    ...Array.from({ length: CHANNEL_COUNT }, (_, i) => ({ value: i + 1, label: `Input Channel ${i + 1}` })),
    ...userChannelLayout(kind).map((_, u) => ({ value: CHANNEL_COUNT + u + 1, label: `User Channel ${u + 1}` })),
  ];
}

/** The kind of the context's wiring (the meter's own value; 3LN if the value is unknown). */
export const contextWiringKind = (ctx: Pick<MeterContext, 'wiringType' | 'mcStatus'>): WiringKind => wiringKindOf(ctx.wiringType, ctx.mcStatus) ?? '3LN';
