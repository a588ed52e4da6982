/** Config Management (002 §7.8): backups, the local list, apply, export, delete, import. */
import { successReply } from '../schemas/common.ts';
import { configApplyBody, configBackupBody, configImportBody, configLocalInfo, configUuidBody } from '../schemas/config-backup.ts';
import { ep, pathParams, read, write } from './define.ts';

export const configBackupEndpoints = {
  configBackup: ep({ method: 'POST', path: '/config/backup', body: configBackupBody, reply: successReply, auth: write('configuration') }),
  configLocalInfo: ep({ method: 'GET', path: '/config/localInfo', reply: configLocalInfo, auth: read('configuration') }),
  /** includeUser also needs edit on user configuration: the module checks that second bit. */
  configApply: ep({ method: 'PATCH', path: '/config/apply', body: configApplyBody, reply: successReply, auth: write('configuration') }),
  /** The reply's value is the link of the .conf.an file (configFile). */
  configExport: ep({ method: 'PATCH', path: '/config/export', body: configUuidBody, reply: successReply, auth: read('configuration') }),
  configDelete: ep({ method: 'PATCH', path: '/config/delete', body: configUuidBody, reply: successReply, auth: write('configuration') }),
  configImport: ep({ method: 'POST', path: '/config/import', body: configImportBody, reply: successReply, auth: write('configuration') }),
  configFile: ep({ method: 'GET', path: '/config/file/:fileName', params: pathParams('fileName'), auth: read('configuration'), file: true }),
} as const;
