import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query.ts';
import { READINGS_REFRESH_MS, channelPolling } from './readings-polling.ts';

export const useEnergySystem = () => useQuery({ ...endpointQuery('energySystem'), refetchInterval: READINGS_REFRESH_MS });

export const useEnergyChannel = (channel: number) => useQuery({ ...endpointQuery('energyChannel', { params: { channel } }), ...channelPolling(channel) });
