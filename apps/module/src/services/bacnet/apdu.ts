/**
 * The application layer (clauses 15, 16, 18, 20.1): Who-Is / I-Am, ReadProperty and
 * ReadPropertyMultiple answered from the device's objects; Error, Reject and Abort PDUs for what
 * it cannot answer. No segmentation: an answer longer than the client accepts is aborted.
 */
import type { ReadingSource, MeterSnapshot } from '../../meter/reading-source.ts';
import { app, ctx, RejectError, RejectReason, TagReader } from './encoding.ts';
import { MAX_APDU, NO_SEGMENTATION, Prop, WILDCARD_INSTANCE, type BacnetObject, type PropertyDef, type ReadScope } from './device-objects.ts';
import { ObjectType } from './object-table.ts';

export const Pdu = { confirmed: 0, unconfirmed: 1, simpleAck: 2, complexAck: 3, error: 5, reject: 6, abort: 7 } as const;
export const Service = { readProperty: 12, readPropertyMultiple: 14, iAm: 0, whoIs: 8 } as const;
export const ErrorClass = { object: 1, property: 2 } as const;
export const ErrorCode = { unknownObject: 31, unknownProperty: 32, invalidArrayIndex: 42, propertyIsNotAnArray: 50 } as const;
export const AbortReason = { segmentationNotSupported: 4 } as const;
/** BACnetArrayIndex "all elements" as some clients send it. */
const ARRAY_ALL = 0xffffffff;
/** Max-APDU-length-accepted codes (clause 20.1.2.5). */
const MAX_APDU_CODES = [50, 128, 206, 480, 1024, 1476];

export interface DeviceView {
  instance: number;
  vendorId: number;
  objects: BacnetObject[];
  meter: ReadingSource;
  snapshot(): MeterSnapshot;
}

export function iAm(instance: number, vendorId: number): Buffer {
  return Buffer.concat([
    Buffer.from([0x10, Service.iAm]),
    app.objectIdentifier(ObjectType.device, instance),
    app.unsigned(MAX_APDU),
    app.enumerated(NO_SEGMENTATION),
    app.unsigned(vendorId),
  ]);
}

/** Whether an unconfirmed request is a Who-Is this device answers (no range, or a range holding its instance). */
export function whoIsFor(apdu: Buffer, instance: number): boolean {
  if (apdu.length < 2 || apdu[0]! >> 4 !== Pdu.unconfirmed || apdu[1] !== Service.whoIs) return false;
  try {
    const r = new TagReader(apdu.subarray(2));
    if (r.done()) return true;
    const low = r.contextUnsigned(0);
    const high = r.contextUnsigned(1);
    return r.done() && low <= instance && instance <= high;
  } catch {
    // A malformed unconfirmed request gets no answer.
    return false;
  }
}

type Read = { ok: Buffer } | { error: [number, number] };

function scopeOf(d: DeviceView): ReadScope {
  let snap: MeterSnapshot | undefined;
  return { meter: d.meter, snapshot: () => (snap ??= d.snapshot()) };
}

function find(d: DeviceView, type: number, instance: number): BacnetObject | undefined {
  const i = type === ObjectType.device && instance === WILDCARD_INSTANCE ? d.instance : instance;
  return d.objects.find((o) => o.type === type && o.instance === i);
}

function readProp(obj: BacnetObject | undefined, prop: number, index: number | undefined, scope: ReadScope): Read {
  if (!obj) return { error: [ErrorClass.object, ErrorCode.unknownObject] };
  const def = obj.properties.find((p) => p.id === prop);
  if (!def) return { error: [ErrorClass.property, ErrorCode.unknownProperty] };
  const v = def.read(scope);
  if ('value' in v) return index === undefined ? { ok: v.value } : { error: [ErrorClass.property, ErrorCode.propertyIsNotAnArray] };
  if (index === undefined) return { ok: Buffer.concat(v.array) };
  if (index === 0) return { ok: app.unsigned(v.array.length) };
  const el = v.array[index - 1];
  return el ? { ok: el } : { error: [ErrorClass.property, ErrorCode.invalidArrayIndex] };
}

const optionalIndex = (r: TagReader, tag: number) => {
  if (!r.isContext(tag)) return undefined;
  const i = r.contextUnsigned(tag);
  return i === ARRAY_ALL ? undefined : i;
};

