import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query.ts';
import { READINGS_REFRESH_MS, channelPolling } from './readings-polling.ts';

export const useDemandSystem = () => useQuery({ ...endpointQuery('demandSystem'), refetchInterval: READINGS_REFRESH_MS });

/** 001: a selected channel of -1 means none chosen, so the channel table is not loaded. */
export const useDemandChannel = (channel: number) => useQuery({ ...endpointQuery('demandChannel', { params: { channel } }), ...channelPolling(channel) });
