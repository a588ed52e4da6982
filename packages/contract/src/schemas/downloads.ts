import { z } from 'zod';

/** A path under the API the browser is to open by itself (a file link): `/api/...`, query-free. */
export const downloadTicketBody = z.strictObject({
  path: z
    .string()
    .max(1000)
    .regex(/^\/api\/[^?#]+$/, { error: 'path must be an API path without a query' }),
});
export type DownloadTicketBody = z.infer<typeof downloadTicketBody>;

/** A single-use ticket that opens that one path once, for the user who asked, within `expiresInSeconds`. */
export const downloadTicketReply = z.object({ ticket: z.string(), expiresInSeconds: z.number().int().positive() });
export type DownloadTicketReply = z.infer<typeof downloadTicketReply>;
