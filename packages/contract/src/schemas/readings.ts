import { z } from 'zod';

/** 000 §3 readings rows: `Name` plus parameter keys with units. */
export const readingRow = z.record(z.string(), z.union([z.string(), z.number()]));
export type ReadingRow = z.infer<typeof readingRow>;
export const readingRows = z.array(readingRow);

/** Parameter keys of the real-time rows, in display order. */
export const REALTIME_KEYS = {
  vln: 'Line-to-Neutral Voltage V',
  vll: 'Line-to-Line Voltage V',
  current: 'Current A',
  activePower: 'Active Power kW',
  reactivePower: 'Reactive Power kvar',
  apparentPower: 'Apparent Power kVA',
  powerFactor: 'Power Factor',
  loadNature: 'Load Nature',
  frequency: 'Frequency Hz',
} as const;

export const channelParam = z.object({ channel: z.coerce.number().int().min(1).max(24) });
