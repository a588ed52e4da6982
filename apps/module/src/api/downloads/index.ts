/** Download tickets (docs/decisions/security-server-hardening-download-tickets-full-disk.md, "Download tickets"): a file link's one-time pass. */
import { endpoints, hardeningTexts } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest, unauthorized } from '../../errors.ts';
import type { DownloadTickets } from '../../services/downloads/download-tickets.ts';
import { handle } from '../registry.ts';

export interface DownloadsApiOptions {
  tickets: DownloadTickets;
}

export const downloadsApi: FastifyPluginAsync<DownloadsApiOptions> = async (app, { tickets }) => {
  handle(app, endpoints.downloadTicket, ({ body, principal }) => {
    if (!tickets.isDownload(body.path)) throw badRequest(hardeningTexts.notADownload, { path: hardeningTexts.notADownload });
    // Only a signed-in user's session holds tickets: the API token is a machine's, sent in its header.
    if (!principal.sessionId) throw unauthorized();
    return tickets.issue(principal.sessionId, body.path);
  });
};
