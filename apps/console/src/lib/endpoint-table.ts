/**
 * The contract's endpoint table holds every call's zod schemas, the largest part of the contract.
 * The shell and Login must draw without it (the first load's budget, bench), so they call through
 * here: the few calls they make are named below by method and path only (a test keeps them equal
 * to the table), and any other name loads the table, once, beside the request.
 */
import type { Endpoint, EndpointName, ReplyOf, endpoints } from '@meter/contract';
import { callEndpoint, type CallArgs } from './api.ts';

type Table = typeof endpoints;

/** The shell's own calls: method and path are all a call needs. */
export const SHELL_CALLS = {
  systemMode: { method: 'GET', path: '/systemMode' },
  deviceInfo: { method: 'GET', path: '/settings/deviceInfo' },
  homePageInfo: { method: 'GET', path: '/command/homePageInfo' },
  authenticate: { method: 'POST', path: '/users/authenticate' },
  logout: { method: 'POST', path: '/users/logout' },
  rebootSystem: { method: 'PATCH', path: '/command/rebootSystem' },
  certificate: { method: 'GET', path: '/cert_accu.cer' },
} as const satisfies Partial<Record<EndpointName, Pick<Endpoint, 'method' | 'path'>>>;

let table: Promise<Table> | undefined;

export const endpointTable = (): Promise<Table> => (table ??= import('./endpoint-table-chunk.ts').then((m) => m.endpoints));

/** The signed-in layout carries the table (every screen's calls need it): no second fetch then. */
export function provideEndpointTable(loaded: Table): void {
  table ??= Promise.resolve(loaded);
}

/** The entry to call: the shell's from SHELL_CALLS at once, any other from the table. */
export async function endpointNamed<N extends EndpointName>(name: N): Promise<Table[N]> {
  const shell = (SHELL_CALLS as Partial<Record<EndpointName, unknown>>)[name];
  // callEndpoint reads only method and path; the reply's type is the table's either way.
  return (shell as Table[N] | undefined) ?? (await endpointTable())[name];
}

/** callEndpoint by the entry's name. */
export async function callNamed<N extends EndpointName>(name: N, args: CallArgs<Table[N]>): Promise<ReplyOf<Table[N]>> {
  return callEndpoint(await endpointNamed(name), args);
}
