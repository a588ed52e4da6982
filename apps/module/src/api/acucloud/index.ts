/** AcuCloud's health and Remote Access's commands (001 §7, 002 §7.3); the settings are sections (api/sections). */
import { endpoints } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AcuCloud } from '../../services/acucloud/acucloud.ts';
import type { RemoteAccess } from '../../services/remote-access/remote-access.ts';
import { handle } from '../registry.ts';

export interface AcuCloudApiOptions {
  acuCloud: AcuCloud;
  remoteAccess: RemoteAccess;
}

export const acuCloudApi: FastifyPluginAsync<AcuCloudApiOptions> = async (app, { acuCloud, remoteAccess }) => {
  handle(app, endpoints.acuCloudStatus, () => acuCloud.status());
  handle(app, endpoints.registerRemoteDevice, async ({ principal }) => ({ value: await remoteAccess.register(principal.userName) }));
  handle(app, endpoints.deregisterRemoteDevice, async ({ principal }) => ({ value: await remoteAccess.deregister(principal.userName) }));
  handle(app, endpoints.checkRemoteDevice, () => remoteAccess.check());
};
