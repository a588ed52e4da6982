/** Module and meter firmware (002 §7.6): upload (raw body), process, log; the remote check, download and completeness check. */
import { endpoints, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../errors.ts';
import { MAX_PACKAGE_BYTES, type FirmwareService } from '../../services/firmware/index.ts';
import type { MeterFirmwareService } from '../../services/firmware/meter-firmware.ts';
import type { RemoteUpdate } from '../../services/firmware/remote-update.ts';
import { handle } from '../registry.ts';

export interface FirmwareApiOptions {
  firmware: FirmwareService;
  remoteUpdate: RemoteUpdate;
  meterFirmware: MeterFirmwareService;
}

export const firmwareApi: FastifyPluginAsync<FirmwareApiOptions> = async (app, { firmware, remoteUpdate, meterFirmware }) => {
  // Only in this plugin: a package is binary and larger than the module's JSON limit.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_PACKAGE_BYTES }, (_req, body, done) => done(null, body));
  const ok = { value: serverMessages.success };
  handle(app, endpoints.uploadFirmware, ({ request, principal }) => {
    if (!Buffer.isBuffer(request.body)) throw badRequest('The firmware file must be sent as application/octet-stream');
    firmware.upload(request.body, principal.userName);
    return ok;
  });
  handle(app, endpoints.fwUpdate, ({ principal }) => (firmware.update(principal.userName), ok));
  handle(app, endpoints.fwUpdateInfo, () => firmware.info());
  handle(app, endpoints.uploadMeterFirmware, ({ request, principal }) => {
    if (!Buffer.isBuffer(request.body)) throw badRequest('The firmware file must be sent as application/octet-stream');
    meterFirmware.upload(request.body, principal.userName);
    return ok;
  });
  handle(app, endpoints.meterUpdate, ({ principal }) => (meterFirmware.update(principal.userName), ok));
  handle(app, endpoints.meterUpdateInfo, () => meterFirmware.info());
  handle(app, endpoints.checkModuleUpdate, () => remoteUpdate.check());
  handle(app, endpoints.remoteDownload, ({ principal }) => (remoteUpdate.start(principal.userName), ok));
  handle(app, endpoints.downloadStatus, () => remoteUpdate.status());
  handle(app, endpoints.isFirmwareComplete, ({ principal }) => remoteUpdate.complete(principal.userName));
};
