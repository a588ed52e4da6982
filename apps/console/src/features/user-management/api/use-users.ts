/** The users and roles of the module (002 §7.9); every change makes both lists stale. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query.ts';

/**
 * The module changes the list on its own too (a lockout after failed sign-ins, one ending, a last
 * sign-in): the open list reads it again this often.
 */
export const USER_LIST_REFRESH_MS = 10_000;

export const useUserList = () => useQuery({ ...endpointQuery('userList'), refetchInterval: USER_LIST_REFRESH_MS });
export const useRoleList = () => useQuery(endpointQuery('roleList'));

/** After a change: the lists and the single entries read again. */
export function useRefreshUsers(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all(['userList', 'roleList', 'userConfig', 'roleConfig'].map((name) => client.invalidateQueries({ queryKey: [name] })));
  };
}
