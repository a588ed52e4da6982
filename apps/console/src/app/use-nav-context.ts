import { useMemo } from 'react';
import { useDeviceContext } from '../lib/device.ts';
import { usePermission } from '../lib/permissions.ts';
import type { NavContext } from './navigation.ts';
import { hasScreen } from './screens.ts';

/** The inputs of every navigation decision: permission, device state and the screen registry. */
export function useNavContext(): { ready: boolean; ctx: NavContext } {
  const permission = usePermission();
  const { ready, systemMode, demandVerified } = useDeviceContext();
  const ctx = useMemo(() => ({ permission, device: { systemMode, demandVerified }, hasScreen }), [permission, systemMode, demandVerified]);
  return { ready, ctx };
}
