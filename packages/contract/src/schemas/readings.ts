import { z } from 'zod';

/** 000 §3 readings rows: `Name` plus parameter keys with units. */
export const readingRow = z.record(z.string(), z.union([z.string(), z.number()]));
export type ReadingRow = z.infer<typeof readingRow>;
export const readingRows = z.array(readingRow);

export const channelParam = z.object({ channel: z.coerce.number().int().min(1).max(24) });
