/**
 * The one place permission is enforced (habit 3). Every /api route carries its contract
 * endpoint; the hook resolves the caller from the token and compares the endpoint's area and
 * read/write flag with the caller's permission bits. A route without an endpoint is refused.
 */
import { ADMIN_ACCESS_LEVEL, ADMIN_ONLY_TEXT, API_PREFIX, USER_ACTIVITY_HEADER, areaAuthAllows, serverMessages, type Endpoint } from '@meter/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal, PrincipalResolver } from '../context.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';

/** The session or API token from `Authorization: Bearer <token>`. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return undefined;
}

function queryValue(request: FastifyRequest, name: string): string | undefined {
  const q = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof q === 'string' && q !== '' ? q : undefined;
}

/** How the hook finds the caller (docs/decisions/users-sign-in-and-sessions.md "Token transport" and security-server-hardening-download-tickets-full-disk.md "Download tickets"). */
export interface CallerLookup {
  /** A session or API token from the Authorization header. */
  token: PrincipalResolver;
  /** The session a download ticket opens this path for (the ticket is spent), or null. */
  ticket(ticket: string, path: string): Principal | null;
  /** Whether a section's open access is on now (an endpoint's `publicWhen`). */
  openAccess(section: NonNullable<Endpoint['publicWhen']>): boolean;
}

/**
 * The caller of a request: the Authorization header; else, on a GET, a download ticket; else the
 * spec's `?token=` (000 §7), honoured for the machines' API token only, never for a session
 * token, which must not travel in URLs.
 */
function callerOf(request: FastifyRequest, lookup: CallerLookup): Principal | null {
  const bearer = tokenOf(request);
  if (bearer) return lookup.token(bearer, isUserActivity(request));
  const ticket = request.method === 'GET' ? queryValue(request, 'ticket') : undefined;
  if (ticket) return lookup.ticket(ticket, request.url.split('?')[0]!);
  const query = queryValue(request, 'token');
  const principal = query ? lookup.token(query) : null;
  return principal?.kind === 'apiToken' ? principal : null;
}

/**
 * Whether a call is the user's own doing, which restarts the session's inactivity clock
 * (docs/decisions/users-first-day-password-change-and-session-timeout.md, "Session timeout"): the user-activity header says so ('1') or not ('0');
 * without it a write counts and a read does not, so a poller that says nothing never keeps a
 * session alive.
 */
export function isUserActivity(request: FastifyRequest): boolean {
  const said = request.headers[USER_ACTIVITY_HEADER];
  if (said === '1') return true;
  if (said === '0') return false;
  return request.method !== 'GET' && request.method !== 'HEAD';
}

export function authorize(endpoint: Endpoint, principal: Principal | null, open = false): void {
  const auth = endpoint.auth;
  if (auth.kind === 'public' || open) return;
  if (!principal) throw unauthorized();
  if (principal.passwordChangeRequired && !endpoint.duringPasswordChange) throw forbidden(serverMessages.passwordChangeRequired);
  if (auth.kind === 'session') {
    if (principal.kind !== 'user') throw forbidden();
    return;
  }
  if (!areaAuthAllows(auth, principal.permission)) throw forbidden(serverMessages.forbidden);
  if (endpoint.adminOnly && principal.accessLevel !== ADMIN_ACCESS_LEVEL) throw forbidden(ADMIN_ONLY_TEXT);
}

export function registerAuthHook(app: FastifyInstance, lookup: CallerLookup): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const endpoint = request.routeOptions.config?.endpoint;
    // An /api path that matched no contract endpoint: the not-found handler answers it. Outside
    // /api only the console's files and the contract's root endpoints (/metrics) are served.
    if (!endpoint) {
      if (request.url.startsWith(API_PREFIX + '/') && request.routeOptions.url) throw notFound();
      return;
    }
    request.principal = callerOf(request, lookup);
    authorize(endpoint, request.principal, endpoint.publicWhen !== undefined && lookup.openAccess(endpoint.publicWhen));
  });
}
