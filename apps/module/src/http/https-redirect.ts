/**
 * HTTP not allowed (web server settings): the plain listener answers every request with a 301 to
 * the same path over HTTPS; with no HTTPS listener bound it keeps serving.
 */
import type { FastifyInstance } from 'fastify';
import { httpsRedirectUrl, type HttpRedirect } from '../services/web-server/web-ports.ts';

export function httpsRedirect(app: FastifyInstance, opts: { httpRedirect: HttpRedirect }): void {
  const { httpRedirect } = opts;
  app.addHook('onRequest', async (request, reply) => {
    if (!httpRedirect.active || httpRedirect.httpsPort === undefined || 'encrypted' in request.raw.socket) return;
    return reply.redirect(httpsRedirectUrl(request.headers.host ?? request.hostname, httpRedirect.httpsPort, request.url), 301);
  });
}
