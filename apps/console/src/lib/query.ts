/** TanStack Query options derived from a contract endpoint: the key is its name and path parameters. */
import { queryOptions } from '@tanstack/react-query';
import type { EndpointName, ReplyOf, endpoints } from '@meter/contract';
import { callEndpoint, type CallArgs } from './api.ts';
import { endpointNamed } from './endpoint-table.ts';

type EndpointOf<N extends EndpointName> = (typeof endpoints)[N];

export function endpointQuery<N extends EndpointName>(name: N, args?: CallArgs<EndpointOf<N>>) {
  const a = (args ?? {}) as CallArgs<EndpointOf<N>>;
  return queryOptions<ReplyOf<EndpointOf<N>>>({
    queryKey: [name, a.params ?? {}],
    queryFn: ({ signal }) => callEndpoint(endpointNamed(name) as EndpointOf<N>, { ...a, signal }),
  });
}
