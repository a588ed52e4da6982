/**
 * The BACnet/IP device on its UDP port (Annex J): a unicast Who-Is is answered to its sender, a
 * broadcast one by a broadcast I-Am (through the BBMD when registered as a foreign device);
 * confirmed requests are answered to the station that sent them. As a foreign device it
 * registers with the BBMD at start and again every TTL; a refused or unanswered registration
 * is tried again after a minute and written to the module event log.
 */
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import type { ReadingSource } from '../../meter/reading-source.ts';
import { answerConfirmed, iAm, whoIsFor, type DeviceView } from './apdu.ts';
import { deviceObjects, type DeviceIdentity } from './device-objects.ts';
import { Bvlc, BVLC_NAK, bvlc, bvlcResult, decodeBvlc, decodeNpdu, npdu } from './encoding.ts';

export interface ForeignDevice {
  address: string;
  port: number;
  /** Seconds, as the Register-Foreign-Device message carries it (at most 65535). */
  ttlSeconds: number;
}

export interface BacnetDeviceOptions {
  host: string;
  port: number;
  identity: DeviceIdentity;
  meter: ReadingSource;
  now: () => number;
  foreignDevice?: ForeignDevice;
  /** Between registrations (default the TTL); and before another try after a failure (default 60 s). */
  reregisterMs?: number;
  retryMs?: number;
  log: (level: 'Info' | 'Error', message: string) => void;
  /**
   * The IP whitelist: a datagram from an address it does not admit is dropped unanswered, as the
   * device's packet filter would (the BBMD this device registers with is answered: its replies
   * belong to the registration the device sent).
   */
  allows?: (address: string) => boolean;
  /** The BACnet subsystem of the system log: at debug every datagram and what it got. */
  syslog?: SubsystemLog;
}

const LIMITED_BROADCAST = '255.255.255.255';
/** How long the BBMD has to answer a registration. */
const REGISTRATION_ANSWER_MS = 5000;

export class BacnetDevice {
  private socket: Socket | undefined;
  private readonly view: DeviceView;
  private timer: NodeJS.Timeout | undefined;
  private answerTimer: NodeJS.Timeout | undefined;
  private registered = false;
  /** The last registration outcome written to the event log (so a failing BBMD is logged once). */
  private logged: 'ok' | 'failed' | undefined;

  private readonly syslog: SubsystemLog;

  constructor(private readonly o: BacnetDeviceOptions) {
    this.syslog = o.syslog ?? NO_SYSLOG;
    this.view = { instance: o.identity.instance, vendorId: o.identity.vendorId, objects: deviceObjects(o.identity), meter: o.meter, snapshot: () => o.meter.snapshot(o.now()) };
  }

