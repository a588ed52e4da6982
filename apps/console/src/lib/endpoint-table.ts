/**
 * The console's calls by name, from the contract's zod-free call table (ENDPOINT_CALLS: method,
 * path and permission of every call). Sending a request needs nothing more, so neither the shell nor a screen
 * loads the endpoint table (every call's zod schemas, the largest part of the contract) to call:
 * the signed-in frame stays small (the first load's budget, bench). A screen that needs a call's
 * schemas (a settings section's rules) imports them itself, in its own chunk.
 */
import { ENDPOINT_CALLS, type EndpointName, type ReplyOf, type endpoints } from '@meter/contract';
import { callEndpoint, type CallArgs } from './api.ts';

type Table = typeof endpoints;

/**
 * A call as callEndpoint takes it: typed by the table's entry (body, reply), holding at run time
 * only what ENDPOINT_CALLS holds (method, path, auth): what it does not hold is left out of the type
 * (the schemas stay typed, for the body and reply, but are not there to run).
 */
export type EndpointCall<N extends EndpointName> = Omit<Table[N], 'section' | 'publicWhen' | 'adminOnly' | 'duringPasswordChange' | 'file' | 'root'>;

/** Every call by name (`calls.deviceInfo`), as callEndpoint takes it. */
export const calls = ENDPOINT_CALLS as unknown as { readonly [N in EndpointName]: EndpointCall<N> };

/** The entry to call by name. */
export const endpointNamed = <N extends EndpointName>(name: N): EndpointCall<N> => calls[name];

/** callEndpoint by the entry's name. */
export function callNamed<N extends EndpointName>(name: N, args: CallArgs<Table[N]>): Promise<ReplyOf<Table[N]>> {
  return callEndpoint(calls[name] as Table[N], args);
}
