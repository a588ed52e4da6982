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

/** 000 §6: without a permission mask the reply carries the four role flags instead. */
export function sessionFromReply(reply: SessionUser): Session {
  const permission = typeof reply.permission === 'number' ? reply.permission : permissionFromFlags(reply as unknown as RoleFlags);
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