  async start(): Promise<void> {
    const socket = createSocket({ type: 'udp4' });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(this.o.port, this.o.host, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    // A bad datagram or an unreachable peer must not stop the device.
    socket.on('error', () => undefined);
    socket.on('message', (msg, rinfo) => this.receive(msg, rinfo));
    socket.setBroadcast(true);
    this.socket = socket;
    if (this.o.foreignDevice) this.register();
    // Announce the device at start, as BACnet devices do.
    this.broadcast(npdu(iAm(this.view.instance, this.view.vendorId)));
  }

  port(): number | undefined {
    return this.socket?.address().port;
  }

  /** Whether the BBMD accepted the last registration. */
  isRegistered(): boolean {
    return this.registered;
  }

  close(): Promise<void> {
    clearTimeout(this.timer);
    clearTimeout(this.answerTimer);
    const s = this.socket;
    this.socket = undefined;
    return new Promise((resolve) => (s ? s.close(() => resolve()) : resolve()));
  }

  /** Sends a datagram and its error never escapes (an unreachable BBMD, a refused broadcast). */
  private send(msg: Buffer, port: number, address: string): void {
    this.socket?.send(msg, port, address, () => undefined);
  }

  private broadcast(n: Buffer): void {
    const fd = this.o.foreignDevice;
    if (fd) return this.send(bvlc(Bvlc.distributeBroadcast, n), fd.port, fd.address);
    const port = this.port();
    if (port !== undefined) this.send(bvlc(Bvlc.originalBroadcast, n), port, LIMITED_BROADCAST);
  }

  private register(): void {
    const fd = this.o.foreignDevice;
    if (!fd) return;
    const ttl = Buffer.alloc(2);
    ttl.writeUInt16BE(fd.ttlSeconds);
    this.send(bvlc(Bvlc.registerForeignDevice, ttl), fd.port, fd.address);
    clearTimeout(this.answerTimer);
    this.answerTimer = setTimeout(() => this.registration(false, 'no answer'), REGISTRATION_ANSWER_MS);
    this.answerTimer.unref();
  }

  private registration(ok: boolean, why: string): void {
    const fd = this.o.foreignDevice;
    if (!fd) return;
    clearTimeout(this.answerTimer);
    this.registered = ok;
    const state = ok ? 'ok' : 'failed';
    if (this.logged !== state) {
      this.logged = state;
      if (ok) this.o.log('Info', `BACnet/IP registered as a foreign device with the BBMD ${fd.address}:${fd.port} (TTL ${fd.ttlSeconds} s)`);
      else this.o.log('Error', `BACnet/IP foreign device registration with the BBMD ${fd.address}:${fd.port} failed: ${why}`);
    }
    if (ok) this.syslog('info', `registered as a foreign device with the BBMD ${fd.address}:${fd.port} (TTL ${fd.ttlSeconds} s)`);
    else this.syslog('error', `foreign device registration with the BBMD ${fd.address}:${fd.port} failed: ${why}`);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.register(), ok ? (this.o.reregisterMs ?? fd.ttlSeconds * 1000) : (this.o.retryMs ?? 60_000));
    this.timer.unref();
  }

  private receive(msg: Buffer, from: RemoteInfo): void {
    if (this.o.allows && !this.o.allows(from.address) && from.address !== this.o.foreignDevice?.address) {
      if (this.syslog.debugOn()) this.syslog('debug', `datagram from ${from.address}:${from.port} dropped: not on the IP whitelist`);
      return;
    }
    const frame = decodeBvlc(msg);
    const debug = this.syslog.debugOn();
    if (debug)
      this.syslog(
        'debug',
        `datagram from ${from.address}:${from.port} (${msg.length} bytes)${frame ? `, BVLC function 0x${frame.func.toString(16).padStart(2, '0')}` : ': not BACnet/IP, dropped'}`,
      );
    if (!frame) return;
    const fd = this.o.foreignDevice;
    if (frame.func === Bvlc.result) {
      if (fd && from.address === fd.address && from.port === fd.port && frame.payload.length === 2) {
        const code = frame.payload.readUInt16BE(0);
        this.registration(code === 0, `result 0x${code.toString(16).padStart(4, '0')}`);
      }
      return;
    }
    const nak = BVLC_NAK[frame.func];
    if (nak !== undefined) return this.send(bvlcResult(nak), from.port, from.address);
    if (frame.func !== Bvlc.originalUnicast && frame.func !== Bvlc.originalBroadcast && frame.func !== Bvlc.forwardedNpdu) return;
    const n = decodeNpdu(frame.payload);
    // Network layer messages are for routers; a message for a network behind one is not for this device.
    if (!n || n.networkMessage || (n.destination && n.destination.net !== 0xffff)) return;
    // Replies go back through the router that brought the request, addressed to its station.
    const back = n.source ? from : (frame.origin ?? from);
    if (whoIsFor(n.apdu, this.view.instance)) {
      const answer = npdu(iAm(this.view.instance, this.view.vendorId), { destination: n.source });
      if (frame.func === Bvlc.originalUnicast || n.source) this.send(bvlc(Bvlc.originalUnicast, answer), back.port, back.address);
      else this.broadcast(answer);
      if (debug) this.syslog('debug', `Who-Is from ${from.address}:${from.port} answered with I-Am`);
      return;
    }
    const reply = answerConfirmed(this.view, n.apdu);
    if (reply) this.send(bvlc(Bvlc.originalUnicast, npdu(reply, { destination: n.source })), back.port, back.address);
    if (debug)
      this.syslog(
        'debug',
        reply
          ? `request from ${from.address}:${from.port} answered (${reply.length} bytes)`
          : `request from ${from.address}:${from.port} not answered (not a confirmed request for this device)`,
      );
  }
}
