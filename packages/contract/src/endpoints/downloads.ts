import * as downloads from '../schemas/downloads.ts';
import { SESSION, ep } from './define.ts';

export const downloadEndpoints = {
  // A file link without the session token in its URL (docs/decisions.md, Download tickets): the
  // module's own call, the spec shows none. The file's own endpoint still checks the permission.
  downloadTicket: ep({ method: 'POST', path: '/downloadTicket', body: downloads.downloadTicketBody, reply: downloads.downloadTicketReply, auth: SESSION }),
} as const;
