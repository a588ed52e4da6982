/** Config Management (002 §3.15, §5.10, §7.8). */
import { z } from 'zod';
import { CONFIG_DESCRIPTION_MAX } from '../options/config-backup.ts';
import { rules } from '../rules/validators.ts';
import { strictObject, text } from '../rules/fields.ts';
import { configBackupTexts } from '../messages.ts';

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

export const configBackupBody = strictObject({ description: text('Description', rules.maxLength('Description', CONFIG_DESCRIPTION_MAX)) });
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
/** Decided: `skipped` names the sections of the backup the caller may not save, left as they are (docs/decisions.md). */
export const configApplyReply = z.object({ value: z.string(), skipped: z.array(z.string()) });
