/**
 * Download tickets (issue 14, beyond the spec): a file link without the session token in its URL.
 */
import { z } from 'zod';
import { SESSION, ep } from '../endpoints/define.ts';

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

export const downloadEndpoints = {
  // A file link without the session token in its URL (docs/decisions/security-server-hardening-download-tickets-full-disk.md, Download tickets): the
  // module's own call, the spec shows none. The file's own endpoint still checks the permission.
  downloadTicket: ep({ method: 'POST', path: '/downloadTicket', body: downloadTicketBody, reply: downloadTicketReply, auth: SESSION }),
} as const;
