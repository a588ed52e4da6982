/** Config Management (002 §3.15, §5.10, §7.8). */
import { z } from 'zod';
import { CONFIG_DESCRIPTION_MAX, CONFIG_FILE_EXTENSION, CONFIG_FILE_MAX_CHARS } from '../options/config-backup.ts';
import { SAFE_FILE_NAME, rules } from '../rules/validators.ts';
import { strictObject, text } from '../rules/fields.ts';
import { configBackupTexts, hardeningTexts } from '../messages.ts';

/** 002 §3.15, spelt as the device sends it (firmwareVerion). timestamp: unix seconds. */
export const configBackupEntry = z.object({
  fileName: z.string(),
  firmwareVerion: z.string(),
  modelName: z.string(),
  serialNumber: z.string(),
  timestamp: z.number(),
  description: z.string(),
  uuid: z.string(),
});
export type ConfigBackupEntry = z.infer<typeof configBackupEntry>;
export const configLocalInfo = z.array(configBackupEntry);

export const configBackupBody = strictObject({ description: text('Description', rules.maxLength('Description', CONFIG_DESCRIPTION_MAX)) });
const uuid = z.uuid({ error: configBackupTexts.badUuid });
export const configUuidBody = strictObject({ uuid });
export const configApplyBody = strictObject({ uuid, includeUser: z.boolean({ error: configBackupTexts.badIncludeUser }) });

/** Decided: the import carries the chosen file's name and text (002 §5.10: required, .conf.an). */
export const configImportBody = strictObject({
  fileName: z
    .string({ error: configBackupTexts.fileRequired })
    .regex(SAFE_FILE_NAME, { error: hardeningTexts.badFileName })
    .refine((n) => n.toLowerCase().endsWith(CONFIG_FILE_EXTENSION), { error: configBackupTexts.wrongExtension }),
  content: z.string({ error: configBackupTexts.fileRequired }).min(1, { error: configBackupTexts.fileRequired }).max(CONFIG_FILE_MAX_CHARS, { error: configBackupTexts.fileTooLarge }),
});
