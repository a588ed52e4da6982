/** The signed-in user (000 §3 "Session user"), kept in session storage. */
import { permissionFromFlags, type RoleFlags, type SessionUser } from '@meter/contract';
import { createStore } from './store.ts';
import { SESSION_USER_KEY } from './storage-keys.ts';

export interface Session {
  userName: string;
  accessLevel: string;
  token: string;
  permission: number;
  changePassword: boolean;
  /** The password expired: the module refuses everything but the change and Logout (002 §4.11). */
  passwordChangeRequired?: boolean;
  /** Why the password must change: it is the default one, or it expired. */
  defaultPassword?: boolean;
}

function readStored(): Session | null {
  try {
    const raw = sessionStorage.getItem(SESSION_USER_KEY);
    const s = raw ? (JSON.parse(raw) as Session) : null;
    return s && typeof s.token === 'string' && s.token ? s : null;
  } catch {
    return null;
  }
}

export const sessionStore = createStore<Session | null>(readStored());

sessionStore.subscribe(() => {
  const s = sessionStore.get();
  if (s) sessionStorage.setItem(SESSION_USER_KEY, JSON.stringify(s));
  else sessionStorage.removeItem(SESSION_USER_KEY);
});

export const getSession = () => sessionStore.get();
export const setSession = (s: Session) => sessionStore.set(s);
export const clearSession = () => sessionStore.set(null);
export const updateSession = (patch: Partial<Session>) => sessionStore.set((s) => (s ? { ...s, ...patch } : s));

/** 000 §6: a reply without the permission mask carries the four role flags instead. */
type FlagsReply = Omit<SessionUser, 'permission'> & RoleFlags & { permission?: undefined };

export function sessionFromReply(reply: SessionUser | FlagsReply): Session {
  const permission = typeof reply.permission === 'number' ? reply.permission : permissionFromFlags(reply);
  return {
    userName: reply.userName,
    accessLevel: reply.accessLevel,
    token: reply.token,
    permission,
    changePassword: reply.default === true,
    passwordChangeRequired: reply.passwordChangeRequired === true,
    defaultPassword: reply.default === true,
  };
}

/**
 * Tabs of one browser share the session (issue 14): the user is kept per tab in session storage
 * (000 §3), and a tab opened without one asks the others over a BroadcastChannel; a sign-in
 * is offered to the tabs still on Login, and a sign-out ends it in every tab.
 */
type SessionMessage = { kind: 'ask' } | { kind: 'session'; session: Session } | { kind: 'signedOut' };
// Only in a browser: under node (the console's unit tests) an open channel would keep the process alive.
const channel = typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('meter-console-session');

if (channel) {
  channel.onmessage = (e: MessageEvent<SessionMessage>) => {
    const message = e.data;
    const own = sessionStore.get();
    if (message.kind === 'ask' && own) channel.postMessage({ kind: 'session', session: own } satisfies SessionMessage);
    else if (message.kind === 'session' && !own && typeof message.session?.token === 'string') sessionStore.set(message.session);
    else if (message.kind === 'signedOut' && own) sessionStore.set(null);
  };
  if (!sessionStore.get()) channel.postMessage({ kind: 'ask' } satisfies SessionMessage);
}

/** Tells the other tabs of a new sign-in (those without a session take it). */
export function shareSession(): void {
  const s = sessionStore.get();
  if (s) channel?.postMessage({ kind: 'session', session: s } satisfies SessionMessage);
}

/** Signs every other tab out (this one clears its own). */
export function announceSignOut(): void {
  channel?.postMessage({ kind: 'signedOut' } satisfies SessionMessage);
}
