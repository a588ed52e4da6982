/** Permission hooks over the contract's model (000 §6, 002 §6). */
import { useLocation } from 'react-router';
import { ADMIN_ACCESS_LEVEL, areaAuthAllows, canRead, canWrite, canWriteRoute, type Endpoint } from '@meter/contract';
import { useSession } from './use-session.ts';

/** While an expired password must be changed the module grants nothing (002 §4.11), so neither does the console. */
export function usePermission(): number {
  const session = useSession();
  return session && !session.passwordChangeRequired ? session.permission : 0;
}
export const useCanRead = (mask: number): boolean => canRead(usePermission(), mask);
export const useCanWrite = (mask: number): boolean => canWrite(usePermission(), mask);

/** Write permission on the screen being shown: the nearest mask in its route chain decides. */
export function useCanWriteHere(): boolean {
  const { pathname } = useLocation();
  return canWriteRoute(pathname, usePermission());
}

/** Whether the module will accept the call from this user: the endpoint's declared permission. */
export function mayCall(endpoint: Pick<Endpoint, 'auth'>, permission: number): boolean {
  const { auth } = endpoint;
  return auth.kind !== 'area' || areaAuthAllows(auth, permission);
}
export const useMayCall = (endpoint: Pick<Endpoint, 'auth'>): boolean => mayCall(endpoint, usePermission());

/** 000 §6, 001 §6: some actions belong to the admin access level itself, not to permission bits. */
export const useIsAdmin = (): boolean => useSession()?.accessLevel === ADMIN_ACCESS_LEVEL;
