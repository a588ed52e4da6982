import { emptyBody, successReply } from '../schemas/common.ts';
import { ipWhitelistSection } from '../sections/whitelist.ts';
import { ep, pathParams, read, sectionRead, sectionWrite, write } from './define.ts';

export const whitelistEndpoints = {
  // IP whitelist (002 §7.4): configuration view reads, configuration edit writes.
  ipWhitelistConfig: sectionRead('/settings/communication/ipWhitelistConfig', ipWhitelistSection, read('configuration')),
  saveIpWhitelistConfig: sectionWrite('/settings/communication/ipWhitelistConfig', ipWhitelistSection, write('configuration')),
  /** Writes the list as CSV; the reply's value is the file's path under /api, to download. */
  exportIpWhitelist: ep({ method: 'PATCH', path: '/command/exportIpWhitelist', body: emptyBody.optional(), reply: successReply, auth: read('configuration') }),
  ipWhitelistFile: ep({ method: 'GET', path: '/command/exportIpWhitelist/:fileName', params: pathParams('fileName'), auth: read('configuration'), file: true }),
  /** Multipart, one field `file`: a CSV (ipv4,ipv6,description) that replaces the list, checked like a save. */
  uploadIpWhitelist: ep({ method: 'POST', path: '/upload/local/ipWhiteList', reply: successReply, auth: write('configuration') }),
} as const;
