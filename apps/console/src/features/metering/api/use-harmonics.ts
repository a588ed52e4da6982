import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query.ts';
import { channelPolling } from './readings-polling.ts';

/** 000 §2 names only the Channel table as refreshing; the System table loads with the screen. */
export const useHarmonicsSystem = () => useQuery(endpointQuery('harmonicsVoltage'));

export const useHarmonicsChannel = (channel: number) => useQuery({ ...endpointQuery('harmonicsCurrent', { params: { channel } }), ...channelPolling(channel) });
