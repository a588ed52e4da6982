/** The users and roles of the module (002 §7.9); every change makes both lists stale. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query.ts';

export const useUserList = () => useQuery(endpointQuery('userList'));
export const useRoleList = () => useQuery(endpointQuery('roleList'));

/** After a change: the lists and the single entries read again. */
export function useRefreshUsers(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all(['userList', 'roleList', 'userConfig', 'roleConfig'].map((name) => client.invalidateQueries({ queryKey: [name] })));
  };
}
