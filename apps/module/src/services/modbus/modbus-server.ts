/**
 * The Modbus TCP server (MBAP framing, Modbus Application Protocol v1.1b3): function 03 reads
 * the register map with live values; other functions get exception 01, unmapped registers 02,
 * a quantity outside 1..125 gets 03. The unit id is the meter address; a request for another
 * unit gets exception 0B (gateway target failed to respond), as a gateway with one meter
 * behind it answers. Requests are handled in arrival order per connection.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { ReadingSource } from '../../meter/reading-source.ts';
import { readRegisters } from './register-map.ts';

export const EXCEPTION = { illegalFunction: 0x01, illegalAddress: 0x02, illegalValue: 0x03, gatewayTargetFailed: 0x0b } as const;
const READ_HOLDING_REGISTERS = 0x03;
const MAX_READ = 125;
/** MBAP header: transaction (2), protocol (2), length (2), unit (1). */
const HEADER = 7;
/** The longest ADU a client may send (260 bytes); a longer length field is garbage. */
const MAX_ADU = 260;
/** A connection idle this long is closed: clients poll, a dead one must not hold a socket forever. */
const IDLE_MS = 120_000;

export interface ModbusServerDeps {
  meter: ReadingSource;
  now: () => number;
  unitId: () => number;
  /** The IP whitelist's question for each connection (a refused address is closed unanswered). */
  allows?: (address: string | undefined) => boolean;
}

/** The reply PDU to one request PDU. */
export function answer(pdu: Buffer, d: ModbusServerDeps): Buffer {
  const fc = pdu[0] ?? 0;
  const exception = (code: number) => Buffer.from([fc | 0x80, code]);
  if (fc !== READ_HOLDING_REGISTERS) return exception(EXCEPTION.illegalFunction);
  if (pdu.length !== 5) return exception(EXCEPTION.illegalValue);
  const start = pdu.readUInt16BE(1);
  const count = pdu.readUInt16BE(3);
  if (count < 1 || count > MAX_READ) return exception(EXCEPTION.illegalValue);
  const data = readRegisters(start, count, d.meter.snapshot(d.now()), d.meter);
  if (!data) return exception(EXCEPTION.illegalAddress);
  return Buffer.concat([Buffer.from([fc, data.length]), data]);
}

export class ModbusServer {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly d: ModbusServerDeps) {}

  /** Listens; resolves with the bound port (an ephemeral one when asked for 0). */
  listen(port: number, host: string): Promise<number> {
    const server = createServer((socket) => this.serve(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve((server.address() as { port: number }).port);
      });
    });
  }

  port(): number | undefined {
    const a = this.server?.address();
    return a && typeof a === 'object' ? a.port : undefined;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server?.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private serve(socket: Socket): void {
    if (this.d.allows && !this.d.allows(socket.remoteAddress)) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= HEADER) {
        const protocol = pending.readUInt16BE(2);
        const length = pending.readUInt16BE(4);
        if (protocol !== 0 || length < 2 || length + 6 > MAX_ADU) {
          socket.destroy();
          return;
        }
        if (pending.length < 6 + length) break;
        const frame = pending.subarray(0, 6 + length);
        pending = pending.subarray(6 + length);
        socket.write(this.reply(frame));
      }
    });
  }

  private reply(frame: Buffer): Buffer {
    const unit = frame[6]!;
    const pdu = frame.subarray(HEADER);
    const out = unit === this.d.unitId() ? answer(pdu, this.d) : Buffer.from([(pdu[0] ?? 0) | 0x80, EXCEPTION.gatewayTargetFailed]);
    const header = Buffer.alloc(HEADER);
    frame.copy(header, 0, 0, 4);
    header.writeUInt16BE(out.length + 1, 4);
    header[6] = unit;
    return Buffer.concat([header, out]);
  }
}
