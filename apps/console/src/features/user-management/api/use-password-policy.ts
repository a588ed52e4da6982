import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query.ts';

export const usePasswordPolicy = () => useQuery(endpointQuery('passwordPolicy'));
