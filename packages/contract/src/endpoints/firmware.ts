/** Module firmware (002 §7.6): upload of the .a2up, processing, the update log; auto update, the firmware server, the remote download. */
import { z } from 'zod';
import { emptyBody, successReply } from '../schemas/common.ts';
import { downloadStatusReply, firmwareCompleteReply, firmwareUploadQuery, firmwareUploadReply, remoteUpdateInfo } from '../schemas/firmware.ts';
import { autoUpdateSection, firmwareServerSection } from '../sections/firmware.ts';
import { ep, read, sectionRead, sectionWrite, write } from './define.ts';

export const firmwareEndpoints = {
  /**
   * 002 §7.4: the .a2up as a multipart form with one field `file`, checked at once (format,
   * signature, product, version); the reply names the version Process would install.
   */
  uploadModuleFirmware: ep({ method: 'POST', path: '/upload/local/moduleFirmware', query: firmwareUploadQuery, reply: firmwareUploadReply, auth: write('maintenance') }),
  fwUpdate: ep({ method: 'PATCH', path: '/fwUpdate/update', body: emptyBody, reply: successReply, auth: write('maintenance') }),
  fwUpdateInfo: ep({ method: 'GET', path: '/fwUpdate/info', reply: z.object({ output: z.string() }), auth: read('maintenance') }),
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
  meterUpdateInfo: ep({ method: 'GET', path: '/meterUpdate/info', reply: z.object({ output: z.string() }), auth: read('maintenance') }),
} as const;
