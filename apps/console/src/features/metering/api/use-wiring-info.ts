import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query.ts';

/**
 * 001 Metering wrapper: the wiring info, loaded once for all metering screens. It changes only
 * with the meter settings, whose save should invalidate ['wiringType'].
 */
export const useWiringInfo = () =>
  // Persistent: shared by every metering screen, so a navigation between them must not cancel it.
  useQuery({ ...endpointQuery('wiringType', { persistent: true }), staleTime: Infinity, gcTime: Infinity });
