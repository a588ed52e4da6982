/** Device state every screen leans on (000 §3 "Device state"): system mode, demand verified, home page info. */
import { useQuery } from '@tanstack/react-query';
import { DEVICE_FACTS, areaAuthAllows, type DeviceContext } from '@meter/contract';
import { usePermission } from './permissions.ts';
import { endpointQuery } from './query.ts';
import { useSession } from './use-session.ts';

const CLOCK_RESYNC_MS = 60_000;

export const systemModeQuery = () => endpointQuery('systemMode', { persistent: true });

export const useSystemMode = () => useQuery(systemModeQuery());

export const useDeviceInfo = (enabled = true) => useQuery({ ...endpointQuery('deviceInfo', { persistent: true }), enabled });

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
