/**
 * The security headers on every reply: the Content-Security-Policy (the built index.html's inline
 * script and style allowed by their hashes, read once), HSTS over HTTPS, nosniff, no framing, no
 * referrer; API replies are never cached. The policies themselves: services/web-server/console-policy.ts.
 */
import { API_PREFIX } from '@meter/contract';
import type { FastifyInstance } from 'fastify';
import { STRICT_TRANSPORT_SECURITY, consolePolicy } from '../services/web-server/console-policy.ts';

/** `consoleDir`: the built console's folder, if the module serves one. */
export function securityHeaders(app: FastifyInstance, opts: { consoleDir: string | undefined }): void {
  const csp = consolePolicy(opts.consoleDir);
  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', csp);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    if (request.url.startsWith(API_PREFIX)) reply.header('Cache-Control', 'no-store');
  });
}
