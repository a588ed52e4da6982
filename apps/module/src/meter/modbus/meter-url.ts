/**
 * The meter source `MODULE_METER` (or Settings › Meter › Meter Connection) names:
 *   simulated (or unset)
 *   modbus-tcp://HOST:PORT?unit=N&profile=NAME
 *   modbus-rtu:///dev/ttyX?baud=19200&parity=none&unit=N&profile=NAME
 * Parsed and checked here, once; the message says what is wrong.
 */
import { METER_BAUD_RATES as BAUD_RATES, METER_PARITIES as PARITIES, SERIAL_DEVICE_RE, type MeterConnectionConfig } from '@meter/contract';
import { profileNames } from './profile.ts';

export { BAUD_RATES, PARITIES };
export type Parity = (typeof PARITIES)[number];

export type MeterSourceSpec =
  | { kind: 'simulated' }
  | { kind: 'modbus-tcp'; host: string; port: number; unit: number; profile: string }
  | { kind: 'modbus-rtu'; path: string; baud: number; parity: Parity; unit: number; profile: string };

const int = (v: string | null, what: string, min: number, max: number): number => {
  const n = v !== null && /^\d{1,6}$/.test(v) ? Number(v) : NaN;
  if (!(n >= min && n <= max)) throw new Error(`${what} must be ${min} to ${max}`);
  return n;
};

function profileOf(q: URLSearchParams): string {
  const name = q.get('profile');
  if (!name || !profileNames().includes(name)) throw new Error(`profile must be one of ${profileNames().join(', ')}`);
  return name;
}

/** Throws an Error whose message names the wrong part. */
export function parseMeterUrl(text: string | undefined): MeterSourceSpec {
  const raw = (text ?? '').trim();
  if (raw === '' || raw === 'simulated') return { kind: 'simulated' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`MODULE_METER must be simulated, modbus-tcp://HOST:PORT?unit=N&profile=NAME or modbus-rtu:///dev/ttyX?baud=19200&parity=none&unit=N&profile=NAME`);
  }
  const q = url.searchParams;
  const known = url.protocol === 'modbus-rtu:' ? ['baud', 'parity', 'unit', 'profile'] : ['unit', 'profile'];
  for (const k of q.keys()) if (!known.includes(k)) throw new Error(`unknown parameter ${k}`);
  if (url.protocol === 'modbus-tcp:') {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!host) throw new Error('a modbus-tcp meter needs a host');
    if (url.pathname && url.pathname !== '/' && url.pathname !== '') throw new Error('a modbus-tcp meter has no path');
    return { kind: 'modbus-tcp', host, port: url.port === '' ? 502 : int(url.port, 'port', 1, 65535), unit: int(q.get('unit'), 'unit', 0, 247), profile: profileOf(q) };
  }
  if (url.protocol === 'modbus-rtu:') {
    if (url.host !== '') throw new Error('a modbus-rtu meter is modbus-rtu:///dev/ttyX (no host)');
    const path = decodeURIComponent(url.pathname);
    if (!SERIAL_DEVICE_RE.test(path)) throw new Error('a modbus-rtu meter needs a serial device under /dev');
    const baud = int(q.get('baud') ?? '19200', 'baud', 1200, 115200);
    if (!(BAUD_RATES as readonly number[]).includes(baud)) throw new Error(`baud must be one of ${BAUD_RATES.join(', ')}`);
    const parity = (q.get('parity') ?? 'none') as Parity;
    if (!PARITIES.includes(parity)) throw new Error(`parity must be one of ${PARITIES.join(', ')}`);
    return { kind: 'modbus-rtu', path, baud, parity, unit: int(q.get('unit'), 'unit', 1, 247), profile: profileOf(q) };
  }
  throw new Error(`unknown meter source ${url.protocol.replace(/:$/, '')}: simulated, modbus-tcp or modbus-rtu`);
}

/** The spec back as text (logs, the settings section). */
export function meterUrlText(s: MeterSourceSpec): string {
  if (s.kind === 'simulated') return 'simulated';
  if (s.kind === 'modbus-tcp') return `modbus-tcp://${s.host.includes(':') ? `[${s.host}]` : s.host}:${s.port}?unit=${s.unit}&profile=${s.profile}`;
  return `modbus-rtu://${s.path}?baud=${s.baud}&parity=${s.parity}&unit=${s.unit}&profile=${s.profile}`;
}

/** The source the Meter Connection section names (validated by its schema when saved). */
export function specOfConnection(c: MeterConnectionConfig): MeterSourceSpec {
  if (c.source === 'modbus-tcp') return { kind: 'modbus-tcp', host: c.tcp.host, port: c.tcp.port, unit: c.tcp.unit, profile: c.tcp.profile };
  if (c.source === 'modbus-rtu') return { kind: 'modbus-rtu', path: c.rtu.device, baud: c.rtu.baud, parity: c.rtu.parity, unit: c.rtu.unit, profile: c.rtu.profile };
  return { kind: 'simulated' };
}
