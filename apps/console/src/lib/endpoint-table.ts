/**
 * The contract's endpoint table holds every call's zod schemas, the largest part of the contract.
 * The shell and Login must draw without it (the first load's budget, bench), so they call through
 * here: the few calls they make, and those of the landing screen, are named below by method and
 * path only (a test keeps them equal to the table), and any other name loads the table, once,
 * beside the request (a screen that uses the table's schemas brings it in its own chunk).
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
  sessionStatus: { method: 'GET', path: '/users/session' },
} as const satisfies Partial<Record<EndpointName, Pick<Endpoint, 'method' | 'path'>>>;

/**
 * The calls of the landing screen (Reading › Metering › Basic, where `/` leads): evaluating the
 * table (every schema of every screen) was the longest task of a signed-in first load, so the
 * screen most first loads end on polls without it.
 */
export const LANDING_CALLS = {
  realtimeSystem: { method: 'GET', path: '/readings/realtime/system' },
  realtimeChannel: { method: 'GET', path: '/readings/realtime/channels/:channel' },
  userNames: { method: 'GET', path: '/settings/getUserName' },
  wiringType: { method: 'GET', path: '/command/getWiringType' },
  meterLink: { method: 'GET', path: '/readings/meter-link' },
} as const satisfies Partial<Record<EndpointName, Pick<Endpoint, 'method' | 'path'>>>;

const BY_NAME: Partial<Record<EndpointName, unknown>> = { ...SHELL_CALLS, ...LANDING_CALLS };

let table: Promise<Table> | undefined;

/**
 * The table's chunk and the chunks it imports, as the build wrote them (comma-separated; the
 * build's `endpoint-table-files` step fills it in, so unbuilt it names no file).
 */
const TABLE_FILES = '__ENDPOINT_TABLE_FILES__';
let prefetched = false;

/**
 * Fetches the table's chunks into the HTTP cache (prefetch), once the frame has drawn: the next
 * screen's click finds the bytes here, and the landing screen's first load neither runs nor
 * compiles them (a modulepreload had the browser compile the ~95 KB table beside the first
 * screen, inside the time Lighthouse counts as blocking).
 */
export function prefetchEndpointTable(): void {
  if (prefetched || typeof document === 'undefined') return;
  prefetched = true;
  for (const href of TABLE_FILES.split(',').filter((f) => f.endsWith('.js'))) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = href;
    document.head.append(link);
  }
}

export const endpointTable = (): Promise<Table> => (table ??= import('./endpoint-table-chunk.ts').then((m) => m.endpoints));

/** The entry to call: the shell's and the landing screen's by name at once, any other from the table. */
export async function endpointNamed<N extends EndpointName>(name: N): Promise<Table[N]> {
  const shell = BY_NAME[name];
  // callEndpoint reads only method and path; the reply's type is the table's either way.
  return (shell as Table[N] | undefined) ?? (await endpointTable())[name];
}

/** callEndpoint by the entry's name. */
export async function callNamed<N extends EndpointName>(name: N, args: CallArgs<Table[N]>): Promise<ReplyOf<Table[N]>> {
  return callEndpoint(await endpointNamed(name), args);
}
