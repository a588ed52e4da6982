/** Settings › Management (002 §7.5): resets, seal status, factory reset, system log, diagnostic file. */
import { endpoints, managementTexts as t, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { createReadStream } from 'node:fs';
import { ApiError, notFound } from '../../errors.ts';
import { isStorageFull } from '../../store/storage-full.ts';
import type { MaintenanceService } from '../../services/maintenance/index.ts';
import { handle } from '../registry.ts';

export interface MaintenanceApiOptions {
  maintenance: MaintenanceService;
}

export const maintenanceApi: FastifyPluginAsync<MaintenanceApiOptions> = async (app, { maintenance }) => {
  handle(app, endpoints.resetReadings, ({ body, principal }) => {
    maintenance.resets.reset(body.readingName, principal);
    return { value: serverMessages.success };
  });

  handle(app, endpoints.sealStatus, () => maintenance.sealStatus());

  handle(app, endpoints.resetFactory, ({ principal }) => {
    maintenance.factoryReset(principal.userName);
    return { value: serverMessages.success };
  });

  handle(app, endpoints.clearSysLog, ({ principal }) => {
    maintenance.clearSystemLog(principal.userName);
    return { value: serverMessages.success };
  });

  handle(app, endpoints.downloadSyslog, async () => {
    try {
      return { value: await maintenance.diagnostics.make() };
    } catch (e) {
      if (isStorageFull(e)) throw e;
      // Reported as the module's words, never a stack: a full disk is the likely cause.
      throw new ApiError(503, t.diagnosticFailed(e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e)));
    }
  });

  handle(app, endpoints.diagnosticFile, ({ params, reply }) => {
    const path = maintenance.diagnostics.path(params.fileName);
    if (!path) throw notFound();
    return reply.type('application/gzip').header('Content-Disposition', `attachment; filename="${params.fileName}"`).send(createReadStream(path));
  });
};
