/** Config Management (002 §7.8): backups, the local list, apply, export, delete, import. */
import { successReply } from '../schemas/common.ts';
import { configApplyBody, configApplyReply, configBackupBody, configLocalInfo, configUuidBody } from '../schemas/config-backup.ts';
import { ep, pathParams, read, write } from './define.ts';

export const configBackupEndpoints = {
  configBackup: ep({ method: 'POST', path: '/config/backup', body: configBackupBody, reply: successReply, auth: write('configuration') }),
  configLocalInfo: ep({ method: 'GET', path: '/config/localInfo', reply: configLocalInfo, auth: read('configuration') }),
  /**
   * Each section is applied as its own PUT would save it for the caller (permission, rules, guards);
   * includeUser also needs edit on user configuration and passes the user management guards.
   */
  configApply: ep({ method: 'PATCH', path: '/config/apply', body: configApplyBody, reply: configApplyReply, auth: write('configuration') }),
  /** The reply's value is the link of the .conf.an file (configFile). */
  configExport: ep({ method: 'PATCH', path: '/config/export', body: configUuidBody, reply: successReply, auth: read('configuration') }),
  configDelete: ep({ method: 'PATCH', path: '/config/delete', body: configUuidBody, reply: successReply, auth: write('configuration') }),
  /** 002 §7.4: the .conf.an import, multipart with one field `file`; checked at once (format, authentication, model, firmware). */
  uploadConfigFile: ep({ method: 'POST', path: '/upload/local/configFile', reply: successReply, auth: write('configuration') }),
  configFile: ep({ method: 'GET', path: '/config/file/:fileName', params: pathParams('fileName'), auth: read('configuration'), file: true }),
} as const;
