/**
 * BACnet encoding (ASHRAE 135): the BACnet/IP virtual link header (Annex J), the network layer
 * header (clause 6) and the tags of application and context values (clause 20.2). Only what a
 * read-only server needs: everything here is written for this device, not as a general stack.
 */

export const BVLC_TYPE = 0x81;
export const Bvlc = {
  result: 0x00,
  writeBdt: 0x01,
  readBdt: 0x02,
  forwardedNpdu: 0x04,
  registerForeignDevice: 0x05,
  readFdt: 0x06,
  deleteFdtEntry: 0x08,
  distributeBroadcast: 0x09,
  originalUnicast: 0x0a,
  originalBroadcast: 0x0b,
} as const;

/** The NAK a device that is not a BBMD answers to each BBMD function (J.2.1.1). */
export const BVLC_NAK: Partial<Record<number, number>> = {
  [Bvlc.writeBdt]: 0x0010,
  [Bvlc.readBdt]: 0x0020,
  [Bvlc.registerForeignDevice]: 0x0030,
  [Bvlc.readFdt]: 0x0040,
  [Bvlc.deleteFdtEntry]: 0x0050,
  [Bvlc.distributeBroadcast]: 0x0060,
};

export function bvlc(func: number, payload: Buffer): Buffer {
  const head = Buffer.from([BVLC_TYPE, func, 0, 0]);
  head.writeUInt16BE(4 + payload.length, 2);
  return Buffer.concat([head, payload]);
}

export interface BvlcFrame {
  func: number;
  /** What follows the header (for Forwarded-NPDU: after the originator's address). */
  payload: Buffer;
  /** Forwarded-NPDU: the B/IP address of the device that sent the broadcast. */
  origin?: { address: string; port: number };
}

export function decodeBvlc(msg: Buffer): BvlcFrame | undefined {
  if (msg.length < 4 || msg[0] !== BVLC_TYPE || msg.readUInt16BE(2) !== msg.length) return undefined;
  const func = msg[1]!;
  if (func === Bvlc.forwardedNpdu) {
    if (msg.length < 10) return undefined;
    return { func, payload: msg.subarray(10), origin: { address: [...msg.subarray(4, 8)].join('.'), port: msg.readUInt16BE(8) } };
  }
  return { func, payload: msg.subarray(4) };
}

export function bvlcResult(code: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(code);
  return bvlc(Bvlc.result, b);
}

/** A remote station: network number and its MAC address on that network. */
export interface RemoteStation {
  net: number;
  adr: Buffer;
}

export interface Npdu {
  expectingReply: boolean;
  /** Where the message is going (DNET 0xFFFF: every network). */
  destination?: RemoteStation;
  /** Set by a router: the station on another network that sent it; replies go back there. */
  source?: RemoteStation;
  networkMessage: boolean;
  apdu: Buffer;
}

export function decodeNpdu(b: Buffer): Npdu | undefined {
  if (b.length < 2 || b[0] !== 1) return undefined;
  const control = b[1]!;
  let o = 2;
  const station = (): RemoteStation | undefined => {
    if (o + 3 > b.length) return undefined;
    const net = b.readUInt16BE(o);
    const len = b[o + 2]!;
    o += 3;
    if (o + len > b.length) return undefined;
    const adr = b.subarray(o, o + len);
    o += len;
    return { net, adr };
  };
  let destination: RemoteStation | undefined;
  let source: RemoteStation | undefined;
  if (control & 0x20) {
    destination = station();
    if (!destination) return undefined;
  }
  if (control & 0x08) {
    source = station();
    if (!source) return undefined;
  }
  // The hop count follows the addresses when there is a destination.
  if (control & 0x20) o += 1;
  if (o > b.length) return undefined;
  return { expectingReply: (control & 0x04) !== 0, destination, source, networkMessage: (control & 0x80) !== 0, apdu: b.subarray(o) };
}

