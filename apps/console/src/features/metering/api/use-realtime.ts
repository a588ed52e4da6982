import { useQuery } from '@tanstack/react-query';
import { TIMING } from '@meter/contract';
import { ApiError } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/query.ts';
import { NO_CHANNEL } from '../../../components/channel-options.ts';

const refresh = TIMING.readingsRefreshMs;

export const useRealtimeSystem = () => useQuery({ ...endpointQuery('realtimeSystem'), refetchInterval: refresh });

export const useUserNames = () => useQuery(endpointQuery('userNames'));

export const useRealtimeChannel = (channel: number) =>
  useQuery({
    ...endpointQuery('realtimeChannel', { params: { channel } }),
    enabled: channel !== NO_CHANNEL,
    // A channel the device does not have stays absent: one 'No data available' is enough.
    refetchInterval: (q) => (q.state.error instanceof ApiError && q.state.error.status === 404 ? false : refresh),
  });
