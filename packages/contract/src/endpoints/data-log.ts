import { successReply, emptyBody } from '../schemas/common.ts';
import { setSftpPasswordBody } from '../schemas/data-log-settings.ts';
import { dataLogSection, sftpSection } from '../sections/data-log.ts';
import { ep, read, sectionRead, sectionWrite, write } from './define.ts';

export const dataLogEndpoints = {
  // Data log settings and SFTP access (002 §7.2): configuration view reads, configuration edit writes.
  dataLogConfig: sectionRead('/settings/communication/dataLogConfig', dataLogSection, read('configuration')),
  saveDataLogConfig: sectionWrite('/settings/communication/dataLogConfig', dataLogSection, write('configuration')),
  sftpConfig: sectionRead('/settings/communication/sftpConfig', sftpSection, read('configuration')),
  saveSftpConfig: sectionWrite('/settings/communication/sftpConfig', sftpSection, write('configuration')),
  /** Takes effect for new connections; `value` 'Success'. */
  setSftpPassword: ep({ method: 'PATCH', path: '/command/setSftpPassword', body: setSftpPasswordBody, reply: successReply, auth: write('configuration') }),
  /** Back to the default password (README); `value` 'Success'. */
  resetSftpPassword: ep({ method: 'PATCH', path: '/command/resetSftpPassword', body: emptyBody, reply: successReply, auth: write('configuration') }),
} as const;
