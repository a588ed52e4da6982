/**
 * The channels of each trend chart (001 §3, §9): realtime rows carry the three phases and System,
 * energy rows also the 18 input channels. The picker appears only when there are more than 4.
 */
import { CHANNEL_COUNT, TREND_DEFAULT_CHANNELS, TREND_MAX_CHANNELS, TREND_PHASE_COLUMNS, energyInputColumn, type TrendKind } from '@meter/contract';

export const TREND_CHANNELS: Record<TrendKind, readonly string[]> = {
  realtime: TREND_PHASE_COLUMNS,
  energy: [...TREND_PHASE_COLUMNS, ...Array.from({ length: CHANNEL_COUNT }, (_, i) => energyInputColumn(i + 1))],
};

export const DEFAULT_TREND_CHANNELS: readonly string[] = TREND_DEFAULT_CHANNELS;

export const showsChannelPicker = (channels: readonly string[]): boolean => channels.length > TREND_MAX_CHANNELS;

/** Toggles a channel, keeping the list's order and the 4-channel limit (a fifth is refused). */
export function toggleChannel(all: readonly string[], chosen: readonly string[], channel: string): readonly string[] {
  if (chosen.includes(channel)) return chosen.filter((c) => c !== channel);
  if (chosen.length >= TREND_MAX_CHANNELS) return chosen;
  return all.filter((c) => c === channel || chosen.includes(c));
}
