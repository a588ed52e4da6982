import type { ModuleConfig } from './config.ts';
import type { Db, KeyValueStore } from './store/db.ts';

/** Who is calling, resolved from the session token (or the API token) by the auth hook. */
export interface Principal {
  kind: 'user' | 'apiToken';
  userName: string;
  accessLevel: string;
  permission: number;
  /** Session id (hash of the token) for user sessions. */
  sessionId?: string;
  /** The session's password has expired: only the endpoints marked duringPasswordChange answer. */
  passwordChangeRequired?: boolean;
}

/**
 * The auth hook's lookup: the caller behind a session or API token, or null for none. `activity`:
 * the call counts as the user's (it restarts the session's inactivity clock; docs/decisions/users-first-day-password-change-and-session-timeout.md,
 * "Session timeout").
 */
export type PrincipalResolver = (token: string, activity?: boolean) => Principal | null;

/** What every API plugin may use: the state of one running module. */
export interface ModuleContext {
  config: ModuleConfig;
  db: Db;
  kv: KeyValueStore;
  /** Asks the launcher to reboot: the listener goes away, comes back, every session ends. */
  requestReboot(): void;
  /** Monotonic-enough wall clock, replaceable in tests. */
  now(): number;
}
