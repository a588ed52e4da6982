/** SFTP access password (002 §7.2 setSftpPassword, resetSftpPassword); the settings are a section (api/sections). */
import { endpoints, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { SftpAccess } from '../../services/sftp-access/sftp-access.ts';
import { handle } from '../registry.ts';

export interface SftpAccessApiOptions {
  sftpAccess: SftpAccess;
}

export const sftpAccessApi: FastifyPluginAsync<SftpAccessApiOptions> = async (app, { sftpAccess }) => {
  handle(app, endpoints.setSftpPassword, async ({ body, principal }) => {
    await sftpAccess.setPassword(body.password, principal.userName);
    return { value: serverMessages.success };
  });
  handle(app, endpoints.resetSftpPassword, async ({ principal }) => {
    await sftpAccess.resetPassword(principal.userName);
    return { value: serverMessages.success };
  });
};
