/** Module and meter firmware (002 §7.4, §7.6): upload (multipart, checked at once), process, log; the remote check, download and completeness check. */
import { ADMIN_ACCESS_LEVEL, endpoints, firmwareTexts as t, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../errors.ts';
import { MAX_PACKAGE_BYTES, type FirmwareService } from '../../services/firmware/index.ts';
import type { MeterFirmwareService } from '../../services/firmware/meter-firmware.ts';
import type { RemoteUpdate } from '../../services/firmware/remote-update.ts';
import type { Principal } from '../../context.ts';
import { acceptUploads, type UploadedFile } from '../multipart.ts';
import { handle } from '../registry.ts';

export interface FirmwareApiOptions {
  firmware: FirmwareService;
  remoteUpdate: RemoteUpdate;
  meterFirmware: MeterFirmwareService;
}

export const firmwareApi: FastifyPluginAsync<FirmwareApiOptions> = async (app, { firmware, remoteUpdate, meterFirmware }) => {
  // 002 §7.4: multipart, one field `file`; only in this plugin may a body be as large as a package.
  acceptUploads(app, t.fileRequired, { bodyLimit: MAX_PACKAGE_BYTES + 64 * 1024 });
  const ok = { value: serverMessages.success };
  const uploaded = (body: unknown): UploadedFile => {
    const file = body as UploadedFile | undefined;
    if (!file || !Buffer.isBuffer(file.data) || file.data.length === 0) throw badRequest(t.fileRequired);
    return file;
  };
  const uploader = (p: Principal) => ({ userName: p.userName, admin: p.accessLevel === ADMIN_ACCESS_LEVEL });
  handle(app, endpoints.uploadModuleFirmware, ({ request, query, principal }) => {
    const file = uploaded(request.body);
    return firmware.upload(file.data, file.fileName, uploader(principal), query.allowDowngrade === 'true');
  });
  handle(app, endpoints.fwUpdate, ({ principal }) => (firmware.update(principal.userName), ok));
  handle(app, endpoints.fwUpdateInfo, () => firmware.info());
  handle(app, endpoints.uploadMeterFirmware, ({ request, query, principal }) => {
    const file = uploaded(request.body);
    return meterFirmware.upload(file.data, file.fileName, uploader(principal), query.allowDowngrade === 'true');
  });
  handle(app, endpoints.meterUpdate, ({ principal }) => (meterFirmware.update(principal.userName), ok));
  handle(app, endpoints.meterUpdateInfo, () => meterFirmware.info());
  handle(app, endpoints.checkModuleUpdate, () => remoteUpdate.check());
  handle(app, endpoints.remoteDownload, ({ principal }) => (remoteUpdate.start(principal.userName), ok));
  handle(app, endpoints.downloadStatus, () => remoteUpdate.status());
  handle(app, endpoints.isFirmwareComplete, ({ principal }) => remoteUpdate.complete(principal.userName));
};
