import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type PasswordPolicy } from '@meter/contract';
import { callEndpoint } from '../../../lib/api.ts';
import { endpointQuery } from '../../../lib/query.ts';

export const usePasswordPolicy = () => useQuery(endpointQuery('passwordPolicy'));

/** The form reports a refusal with the module's own words, so the generic alert stays quiet. */
export function useSavePasswordPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordPolicy) => callEndpoint(endpoints.savePasswordPolicy, { body, suppress: true }),
    onSuccess: (_reply, body) => client.setQueryData(endpointQuery('passwordPolicy').queryKey, body),
  });
}
