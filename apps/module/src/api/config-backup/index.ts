/** Config Management (002 §7.8): backup, list, apply, export and its file, delete, import. */
import { endpoints, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { createReadStream } from 'node:fs';
import { notFound } from '../../errors.ts';
import type { ConfigBackupService } from '../../services/config-backup/index.ts';
import { handle } from '../registry.ts';

export interface ConfigBackupApiOptions {
  configBackups: ConfigBackupService;
}

export const configBackupApi: FastifyPluginAsync<ConfigBackupApiOptions> = async (app, { configBackups }) => {
  const ok = { value: serverMessages.success };
  handle(app, endpoints.configBackup, ({ body, principal }) => (configBackups.backup(body.description, principal.userName), ok));
  handle(app, endpoints.configLocalInfo, () => configBackups.list());
  handle(app, endpoints.configApply, ({ body, principal }) => (configBackups.apply(body.uuid, body.includeUser, principal), ok));
  handle(app, endpoints.configExport, ({ body, principal }) => ({ value: configBackups.export(body.uuid, principal.userName) }));
  handle(app, endpoints.exportCurrentConfig, ({ principal }) => ({ value: configBackups.exportCurrent(principal.userName) }));
  handle(app, endpoints.configDelete, ({ body, principal }) => (configBackups.delete(body.uuid, principal.userName), ok));
  handle(app, endpoints.configImport, ({ body, principal }) => (configBackups.import(body.fileName, body.content, principal.userName), ok));
  handle(app, endpoints.configFile, ({ params, reply }) => {
    const path = configBackups.exportPath(params.fileName);
    if (!path) throw notFound();
    return reply.type('application/octet-stream').header('Content-Disposition', `attachment; filename="${params.fileName}"`).send(createReadStream(path));
  });
};
