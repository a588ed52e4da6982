/**
 * The Web Server subsystem's debug lines in the system log: every API call with its status, the
 * token never (the URL is redacted). Written only while the subsystem's debug switch is on.
 */
import { API_PREFIX } from '@meter/contract';
import type { FastifyInstance } from 'fastify';
import type { SystemLog } from '../services/maintenance/index.ts';
import { redactUrl } from './redact-url.ts';

export function webServerLog(app: FastifyInstance, opts: { systemLog: SystemLog }): void {
  const { systemLog } = opts;
  const webServer = systemLog.for('Web Server');
  app.addHook('onResponse', async (request, reply) => {
    if (systemLog.debugOn('Web Server') && request.url.startsWith(API_PREFIX)) webServer('debug', `${request.method} ${redactUrl(request.url)} ${reply.statusCode}`);
  });
}
