/** Module firmware (002 §7.6): upload of the .a2up, processing, the update log. */
import { z } from 'zod';
import { emptyBody, successReply } from '../schemas/common.ts';
import { ep, read, write } from './define.ts';

export const firmwareEndpoints = {
  /** The package as the request body (application/octet-stream): the module checks it when processing. */
  uploadFirmware: ep({ method: 'POST', path: '/upload/firmware', reply: successReply, auth: write('maintenance') }),
  fwUpdate: ep({ method: 'PATCH', path: '/fwUpdate/update', body: emptyBody, reply: successReply, auth: write('maintenance') }),
  fwUpdateInfo: ep({ method: 'GET', path: '/fwUpdate/info', reply: z.object({ output: z.string() }), auth: read('maintenance') }),
} as const;
