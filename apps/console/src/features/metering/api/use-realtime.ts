import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query.ts';
import { READINGS_REFRESH_MS, channelPolling } from './readings-polling.ts';

export const useRealtimeSystem = () => useQuery({ ...endpointQuery('realtimeSystem'), refetchInterval: READINGS_REFRESH_MS });

export const useUserNames = () => useQuery(endpointQuery('userNames'));

export const useRealtimeChannel = (channel: number) => useQuery({ ...endpointQuery('realtimeChannel', { params: { channel } }), ...channelPolling(channel) });
