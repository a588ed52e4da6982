/**
 * Module firmware (002 §2.13, §7.4, §7.6, §8): schemas, sections and endpoints; the texts in texts.ts.
 */
import { z } from 'zod';
import { AUTO_UPDATE_CHECK_STAT_OPTIONS, AUTO_UPDATE_CHECK_TIME_OPTIONS, FIRMWARE_COMPLETE, FIRMWARE_INCOMPLETE, AUTO_UPDATE_CRITICAL } from '../../options/firmware.ts';
import { withMeta } from '../../rules/field-meta.ts';
import { select, strictObject, text } from '../../rules/fields.ts';
import { rule } from '../../rules/validators.ts';
import { defineSection } from '../../sections/section.ts';
import { emptyBody, successReply } from '../../schemas/common.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../../endpoints/define.ts';
import { firmwareTexts } from './texts.ts';

/** Firmware bodies and replies (002 §3.14, §5.10, §7.6). */
/** settings/autoUpdateConfig: both required, zero allowed (000 §3). */
export const autoUpdateConfig = strictObject({
  checkStat: withMeta(select('Auto Update', AUTO_UPDATE_CHECK_STAT_OPTIONS), { kind: 'radio' }),
  checkTime: select('Check Time', AUTO_UPDATE_CHECK_TIME_OPTIONS),
});
export type AutoUpdateConfig = z.infer<typeof autoUpdateConfig>;

/** settings/firmware: where the module looks for updates (a manifest, docs/firmware-server.md). */
export const firmwareSettings = strictObject({
  moduleCheckUpdateUrl: withMeta(text('Firmware Server URL', rule.httpUrl(), rule.maxLength(255)), {
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

/** Sections of Settings › Module Firmware (002 §2.13, §3.14). */
/** Critical updates at 2-3 am on a new device: the option the spec recommends, at a quiet hour. */
export const autoUpdateSection = defineSection({
  key: 'autoUpdateConfig',
  title: 'Firmware auto update',
  context: 'none',
  body: () => autoUpdateConfig,
  data: autoUpdateConfig,
  savedMessage: firmwareTexts.autoUpdateSaved,
  defaults: () => ({ checkStat: AUTO_UPDATE_CRITICAL, checkTime: 2 }),
});

/** The vendor's server on a new device; example.com here, since the simulation has no vendor. */
export const firmwareServerSection = defineSection({
  key: 'firmware',
  title: 'Firmware server',
  context: 'none',
  body: () => firmwareSettings,
  data: firmwareSettings,
  savedMessage: firmwareTexts.serverUrlSaved,
  defaults: () => ({ moduleCheckUpdateUrl: 'https://firmware.example.com/axm-web2/manifest.json' }),
});

/** Module firmware (002 §7.6): upload of the .a2up, processing, the update log; auto update, the firmware server, the remote download. */
/** The update log's text so far. */
const updateInfoReply = /* @__PURE__ */ z.object({ output: /* @__PURE__ */ z.string() });

export const firmwareEndpoints = {
  /**
   * 002 §7.4: the .a2up as a multipart form with one field `file`, checked at once (format,
   * signature, product, version); the reply names the version Process would install.
   */
  uploadModuleFirmware: ep({ method: 'POST', path: '/upload/local/moduleFirmware', query: firmwareUploadQuery, reply: firmwareUploadReply, auth: write('maintenance') }),
  fwUpdate: ep({ method: 'PATCH', path: '/fwUpdate/update', body: emptyBody, reply: successReply, auth: write('maintenance') }),
  fwUpdateInfo: ep({ method: 'GET', path: '/fwUpdate/info', reply: updateInfoReply, auth: read('maintenance') }),
  autoUpdateConfig: sectionRead('/settings/autoUpdateConfig', autoUpdateSection, read('maintenance')),
  saveAutoUpdateConfig: sectionWrite('/settings/autoUpdateConfig', autoUpdateSection, write('maintenance')),
  firmwareSettings: sectionRead('/settings/firmware', firmwareServerSection, read('maintenance')),
  saveFirmwareSettings: sectionWrite('/settings/firmware', firmwareServerSection, write('maintenance')),
  /** Asks the firmware server (GET as 002 §7.6 says); edit, since it sends traffic and keeps the offer for remoteDownload. */
  checkModuleUpdate: ep({ method: 'GET', path: '/upload/remote/checkModuleUpdate', reply: remoteUpdateInfo, auth: write('maintenance') }),
  /** Starts the download of the version checkModuleUpdate offered. */
  remoteDownload: ep({ method: 'GET', path: '/upload/remote/remoteDownload', reply: successReply, auth: write('maintenance') }),
  downloadStatus: ep({ method: 'GET', path: '/upload/remote/downloadStatus', reply: downloadStatusReply, auth: read('maintenance') }),
  /** 'yes' stages the download for fwUpdate/update, where it meets the same checks as an uploaded file. */
  isFirmwareComplete: ep({ method: 'GET', path: '/upload/remote/isFirmwareComplete', reply: firmwareCompleteReply, auth: write('maintenance') }),
  /** 002 §7.4: the meter firmware (.abin), as the module's. */
  uploadMeterFirmware: ep({ method: 'POST', path: '/upload/local/meterFirmware', query: firmwareUploadQuery, reply: firmwareUploadReply, auth: write('maintenance') }),
  meterUpdate: ep({ method: 'PATCH', path: '/meterUpdate/update', body: emptyBody, reply: successReply, auth: write('maintenance') }),
  meterUpdateInfo: ep({ method: 'GET', path: '/meterUpdate/info', reply: updateInfoReply, auth: read('maintenance') }),
} as const;
