/**
 * Outbound connections never reach the module's own listeners (issue 25 item 12): a post channel,
 * AcuCloud, remote access, the firmware server, SMTP or MQTT aimed at one of the module's ports on
 * loopback, on an address of its own or on 0.0.0.0 / :: is refused before any byte is sent, and
 * reported as any connection that could not be made. Every outbound client calls the one guard,
 * and connects to the address the guard checked (never to a fresh resolution of the name, which a
 * DNS server could answer with 127.0.0.1 the second time: rebinding).
 */
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Checks a target before connecting; throws OutboundRefused when it is the module itself. Resolves
 * with the host to connect to: the checked address when the name had to be resolved to decide,
 * else the host as given.
 */
export type OutboundGuard = (host: string, port: number) => Promise<string>;

/** A connection the guard refused: its clients word it as "could not connect", like a refused or reset one. */
export class OutboundRefused extends Error {
  readonly code = 'EOWNLISTENER';
}

/** The guard of a module without listeners (unit tests of a client). */
export const noGuard: OutboundGuard = async (host) => host;

/**
 * A connection's `lookup` that answers the guard's address for its host (net, tls, http and https
 * take it): TLS still checks the certificate against the name, HTTP still sends it as Host. None
 * when the guard resolved nothing.
 */
export function pinnedLookup(host: string, address: string): { lookup?: LookupFunction } {
  if (address === host) return {};
  const family = isIP(address);
  return {
    lookup: ((_name: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) =>
      options?.all ? cb(null, [{ address, family }]) : cb(null, address, family)) as LookupFunction,
  };
}

const normal = (a: string) => a.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
const isLoopback = (a: string) => a.startsWith('127.') || a === '::1';
const isUnspecified = (a: string) => a === '0.0.0.0' || a === '::';

/** Whether an address is the module's own: loopback, unspecified, or on one of its interfaces. */
function isOwnAddress(address: string): boolean {
  const a = normal(address);
  if (isLoopback(a) || isUnspecified(a)) return true;
  return Object.values(networkInterfaces()).some((list) => list?.some((i) => normal(i.address.replace(/%.*$/, '')) === a.replace(/%.*$/, '')));
}

/**
 * The guard over the ports the module listens on now (`ports`: HTTP, HTTPS, Modbus TCP, SFTP, SSH,
 * SNMP, BACnet/IP). Each listener is taken as reachable on every own address (some bind all of
 * them). A name is resolved and each of its addresses checked; the first is the one to connect to.
 * A name that does not resolve fails here as the client would fail on it (ENOTFOUND), so that no
 * later resolution can reach the module.
 */
export function outboundGuard(ports: () => readonly (number | null | undefined)[]): OutboundGuard {
  return async (host, port) => {
    if (!ports().includes(port)) return host;
    const bare = host.replace(/^\[|\]$/g, '');
    const addresses = isIP(bare) ? [bare] : bare.toLowerCase() === 'localhost' ? ['127.0.0.1', '::1'] : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
    const [first] = addresses;
    if (first === undefined || addresses.some(isOwnAddress)) throw new OutboundRefused(`${host}:${port} is a port of this module`);
    return first;
  };
}

/** Codes of a connection that was not made or not understood: refused, reset, the wrong protocol, the guard's. */
const NO_CONNECTION = /^(ECONNREFUSED|ECONNRESET|EPIPE|EPROTO|EOWNLISTENER|HPE_|ERR_SSL_|ERR_STREAM_PREMATURE_CLOSE|ECONNABORTED)/;

/**
 * Whether a failure means the connection could not be made: told apart from not found, timed out
 * and authentication, never from each other (a port that refuses, resets or speaks another protocol
 * looks the same from outside, and tells a prober nothing about what listens there).
 */
export function couldNotConnect(err: unknown): boolean {
  if (err instanceof OutboundRefused) return true;
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof e.code === 'string' && NO_CONNECTION.test(e.code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /socket hang up|ECONNREFUSED|ECONNRESET|wrong version number|Parse Error|unexpected (server )?(response|reply)|Invalid response|closed the connection|Connection closed|Greeting never received/i.test(
    message,
  );
}
