import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query.ts';

/** The policy's text rules (any session may ask, one held on Change Password too): the checklist and the form's own check. */
export const usePasswordRules = () => useQuery(endpointQuery('passwordRules'));
