/**
 * The one permission check (api/auth-hook.ts), fed with the module's lookups: the session or API
 * token, a download ticket (good for one path), and whether a section opens its endpoints to all.
 * Added on the root before any API area: an encapsulated child inherits the hooks its parent has
 * when it is registered, so every area's routes pass it.
 */
import type { FastifyInstance } from 'fastify';
import { registerAuthHook } from '../api/auth-hook.ts';
import type { PrincipalResolver, Principal } from '../context.ts';
import type { DownloadTickets } from '../services/downloads/download-tickets.ts';
import type { SectionService } from '../services/sections/section-service.ts';

export interface AuthOptions {
  resolvePrincipal: PrincipalResolver;
  resolveSession: (sessionId: string) => Principal | null;
  tickets: DownloadTickets;
  sections: SectionService;
}

export function auth(app: FastifyInstance, opts: AuthOptions): void {
  const { resolvePrincipal, resolveSession, tickets, sections } = opts;
  registerAuthHook(app, {
    token: resolvePrincipal,
    ticket: (ticket, path) => {
      const sessionId = tickets.redeem(ticket, path);
      return sessionId ? resolveSession(sessionId) : null;
    },
    openAccess: (section) => sections.document(section).openAccess === 1,
  });
}
