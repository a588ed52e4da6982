/** Firmware bodies and replies (002 §3.14, §5.10, §7.6). */
import { z } from 'zod';
import { firmwareTexts } from '../messages.ts';
import { AUTO_UPDATE_CHECK_STAT_OPTIONS, AUTO_UPDATE_CHECK_TIME_OPTIONS, FIRMWARE_COMPLETE, FIRMWARE_INCOMPLETE } from '../options/firmware.ts';
import { withMeta } from '../rules/field-meta.ts';
import { select, strictObject, text } from '../rules/fields.ts';
import { rules, type Checker } from '../rules/validators.ts';

/** settings/autoUpdateConfig: both required, zero allowed (000 §3). */
export const autoUpdateConfig = strictObject({
  checkStat: withMeta(select('Auto Update', AUTO_UPDATE_CHECK_STAT_OPTIONS), { kind: 'radio' }),
  checkTime: select('Check Time', AUTO_UPDATE_CHECK_TIME_OPTIONS),
});
export type AutoUpdateConfig = z.infer<typeof autoUpdateConfig>;

/** settings/firmware: where the module looks for updates (a manifest, docs/firmware-server.md). */
export const firmwareSettings = strictObject({
  moduleCheckUpdateUrl: withMeta(text('Firmware Server URL', rules.httpUrl('Firmware Server URL') as Checker<string>, rules.maxLength('Firmware Server URL', 255) as Checker<string>), {
    help: firmwareTexts.serverUrlHelp,
  }),
});
export type FirmwareSettings = z.infer<typeof firmwareSettings>;

/** upload/local/moduleFirmware and meterFirmware: `allowDowngrade=true` (admin only) lets an older version in. */
export const firmwareUploadQuery = z.object({ allowDowngrade: z.enum(['true', 'false']).optional() });

/** The checked package: what Process would install, over what runs now (shown before a confirmed Process). */
export const firmwareUploadReply = z.object({ value: z.string(), product: z.string(), version: z.string(), running: z.string(), downgrade: z.boolean() });
export type FirmwareUploadInfo = z.infer<typeof firmwareUploadReply>;

/** upload/remote/checkModuleUpdate: the newer version offered, or an empty reply when there is none (002 §4.7 step -1). */
export const remoteUpdateInfo = z.union([z.object({ version: z.string(), info_link: z.string() }), z.strictObject({})]);
export type RemoteUpdateInfo = z.infer<typeof remoteUpdateInfo>;

export const DOWNLOAD_STATES = ['idle', 'downloading', 'done', 'failed'] as const;
/** upload/remote/downloadStatus: the percent in value (002 §7.6); the state and a failure's reason besides. */
export const downloadStatusReply = z.object({ value: z.number(), state: z.enum(DOWNLOAD_STATES), reason: z.string().optional() });
export type DownloadStatus = z.infer<typeof downloadStatusReply>;

/** upload/remote/isFirmwareComplete: 'yes' or 'no' (002 §7.6), with the reason of a 'no'. */
export const firmwareCompleteReply = z.object({ value: z.enum([FIRMWARE_COMPLETE, FIRMWARE_INCOMPLETE]), reason: z.string().optional() });

/**
 * The manifest a firmware server publishes at moduleCheckUpdateUrl (docs/firmware-server.md). `url`
 * may be relative to the manifest's own address; `size` and `sha256` are what the download must
 * match before the package's own signature is even looked at.
 */
export const firmwareServerManifest = z.object({
  product: z.string().min(1),
  version: z.string().regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/),
  url: z.string().min(1),
  size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  critical: z.boolean().default(false),
  info_link: z.string().default(''),
});
export type FirmwareServerManifest = z.infer<typeof firmwareServerManifest>;
