/** Config Management (002 §7.4, §7.8): backup, list, apply, export and its file, delete, the file upload. */
import { configBackupTexts, endpoints, serverMessages, type Endpoint } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { createReadStream } from 'node:fs';
import { badRequest, notFound } from '../../errors.ts';
import type { ConfigBackupService } from '../../services/config-backup/index.ts';
import { authorize } from '../auth-hook.ts';
import { acceptUploads, type UploadedFile } from '../multipart.ts';
import { handle } from '../registry.ts';

export interface ConfigBackupApiOptions {
  configBackups: ConfigBackupService;
}

export const configBackupApi: FastifyPluginAsync<ConfigBackupApiOptions> = async (app, { configBackups }) => {
  acceptUploads(app, configBackupTexts.fileRequired);
  const ok = { value: serverMessages.success };
  handle(app, endpoints.configBackup, ({ body, principal }) => (configBackups.backup(body.description, principal.userName), ok));
  handle(app, endpoints.configLocalInfo, () => configBackups.list());
  handle(app, endpoints.configApply, ({ body, principal, request }) => {
    // Each section's PUT decides, for this caller, exactly as the auth hook would decide the call itself.
    const mayCall = (endpoint: Endpoint) => {
      try {
        authorize(endpoint, principal);
        return true;
      } catch {
        return false;
      }
    };
    const { skipped } = configBackups.apply(body.uuid, body.includeUser, { principal, caller: { address: request.ip }, mayCall, confirmOrigin: body.confirmOrigin });
    return { ...ok, skipped };
  });
  handle(app, endpoints.configExport, ({ body, principal }) => ({ value: configBackups.export(body.uuid, principal.userName) }));
  handle(app, endpoints.exportCurrentConfig, ({ principal }) => ({ value: configBackups.exportCurrent(principal.userName) }));
  handle(app, endpoints.configDelete, ({ body, principal }) => (configBackups.delete(body.uuid, principal.userName), ok));
  handle(app, endpoints.uploadConfigFile, ({ request, principal }) => {
    const file = request.body as UploadedFile | undefined;
    if (!file || !Buffer.isBuffer(file.data)) throw badRequest(configBackupTexts.fileRequired);
    configBackups.import(file.fileName, file.data, principal.userName);
    return ok;
  });
  handle(app, endpoints.configFile, ({ params, reply }) => {
    const path = configBackups.exportPath(params.fileName);
    if (!path) throw notFound();
    return reply.type('application/octet-stream').header('Content-Disposition', `attachment; filename="${params.fileName}"`).send(createReadStream(path));
  });
};