/** The network header of an application message, to a remote station when given. */
export function npdu(apdu: Buffer, opts: { expectingReply?: boolean; destination?: RemoteStation } = {}): Buffer {
  const d = opts.destination;
  const control = (d ? 0x20 : 0) | (opts.expectingReply ? 0x04 : 0);
  const head = [1, control];
  if (d) head.push(d.net >> 8, d.net & 0xff, d.adr.length, ...d.adr);
  if (d) head.push(255);
  return Buffer.concat([Buffer.from(head), apdu]);
}

// ---- tags (clause 20.2.1) ----

export const AppTag = {
  null: 0,
  boolean: 1,
  unsigned: 2,
  signed: 3,
  real: 4,
  double: 5,
  octetString: 6,
  characterString: 7,
  bitString: 8,
  enumerated: 9,
  date: 10,
  time: 11,
  objectIdentifier: 12,
} as const;

function tagHeader(tagNumber: number, context: boolean, length: number): Buffer {
  const out: number[] = [(tagNumber <= 14 ? tagNumber << 4 : 0xf0) | (context ? 0x08 : 0) | (length <= 4 ? length : 5)];
  if (tagNumber > 14) out.push(tagNumber);
  if (length > 4) {
    if (length <= 253) out.push(length);
    else if (length <= 0xffff) out.push(254, length >> 8, length & 0xff);
    else out.push(255, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff);
  }
  return Buffer.from(out);
}

const tagged = (tagNumber: number, context: boolean, content: Buffer) => Buffer.concat([tagHeader(tagNumber, context, content.length), content]);

function unsignedBytes(v: number): Buffer {
  if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new RangeError(`not an unsigned 32-bit value: ${v}`);
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  let i = 0;
  while (i < 3 && b[i] === 0) i++;
  return b.subarray(i);
}

export function objectIdBytes(type: number, instance: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(((type & 0x3ff) << 22) | (instance & 0x3fffff));
  return b;
}

export const app = {
  null: () => Buffer.from([0x00]),
  boolean: (v: boolean) => Buffer.from([0x10 | (v ? 1 : 0)]),
  unsigned: (v: number) => tagged(AppTag.unsigned, false, unsignedBytes(v)),
  enumerated: (v: number) => tagged(AppTag.enumerated, false, unsignedBytes(v)),
  real: (v: number) => {
    const b = Buffer.alloc(4);
    b.writeFloatBE(v);
    return tagged(AppTag.real, false, b);
  },
  /** Character set 0: UTF-8 (ANSI X3.4 for the ASCII range). */
  characterString: (s: string) => tagged(AppTag.characterString, false, Buffer.concat([Buffer.from([0]), Buffer.from(s, 'utf8')])),
  /** bits[0] is bit 0, the most significant bit of the first octet. */
  bitString: (bits: readonly boolean[]) => {
    const bytes = Buffer.alloc(Math.ceil(bits.length / 8));
    bits.forEach((on, i) => {
      if (on) bytes[i >> 3]! |= 0x80 >> (i & 7);
    });
    return tagged(AppTag.bitString, false, Buffer.concat([Buffer.from([bytes.length * 8 - bits.length]), bytes]));
  },
  objectIdentifier: (type: number, instance: number) => tagged(AppTag.objectIdentifier, false, objectIdBytes(type, instance)),
};

export const ctx = {
  unsigned: (tag: number, v: number) => tagged(tag, true, unsignedBytes(v)),
  enumerated: (tag: number, v: number) => tagged(tag, true, unsignedBytes(v)),
  objectIdentifier: (tag: number, type: number, instance: number) => tagged(tag, true, objectIdBytes(type, instance)),
  open: (tag: number) => (tag <= 14 ? Buffer.from([(tag << 4) | 0x0e]) : Buffer.from([0xfe, tag])),
  close: (tag: number) => (tag <= 14 ? Buffer.from([(tag << 4) | 0x0f]) : Buffer.from([0xff, tag])),
};

