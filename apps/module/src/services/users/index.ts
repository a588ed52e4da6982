/** Builds the user services and the auth hook's principal resolver for one running module. */
import { API_TOKEN_PERMISSION } from '@meter/contract';
import type { ModuleContext, Principal, PrincipalResolver } from '../../context.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { SessionStore } from '../sessions/session-store.ts';
import { UserService } from './user-service.ts';

export { SessionStore } from '../sessions/session-store.ts';
export { UserService } from './user-service.ts';

export async function createUserServices(
  ctx: ModuleContext,
  events: ModuleEventLog,
): Promise<{ users: UserService; sessions: SessionStore; resolvePrincipal: PrincipalResolver }> {
  // The store reads the live settings on every use, so saving them takes effect at once.
  const sessions: SessionStore = new SessionStore({
    now: () => ctx.now(),
    maxSessions: () => users.maxLoginUser(),
    timeoutMinutes: () => users.sessionTimeoutMinutes(),
  });
  const users: UserService = new UserService(ctx, events, sessions);
  await users.init();

  const resolvePrincipal: PrincipalResolver = (token) => {
    const session = sessions.resolve(token);
    if (session) {
      // Permission comes from the user's current role: role edits reach live sessions at once.
      const principal = users.principalOf(session.userName);
      if (!principal) {
        // Removed or locked since sign-in.
        sessions.endId(session.id);
        return null;
      }
      return { ...principal, sessionId: session.id };
    }
    if (users.isApiToken(token)) {
      const api: Principal = { kind: 'apiToken', userName: 'api', accessLevel: 'api', permission: API_TOKEN_PERMISSION };
      return api;
    }
    return null;
  };

  return { users, sessions, resolvePrincipal };
}
