/**
 * A Simple Network Time Protocol client (RFC 4330): one mode-3 request per query, the reply
 * checked against our transmit stamp, the clock offset from the four timestamps. Only the host
 * clock is measured; the caller decides what to do with the offset.
 */
import { createSocket } from 'node:dgram';
import { lookup } from 'node:dns/promises';

/** Seconds from 1900-01-01 (NTP era 0) to 1970-01-01. */
const NTP_UNIX_DELTA = 2_208_988_800;
const PACKET_SIZE = 48;

export interface SntpResult {
  /** Server clock minus host clock, ms. */
  offsetMs: number;
  roundTripMs: number;
  stratum: number;
  address: string;
}

function writeStamp(buf: Buffer, at: number, ms: number): void {
  const seconds = Math.floor(ms / 1000) + NTP_UNIX_DELTA;
  const fraction = Math.round(((ms % 1000) / 1000) * 2 ** 32);
  buf.writeUInt32BE(seconds >>> 0, at);
  buf.writeUInt32BE(Math.min(fraction, 2 ** 32 - 1) >>> 0, at + 4);
}

function readStamp(buf: Buffer, at: number): number {
  const seconds = buf.readUInt32BE(at);
  const fraction = buf.readUInt32BE(at + 4);
  return (seconds - NTP_UNIX_DELTA) * 1000 + (fraction / 2 ** 32) * 1000;
}

/** Asks one server; rejects with a short reason on timeout, a bad reply or a kiss-of-death. */
export async function sntpQuery(host: string, port: number, timeoutMs: number, hostNow: () => number = Date.now): Promise<SntpResult> {
  const { address, family } = await lookup(host);
  const socket = createSocket(family === 6 ? 'udp6' : 'udp4');
  try {
    return await new Promise<SntpResult>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      const request = Buffer.alloc(PACKET_SIZE);
      request[0] = (0 << 6) | (4 << 3) | 3; // LI 0, version 4, mode 3 (client)
      const t1 = hostNow();
      writeStamp(request, 40, t1);
      const sent = request.subarray(40, 48);
      socket.on('error', fail);
      socket.on('message', (msg, rinfo) => {
        const t4 = hostNow();
        // Replies from elsewhere, or not to this request, are ignored: the timeout still runs.
        if (rinfo.address !== address || rinfo.port !== port || msg.length < PACKET_SIZE) return;
        if (!msg.subarray(24, 32).equals(sent)) return;
        const mode = msg[0]! & 0x07;
        const stratum = msg[1]!;
        if (mode !== 4 && mode !== 5) return fail(new Error(`unexpected mode ${mode}`));
        if (stratum === 0) return fail(new Error(`kiss-of-death ${msg.subarray(12, 16).toString('ascii')}`));
        if (msg[0]! >> 6 === 3) return fail(new Error('server clock not synchronised'));
        const t2 = readStamp(msg, 32);
        const t3 = readStamp(msg, 40);
        clearTimeout(timer);
        resolve({ offsetMs: (t2 - t1 + (t3 - t4)) / 2, roundTripMs: t4 - t1 - (t3 - t2), stratum, address });
      });
      socket.send(request, port, address, (err) => {
        if (err) fail(err);
      });
    });
  } finally {
    socket.close();
  }
}