/** A request that does not parse: the Reject reason it earns (clause 18.8). */
export class RejectError extends Error {
  constructor(readonly reason: number) {
    super(`reject ${reason}`);
  }
}

export const RejectReason = { other: 0, bufferOverflow: 1, invalidTag: 4, missingRequiredParameter: 5, parameterOutOfRange: 6, tooManyArguments: 7, unrecognizedService: 9 } as const;

interface Tag {
  number: number;
  context: boolean;
  opening: boolean;
  closing: boolean;
  /** Content length (for an application boolean: its value). */
  length: number;
  headerLength: number;
}

/** Reads the tagged values of a service request, refusing what is malformed with the Reject it earns. */
export class TagReader {
  private o = 0;
  constructor(private readonly b: Buffer) {}

  done(): boolean {
    return this.o >= this.b.length;
  }

  peek(): Tag | undefined {
    const b = this.b;
    let o = this.o;
    if (o >= b.length) return undefined;
    const first = b[o++]!;
    let number = first >> 4;
    if (number === 15) {
      if (o >= b.length) throw new RejectError(RejectReason.invalidTag);
      number = b[o++]!;
    }
    const context = (first & 0x08) !== 0;
    const lvt = first & 0x07;
    if (context && lvt === 6) return { number, context, opening: true, closing: false, length: 0, headerLength: o - this.o };
    if (context && lvt === 7) return { number, context, opening: false, closing: true, length: 0, headerLength: o - this.o };
    let length = lvt;
    if (lvt === 5) {
      if (o >= b.length) throw new RejectError(RejectReason.invalidTag);
      length = b[o++]!;
      if (length === 254) {
        if (o + 2 > b.length) throw new RejectError(RejectReason.invalidTag);
        length = b.readUInt16BE(o);
        o += 2;
      } else if (length === 255) {
        if (o + 4 > b.length) throw new RejectError(RejectReason.invalidTag);
        length = b.readUInt32BE(o);
        o += 4;
      }
    }
    const contentLength = !context && number === AppTag.boolean ? 0 : length;
    if (o + contentLength > b.length) throw new RejectError(RejectReason.invalidTag);
    return { number, context, opening: false, closing: false, length, headerLength: o - this.o };
  }

  /** Whether the next tag is the context tag n (a value, or an opening/closing tag when asked). */
  isContext(n: number, kind: 'value' | 'open' | 'close' = 'value'): boolean {
    const t = this.peek();
    if (!t || !t.context || t.number !== n) return false;
    return kind === 'open' ? t.opening : kind === 'close' ? t.closing : !t.opening && !t.closing;
  }

  private content(n: number): Buffer {
    const t = this.peek();
    if (!t) throw new RejectError(RejectReason.missingRequiredParameter);
    if (!t.context || t.number !== n || t.opening || t.closing) throw new RejectError(RejectReason.invalidTag);
    const start = this.o + t.headerLength;
    this.o = start + t.length;
    return this.b.subarray(start, start + t.length);
  }

  contextUnsigned(n: number): number {
    const c = this.content(n);
    if (c.length < 1 || c.length > 4) throw new RejectError(RejectReason.invalidTag);
    return c.readUIntBE(0, c.length);
  }

  contextObjectId(n: number): { type: number; instance: number } {
    const c = this.content(n);
    if (c.length !== 4) throw new RejectError(RejectReason.invalidTag);
    const v = c.readUInt32BE(0);
    return { type: v >>> 22, instance: v & 0x3fffff };
  }

  /** Consumes the opening or closing context tag n. */
  expect(n: number, kind: 'open' | 'close'): void {
    const t = this.peek();
    if (!t || !this.isContext(n, kind)) throw new RejectError(this.done() ? RejectReason.missingRequiredParameter : RejectReason.invalidTag);
    this.o += t.headerLength;
  }
}
