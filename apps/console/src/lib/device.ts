/** Device state every screen leans on (000 §3 "Device state"): system mode, demand verified, home page info. */
import { useQuery } from '@tanstack/react-query';
import { DEVICE_FACTS, areaAuthAllows, type DeviceContext } from '@meter/contract';
import { usePermission } from './permissions.ts';
import { endpointQuery } from './query.ts';
import { useSession } from './use-session.ts';

const CLOCK_RESYNC_MS = 60_000;
/**
 * An answer this recent serves a hook's mount without a second call: the root shell reads the
 * system mode at start, and the frame's and the gate's hooks mount a moment later (with answers
 * stale at once they asked again, and drew every reader twice).
 */
const FRESH_ON_MOUNT_MS = 1_000;
const refetchOnMount = (q: { state: { dataUpdatedAt: number; errorUpdatedAt: number } }) => Date.now() - Math.max(q.state.dataUpdatedAt, q.state.errorUpdatedAt) >= FRESH_ON_MOUNT_MS;

export const systemModeQuery = () => ({ ...endpointQuery('systemMode', { persistent: true }), refetchOnMount });

export const useSystemMode = () => useQuery(systemModeQuery());

export const useDeviceInfo = (enabled = true) => useQuery({ ...endpointQuery('deviceInfo', { persistent: true }), refetchOnMount, enabled });

export const useHomePageInfo = () => {
  // A session held to its password change is refused everything else (002 §4.11).
  const enabled = useSession()?.passwordChangeRequired !== true;
  return useQuery({ ...endpointQuery('homePageInfo', { persistent: true }), refetchInterval: CLOCK_RESYNC_MS, enabled });
};

export interface DeviceContextState extends DeviceContext {
  /** The first answers are in: navigation decisions may be taken. */
  ready: boolean;
}

export function useDeviceContext(): DeviceContextState {
  const permission = usePermission();
  const mode = useSystemMode();
  // deviceInfo's grant, without the endpoint table (lib/endpoint-table.ts).
  const factsAllowed = areaAuthAllows(DEVICE_FACTS, permission);
  const info = useDeviceInfo(factsAllowed);
  return {
    ready: mode.isFetched && (!factsAllowed || info.isFetched),
    systemMode: mode.data?.mode ?? 0,
    demandVerified: info.data?.demmandVerified === 1,
  };
}
