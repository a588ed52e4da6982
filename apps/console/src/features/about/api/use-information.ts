import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query.ts';

export const useMcStatus = () => useQuery(endpointQuery('mcStatus'));
export const useDiskStatus = () => useQuery(endpointQuery('diskStatus'));
/** A PATCH command on the device, but it only reads the disk usage. */
export const useStorageStatus = () => useQuery(endpointQuery('storageStatus', { body: {} }));
