/**
 * The one place permission is enforced (habit 3). Every /api route carries its contract
 * endpoint; the hook resolves the caller from the token and compares the endpoint's area and
 * read/write flag with the caller's permission bits. A route without an endpoint is refused.
 */
import { ADMIN_ACCESS_LEVEL, ADMIN_ONLY_TEXT, API_PREFIX, areaAuthAllows, serverMessages, type Endpoint } from '@meter/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal, PrincipalResolver } from '../context.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';

/** The token from `Authorization: Bearer <token>` or, for links and downloads, `?token=`. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const q = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q !== '' ? q : undefined;
}

export function authorize(endpoint: Endpoint, principal: Principal | null): void {
  const auth = endpoint.auth;
  if (auth.kind === 'public') return;
  if (!principal) throw unauthorized();
  if (principal.passwordChangeRequired && !endpoint.duringPasswordChange) throw forbidden(serverMessages.passwordChangeRequired);
  if (auth.kind === 'session') {
    if (principal.kind !== 'user') throw forbidden();
    return;
  }
  if (!areaAuthAllows(auth, principal.permission)) throw forbidden(serverMessages.forbidden);
  if (endpoint.adminOnly && principal.accessLevel !== ADMIN_ACCESS_LEVEL) throw forbidden(ADMIN_ONLY_TEXT);
}

export function registerAuthHook(app: FastifyInstance, resolve: PrincipalResolver): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(API_PREFIX + '/')) return;
    const endpoint = request.routeOptions.config?.endpoint;
    // An /api path that matched no contract endpoint: the not-found handler answers it.
    if (!endpoint) {
      if (request.routeOptions.url) throw notFound();
      return;
    }
    const token = tokenOf(request);
    request.principal = token ? resolve(token) : null;
    authorize(endpoint, request.principal);
  });
}
