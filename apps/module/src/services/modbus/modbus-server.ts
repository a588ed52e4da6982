/**
 * The Modbus TCP server (MBAP framing, Modbus Application Protocol v1.1b3): function 03 reads
 * the register map with live values; other functions get exception 01, unmapped registers 02,
 * a quantity outside 1..125 gets 03. The unit id is the meter address; a request for another
 * unit gets exception 0B (gateway target failed to respond), as a gateway with one meter
 * behind it answers. Requests are handled in arrival order per connection.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
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
  /** The Modbus Server subsystem: connections, and at debug every request. */
  log?: SubsystemLog;
  /** The Rtu Server subsystem: at debug every transaction passed on to the meter behind the gateway. */
  rtu?: SubsystemLog;
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

/** A request PDU in words, for the debug lines. */
function describe(pdu: Buffer): string {
  const fc = pdu[0] ?? 0;
  return fc === READ_HOLDING_REGISTERS && pdu.length === 5
    ? `function 03 start ${pdu.readUInt16BE(1)} count ${pdu.readUInt16BE(3)}`
    : `function ${fc.toString(16).padStart(2, '0')} (${pdu.length} bytes)`;
}

/** A reply PDU in words: its register count or its exception code. */
function outcome(out: Buffer): string {
  return (out[0] ?? 0) & 0x80 ? `exception ${(out[1] ?? 0).toString(16).padStart(2, '0')}` : `${(out[1] ?? 0) / 2} registers`;
}

export class ModbusServer {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly log: SubsystemLog;
  private readonly rtu: SubsystemLog;

  constructor(private readonly d: ModbusServerDeps) {
    this.log = d.log ?? NO_SYSLOG;
    this.rtu = d.rtu ?? NO_SYSLOG;
  }

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
    const peer = `${socket.remoteAddress}:${socket.remotePort}`;
    if (this.d.allows && !this.d.allows(socket.remoteAddress)) {
      this.log('warning', `connection from ${peer} refused: address not in the IP whitelist`);
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    if (this.log.debugOn()) this.log('debug', `connection from ${peer}`);
    socket.setTimeout(IDLE_MS, () => {
      this.log('info', `connection from ${peer} closed after ${IDLE_MS / 1000} s idle`);
      socket.destroy();
    });
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (this.log.debugOn()) this.log('debug', `connection from ${peer} closed`);
    });
    socket.on('error', (e) => {
      this.log('warning', `connection from ${peer} failed: ${e.message}`);
      socket.destroy();
    });
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= HEADER) {
        const protocol = pending.readUInt16BE(2);
        const length = pending.readUInt16BE(4);
        if (protocol !== 0 || length < 2 || length + 6 > MAX_ADU) {
          this.log('warning', `connection from ${peer} closed: not a Modbus TCP frame (protocol ${protocol}, length ${length})`);
          socket.destroy();
          return;
        }
        if (pending.length < 6 + length) break;
        const frame = pending.subarray(0, 6 + length);
        pending = pending.subarray(6 + length);
        socket.write(this.reply(frame, peer));
      }
    });
  }

  private reply(frame: Buffer, peer: string): Buffer {
    const unit = frame[6]!;
    const pdu = frame.subarray(HEADER);
    const meterUnit = this.d.unitId();
    const out = unit === meterUnit ? answer(pdu, this.d) : Buffer.from([(pdu[0] ?? 0) | 0x80, EXCEPTION.gatewayTargetFailed]);
    if (this.log.debugOn()) this.log('debug', `request from ${peer}: transaction ${frame.readUInt16BE(0)} unit ${unit} ${describe(pdu)} -> ${outcome(out)}`);
    if (unit === meterUnit && this.rtu.debugOn()) this.rtu('debug', `meter address ${unit}: ${describe(pdu)} -> ${outcome(out)}`);
    const header = Buffer.alloc(HEADER);
    frame.copy(header, 0, 0, 4);
    header.writeUInt16BE(out.length + 1, 4);
    header[6] = unit;
    return Buffer.concat([header, out]);
  }
}
