/** Options of the channel select (000 §2 "Channel select"), from settings/getUserName. */
import { CHANNEL_COUNT, type UserNameMapping } from '@meter/contract';

export const NO_CHANNEL = -1;

export interface ChannelOption {
  value: number;
  label: string;
}

/** Channels above 18 are user channels, numbered from 1 (000 §9). */
export function channelName(channel: number): string {
  return channel > CHANNEL_COUNT ? `User Channel ${channel - CHANNEL_COUNT}` : `Input Channel ${channel}`;
}

/** userId1..userId18 in order; a channel of 0 (or none) stands for the entry's own number. */
export function channelOptions(mapping: UserNameMapping | undefined): ChannelOption[] {
  const options: ChannelOption[] = [];
  for (let n = 1; n <= CHANNEL_COUNT; n++) {
    const entry = mapping?.[`userId${n}`];
    const value = entry?.channel ? entry.channel : n;
    const name = entry?.userName?.trim() ?? '';
    options.push({ value, label: name ? `${channelName(value)} - ${name}` : channelName(value) });
  }
  return options;
}
