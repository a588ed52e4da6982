/**
 * Config management (002 §2.15, §7.7, §8): schemas and endpoints; the texts in texts.ts.
 */
import { z } from 'zod';
import { CONFIG_DESCRIPTION_MAX } from '../../options/config-backup.ts';
import { rule } from '../../rules/validators.ts';
import { strictObject, text } from '../../rules/fields.ts';
import { successReply } from '../../schemas/common.ts';
import { ep, pathParams, read, write } from '../../endpoints/define.ts';
import { configBackupTexts } from './texts.ts';

/** Config Management (002 §3.15, §5.10, §7.8). */
/** 002 §3.15, spelt as the device sends it (firmwareVerion). timestamp: unix seconds. */
export const configBackupEntry = z.object({
  fileName: z.string(),
  firmwareVerion: z.string(),
  modelName: z.string(),
  serialNumber: z.string(),
  timestamp: z.number(),
  description: z.string(),
  uuid: z.string(),
  /**
   * Decided: set on a configuration imported from another module (a migration). Its file could not
   * be authenticated here: only admin applies it, naming its origin (serialNumber) in confirmOrigin.
   */
  otherModule: z.boolean().optional(),
});
export type ConfigBackupEntry = z.infer<typeof configBackupEntry>;
export const configLocalInfo = z.array(configBackupEntry);

export const configBackupBody = strictObject({ description: text('Description', rule.maxLength(CONFIG_DESCRIPTION_MAX)) });
const uuid = z.uuid({ error: configBackupTexts.badUuid });
export const configUuidBody = strictObject({ uuid });
/**
 * 002 §7.8 {uuid, includeUser}; decided: confirmOrigin, the serial number of the module a migrated
 * configuration comes from (otherModule), the explicit confirmation such an apply needs.
 */
export const configApplyBody = strictObject({
  uuid,
  includeUser: z.boolean({ error: configBackupTexts.badIncludeUser }),
  confirmOrigin: z.string({ error: configBackupTexts.badConfirmOrigin }).max(64, { error: configBackupTexts.badConfirmOrigin }).optional(),
});
/** Decided: `skipped` names the sections of the backup the caller may not save, left as they are (docs/decisions/config-backups-rights-authentication-upload.md). */
export const configApplyReply = z.object({ value: z.string(), skipped: z.array(z.string()) });

/** Config Management (002 §7.8): backups, the local list, apply, export, delete, import. */
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
