/**
 * The IP whitelist is the device's packet filter: a refused address gets its connection closed,
 * on connect and on every request (a keep-alive connection may predate the list). No reply at all.
 */
import type { FastifyInstance } from 'fastify';
import type { IpWhitelist } from '../services/whitelist/ip-whitelist.ts';

export function whitelistHooks(app: FastifyInstance, opts: { whitelist: IpWhitelist }): void {
  const { whitelist } = opts;
  app.server.on('connection', (socket) => {
    if (!whitelist.allows(socket.remoteAddress)) socket.destroy();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (whitelist.allows(request.socket.remoteAddress)) return;
    reply.hijack();
    request.socket.destroy();
    return reply;
  });
}