function readProperty(d: DeviceView, body: Buffer): { ack: Buffer } | { error: [number, number] } {
  const r = new TagReader(body);
  const oid = r.contextObjectId(0);
  const prop = r.contextUnsigned(1);
  const index = optionalIndex(r, 2);
  if (!r.done()) throw new RejectError(RejectReason.tooManyArguments);
  const o = find(d, oid.type, oid.instance);
  if (!o) return { error: [ErrorClass.object, ErrorCode.unknownObject] };
  // all, required and optional are for ReadPropertyMultiple only.
  const res = readProp(o, prop, index, scopeOf(d));
  if ('error' in res) return res;
  return {
    ack: Buffer.concat([
      ctx.objectIdentifier(0, o.type, o.instance),
      ctx.enumerated(1, prop),
      ...(index !== undefined ? [ctx.unsigned(2, index)] : []),
      ctx.open(3),
      res.ok,
      ctx.close(3),
    ]),
  };
}

function readPropertyMultiple(d: DeviceView, body: Buffer): Buffer {
  const r = new TagReader(body);
  const specs: { type: number; instance: number; refs: { prop: number; index?: number }[] }[] = [];
  do {
    const oid = r.contextObjectId(0);
    r.expect(1, 'open');
    const refs: { prop: number; index?: number }[] = [];
    while (!r.isContext(1, 'close')) {
      if (r.done()) throw new RejectError(RejectReason.missingRequiredParameter);
      refs.push({ prop: r.contextUnsigned(0), index: optionalIndex(r, 1) });
    }
    r.expect(1, 'close');
    if (refs.length === 0) throw new RejectError(RejectReason.missingRequiredParameter);
    specs.push({ ...oid, refs });
  } while (!r.done());
  const scope = scopeOf(d);
  const out: Buffer[] = [];
  for (const spec of specs) {
    const obj = find(d, spec.type, spec.instance);
    out.push(ctx.objectIdentifier(0, obj?.type ?? spec.type, obj?.instance ?? spec.instance), ctx.open(1));
    for (const ref of spec.refs) {
      const special: Partial<Record<number, (p: PropertyDef) => boolean>> = { [Prop.all]: () => true, [Prop.required]: (p) => p.required, [Prop.optional]: (p) => !p.required };
      const pick = special[ref.prop];
      const props = obj && pick ? obj.properties.filter(pick).map((p) => p.id) : [ref.prop];
      for (const prop of props) {
        const res = readProp(obj, prop, ref.index, scope);
        out.push(ctx.enumerated(2, prop), ...(ref.index !== undefined ? [ctx.unsigned(3, ref.index)] : []));
        if ('ok' in res) out.push(ctx.open(4), res.ok, ctx.close(4));
        else out.push(ctx.open(5), app.enumerated(res.error[0]), app.enumerated(res.error[1]), ctx.close(5));
      }
    }
    out.push(ctx.close(1));
  }
  return Buffer.concat(out);
}

/** The answer to a confirmed request: ComplexACK, Error, Reject or Abort; undefined for what is not one. */
export function answerConfirmed(d: DeviceView, apdu: Buffer): Buffer | undefined {
  if (apdu.length < 4 || apdu[0]! >> 4 !== Pdu.confirmed) return undefined;
  const invokeId = apdu[2]!;
  const abort = (reason: number) => Buffer.from([(Pdu.abort << 4) | 0x01, invokeId, reason]);
  // A segmented request: this device does not reassemble.
  if (apdu[0]! & 0x08) return abort(AbortReason.segmentationNotSupported);
  const accepted = Math.min(MAX_APDU_CODES[apdu[1]! & 0x0f] ?? 50, MAX_APDU);
  const service = apdu[3]!;
  const body = apdu.subarray(4);
  let reply: Buffer;
  try {
    if (service === Service.readProperty) {
      const res = readProperty(d, body);
      reply =
        'ack' in res
          ? Buffer.concat([Buffer.from([Pdu.complexAck << 4, invokeId, service]), res.ack])
          : Buffer.concat([Buffer.from([Pdu.error << 4, invokeId, service]), app.enumerated(res.error[0]), app.enumerated(res.error[1])]);
    } else if (service === Service.readPropertyMultiple) {
      reply = Buffer.concat([Buffer.from([Pdu.complexAck << 4, invokeId, service]), readPropertyMultiple(d, body)]);
    } else {
      return Buffer.from([Pdu.reject << 4, invokeId, RejectReason.unrecognizedService]);
    }
  } catch (e) {
    if (e instanceof RejectError) return Buffer.from([Pdu.reject << 4, invokeId, e.reason]);
    throw e;
  }
  return reply.length > accepted ? abort(AbortReason.segmentationNotSupported) : reply;
}
