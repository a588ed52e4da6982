/**
 * User management for one running module, composed from small parts: the SQLite repository,
 * the settings (policy, general config, API token), sign-in, accounts and roles, plus the
 * sessions and the auth hook's principal resolver.
 */
import { API_TOKEN_PERMISSION } from '@meter/contract';
import type { ModuleContext, Principal, PrincipalResolver } from '../../context.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import { Revisions } from '../sections/revision.ts';
import { SessionStore, type Session } from '../sessions/session-store.ts';
import type { SecretThrottle } from '../throttle/secret-throttle.ts';
import { UserAccounts } from './accounts.ts';
import { prepareUsers } from './first-start.ts';
import { Roles } from './roles.ts';
import { SignIn } from './sign-in.ts';
import { UserRepository } from './user-repository.ts';
import { UserSettings } from './user-settings.ts';

export { SessionStore } from '../sessions/session-store.ts';
export { UserAccounts } from './accounts.ts';
export { Roles } from './roles.ts';
export { SignIn } from './sign-in.ts';
export { UserSettings } from './user-settings.ts';

export interface UserServices {
  signIn: SignIn;
  accounts: UserAccounts;
  roles: Roles;
  settings: UserSettings;
}

export async function createUserServices(
  ctx: ModuleContext,
  events: ModuleEventLog,
  throttle: SecretThrottle,
): Promise<{ users: UserServices; sessions: SessionStore; resolvePrincipal: PrincipalResolver; resolveSession: (sessionId: string) => Principal | null }> {
  const repo = new UserRepository(ctx.db);
  const revisions = new Revisions(ctx.kv);
  const settings = new UserSettings(ctx, events, revisions, (name) => repo.mayReadApiToken(name));
  // The store reads the live settings on every use, so saving them takes effect at once.
  const sessions = new SessionStore({
    now: () => ctx.now(),
    maxSessions: () => settings.maxLoginUser(),
    timeoutMinutes: () => settings.sessionTimeoutMinutes(),
    minuteMs: () => ctx.config.sessionMinuteMs,
  });
  await prepareUsers(ctx, repo, settings, events);
  const signIn = new SignIn(repo, settings, sessions, events, () => ctx.now(), throttle, ctx.kv);
  const users: UserServices = {
    signIn,
    accounts: new UserAccounts(ctx, repo, settings, sessions, events, throttle, revisions),
    roles: new Roles(repo, events, settings, revisions),
    settings,
  };

  // Permission comes from the user's current role: role edits reach live sessions at once.
  const principalOfSession = (session: Session | null): Principal | null => {
    if (!session) return null;
    const principal = signIn.principalOf(session.userName);
    if (!principal) {
      // Removed or locked since sign-in.
      sessions.endId(session.id);
      return null;
    }
    return { ...principal, sessionId: session.id, passwordChangeRequired: session.passwordChangeRequired };
  };
  const resolvePrincipal: PrincipalResolver = (token, activity) => {
    const session = sessions.resolve(token, activity);
    if (session) return principalOfSession(session);
    if (settings.isApiToken(token)) {
      const api: Principal = { kind: 'apiToken', userName: 'api', accessLevel: 'api', permission: API_TOKEN_PERMISSION };
      return api;
    }
    return null;
  };
  const resolveSession = (sessionId: string) => principalOfSession(sessions.resolveId(sessionId));

  return { users, sessions, resolvePrincipal, resolveSession };
}
