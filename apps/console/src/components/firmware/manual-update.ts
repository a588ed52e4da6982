/** Manual update calls (002 §4.8, §4.9, §7.6): the package sent as the body with upload progress, then the log; module or meter. */
import { endpointUrl, endpoints } from '@meter/contract';
import { getSession } from '../../lib/session.ts';

/** Which firmware a page updates: the module's own (.a2up) or the meter's (.abin), each with its calls. */
export type FirmwareKind = 'module' | 'meter';

export const FIRMWARE_CALLS = {
  module: { upload: endpoints.uploadFirmware, start: endpoints.fwUpdate, info: endpoints.fwUpdateInfo, extension: '.a2up' },
  meter: { upload: endpoints.uploadMeterFirmware, start: endpoints.meterUpdate, info: endpoints.meterUpdateInfo, extension: '.abin' },
} as const;

/** Sends the file as application/octet-stream; resolves with the module's reply text on failure. */
export function uploadPackage(file: File, onProgress: (percent: number) => void, kind: FirmwareKind = 'module'): Promise<{ ok: boolean; reply: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', endpointUrl(FIRMWARE_CALLS[kind].upload.path));
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let reply = `status ${xhr.status}`;
      try {
        reply = (JSON.parse(xhr.responseText) as { data?: { value?: string } }).data?.value ?? reply;
      } catch {
        /* not JSON: keep the status */
      }
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, reply });
    };
    xhr.onerror = () => resolve({ ok: false, reply: 'no response' });
    xhr.send(file);
  });
}

export const isLogEnded = (log: string) => log.trimEnd().endsWith('END OF FILE');
export const isUpdateSuccess = (log: string) => log.includes('firmware update success');
