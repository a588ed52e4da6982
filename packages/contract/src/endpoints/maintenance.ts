/** Settings › Management and Debug Diagnostic (002 §7.5, §6). */
import { z } from 'zod';
import { emptyBody, successReply, valueOneBody } from '../schemas/common.ts';
import { resetReadingsBody, sealStatusReply } from '../schemas/maintenance.ts';
import { sshSection, syslogSection } from '../sections/maintenance.ts';
import { both, ep, pathParams, read, sectionRead, sectionWrite, write } from './define.ts';

export const maintenanceEndpoints = {
  /** deviceRunTime also needs edit on configuration (002 §6): the module checks that second bit. */
  resetReadings: ep({ method: 'PATCH', path: '/command/resetReadings', body: resetReadingsBody, reply: successReply, auth: write('maintenance') }),
  /** 002 §6: "The seal status read depends on bits 192 and 48". */
  sealStatus: ep({ method: 'GET', path: '/command/getSealStatus', reply: sealStatusReply, auth: read('maintenance', 'configuration') }),
  resetFactory: ep({ method: 'PATCH', path: '/command/resetFactory', body: valueOneBody, reply: successReply, auth: write('maintenance') }),
  sshConfig: sectionRead('/settings/sshConfig', sshSection, read('maintenance')),
  saveSshConfig: sectionWrite('/settings/sshConfig', sshSection, write('maintenance')),
  syslogConfig: sectionRead('/settings/syslogConfig', syslogSection, read('maintenance')),
  saveSyslogConfig: sectionWrite('/settings/syslogConfig', syslogSection, write('maintenance')),
  clearSysLog: ep({ method: 'PATCH', path: '/command/clearSysLog', body: emptyBody, reply: successReply, auth: write('maintenance') }),
  /** Makes the diagnostic archive; the reply names it for diagnosticFile. Also needs view on configuration (002 §6). */
  downloadSyslog: ep({
    method: 'PATCH',
    path: '/command/downloadSyslog',
    body: emptyBody,
    reply: z.object({ value: z.string() }),
    auth: both(read('maintenance'), read('configuration')),
  }),
  diagnosticFile: ep({ method: 'GET', path: '/command/diagnosticFile/:fileName', params: pathParams('fileName'), auth: both(read('maintenance'), read('configuration')), file: true }),
} as const;
