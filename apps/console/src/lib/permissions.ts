/** Permission hooks over the contract's model (000 §6, 002 §6). */
import { useLocation } from 'react-router';
import { canRead, canWrite, canWriteRoute } from '@meter/contract';
import { useSession } from './use-session.ts';

export const usePermission = (): number => useSession()?.permission ?? 0;
export const useCanRead = (mask: number): boolean => canRead(usePermission(), mask);
export const useCanWrite = (mask: number): boolean => canWrite(usePermission(), mask);

/** Write permission on the screen being shown: the nearest mask in its route chain decides. */
export function useCanWriteHere(): boolean {
  const { pathname } = useLocation();
  return canWriteRoute(pathname, usePermission());
}
