/** Manual update calls (002 §4.8, §4.9, §7.4, §7.6): the package uploaded as a multipart form with progress, then the log; module or meter. */
import { type FirmwareUploadInfo } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { upload } from '../../lib/api.ts';

/** Which firmware a page updates: the module's own (.a2up) or the meter's (.abin), each with its calls. */
export type FirmwareKind = 'module' | 'meter';

export const FIRMWARE_CALLS = {
  module: { upload: calls.uploadModuleFirmware, start: calls.fwUpdate, info: calls.fwUpdateInfo, extension: '.a2up' },
  meter: { upload: calls.uploadMeterFirmware, start: calls.meterUpdate, info: calls.meterUpdateInfo, extension: '.abin' },
} as const;

/**
 * 000 §7 / 002 §7.4: POST upload/local/{kind}Firmware, one field `file`, progress in percent. The
 * module checks the file at once and replies with the version Process would install; a refusal
 * rejects with an ApiError whose value is the reason. `allowDowngrade` (admin only) lets an older version in.
 */
export function uploadPackage(file: File, kind: FirmwareKind, allowDowngrade: boolean, onProgress: (percent: number) => void): Promise<FirmwareUploadInfo> {
  return upload<FirmwareUploadInfo>(FIRMWARE_CALLS[kind].upload.path, file, { suppress: true, onProgress, ...(allowDowngrade && { query: { allowDowngrade: 'true' } }) });
}

export const isLogEnded = (log: string) => log.trimEnd().endsWith('END OF FILE');
export const isUpdateSuccess = (log: string) => log.includes('firmware update success');
