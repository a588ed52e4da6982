/**
 * The readings replies only the calls use (000 §3; issue 26's meter link): rows of `Name` plus
 * parameter keys, and the meter link. Apart from readings.ts so the metering screens, which read
 * its keys and labels, do not carry them.
 */
import { z } from 'zod';

/** 000 §3 readings rows: `Name` plus parameter keys with units. */
export const readingRow = z.record(z.string(), z.union([z.string(), z.number()]));
export type ReadingRow = z.infer<typeof readingRow>;
export const readingRows = z.array(readingRow);

export const channelParam = z.object({ channel: z.coerce.number().int().min(1).max(24) });

/**
 * GET readings/meter-link: `lostSince` is null while the meter answers, else the device time (ms)
 * it stopped answering, and `since` that instant as the device's wall clock 'HH:mm:ss' (the
 * banner's hh:mm:ss); `source` is 'simulated', 'modbus-tcp' or 'modbus-rtu'.
 */
export const meterLinkReply = z.object({ source: z.string(), lostSince: z.number().nullable(), since: z.string().nullable() });
export type MeterLinkReply = z.infer<typeof meterLinkReply>;
