import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@meter/contract';
import { useMayCall } from '../../../lib/permissions.ts';
import { endpointQuery } from '../../../lib/query.ts';

/** Not asked for without view on user management (an own password change): the module checks the policy anyway. */
export const usePasswordPolicy = () => useQuery({ ...endpointQuery('passwordPolicy'), enabled: useMayCall(endpoints.passwordPolicy) });
