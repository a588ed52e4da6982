import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/endpoint-table.ts';
import { useMayCall } from '../../../lib/permissions.ts';
import { endpointQuery } from '../../../lib/query.ts';

// About › Information is open to every signed-in user; a user without any view bits asks nothing.
export const useMcStatus = () => useQuery({ ...endpointQuery('mcStatus'), enabled: useMayCall(calls.mcStatus) });
export const useDiskStatus = () => useQuery({ ...endpointQuery('diskStatus'), enabled: useMayCall(calls.diskStatus) });
/** A PATCH command on the device, but it only reads the disk usage. */
export const useStorageStatus = () => useQuery({ ...endpointQuery('storageStatus', { body: {} }), enabled: useMayCall(calls.storageStatus) });
