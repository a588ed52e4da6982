/**
 * The BACnet encoding and application layer without a network: tags (extended lengths, bit
 * strings), the network header (a router's source address answered back), Who-Is ranges, Reject
 * and Abort; the property, unit and error numbers cross-checked with a third-party stack's tables.
 */
import { AbortReason as LibAbort, EngineeringUnits, ErrorCode as LibErrorCode, PropertyIdentifier, RejectReason as LibReject } from '@bacnet-js/client';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AbortReason, ErrorCode, answerConfirmed, iAm, whoIsFor, type DeviceView } from '../../../src/services/bacnet/apdu.ts';
import { PROP_NAMES, Prop, deviceObjects } from '../../../src/services/bacnet/device-objects.ts';
import { RejectReason, TagReader, app, ctx, decodeBvlc, decodeNpdu, npdu } from '../../../src/services/bacnet/encoding.ts';
import { UNIT_NAMES, Units } from '../../../src/services/bacnet/object-table.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';

let m: TestModule;
before(async () => ({ m } = await startModuleWithUsers()));
after(() => m.close());

test('tags: short, extended (one and three length octets) and boolean in the tag; bit strings most significant bit first', () => {
  assert.deepEqual([...app.unsigned(0)], [0x21, 0x00]);
  assert.deepEqual([...app.unsigned(1476)], [0x22, 0x05, 0xc4]);
  assert.deepEqual([...app.characterString('abc')], [0x74, 0x00, 0x61, 0x62, 0x63]);
  assert.deepEqual([...app.characterString('abcde').subarray(0, 2)], [0x75, 0x06]);
  const long = app.characterString('x'.repeat(300));
  assert.deepEqual([...long.subarray(0, 4)], [0x75, 0xfe, 0x01, 0x2d]);
  assert.deepEqual([...app.boolean(true)], [0x11]);
  assert.deepEqual([...app.bitString([false, true, false, false])], [0x82, 0x04, 0x40]);
  assert.deepEqual([...app.objectIdentifier(8, 4194302)], [0xc4, 0x02, 0x3f, 0xff, 0xfe]);
  assert.deepEqual([...ctx.open(3), ...ctx.close(3)], [0x3e, 0x3f]);
  const r = new TagReader(Buffer.concat([ctx.objectIdentifier(0, 0, 7), ctx.unsigned(1, 85)]));
  assert.deepEqual(r.contextObjectId(0), { type: 0, instance: 7 });
  assert.equal(r.contextUnsigned(1), 85);
  assert.ok(r.done());
});

test('BVLC and NPDU: a length that lies is dropped; a forwarded message carries its origin; a routed request is answered to its source station', () => {
  assert.equal(decodeBvlc(Buffer.from([0x81, 0x0a, 0x00, 0x09, 1, 0])), undefined);
  assert.deepEqual(decodeBvlc(Buffer.from([0x81, 0x04, 0x00, 0x0c, 10, 0, 0, 9, 0xba, 0xc0, 1, 0]))?.origin, { address: '10.0.0.9', port: 47808 });
  // SNET 5, SLEN 1, SADR 0x21 (from a router), expecting a reply.
  const n = decodeNpdu(Buffer.from([0x01, 0x0c, 0x00, 0x05, 0x01, 0x21, 0xaa]))!;
  assert.deepEqual(n.source, { net: 5, adr: Buffer.from([0x21]) });
  assert.ok(n.expectingReply);
  assert.deepEqual([...n.apdu], [0xaa]);
  // The answer goes to DNET 5, DADR 0x21, hop count 255.
  assert.deepEqual([...npdu(Buffer.from([0xbb]), { destination: n.source })], [0x01, 0x20, 0x00, 0x05, 0x01, 0x21, 0xff, 0xbb]);
  // DNET 7, DLEN 0 and a hop count: for another network.
  assert.deepEqual(decodeNpdu(Buffer.from([0x01, 0x20, 0x00, 0x07, 0x00, 0xff, 0x10, 0x08]))?.destination, { net: 7, adr: Buffer.alloc(0) });
  assert.ok(decodeNpdu(Buffer.from([0x01, 0x80, 0x00]))?.networkMessage);
});

test('Who-Is: no range, a range holding the instance; not a range without it, nor half a range', () => {
  const whoIs = (...limits: number[]) => Buffer.concat([Buffer.from([0x10, 0x08]), ...limits.map((v, i) => ctx.unsigned(i, v))]);
  assert.ok(whoIsFor(whoIs(), 42));
  assert.ok(whoIsFor(whoIs(42, 42), 42));
  assert.ok(whoIsFor(whoIs(0, 4194303), 42));
  assert.ok(!whoIsFor(whoIs(43, 100), 42));
  assert.ok(!whoIsFor(whoIs(0), 42));
  assert.deepEqual([...iAm(42, 999)], [0x10, 0x00, 0xc4, 0x02, 0x00, 0x00, 0x2a, 0x22, 0x05, 0xc4, 0x91, 0x03, 0x22, 0x03, 0xe7]);
});

test('confirmed requests: segmented → Abort; longer than the client takes → Abort; malformed → Reject', () => {
  const meter = m.services.meter;
  const id = {
    instance: 1,
    name: 'd',
    location: '',
    description: '',
    vendorName: 'v',
    vendorId: 1,
    modelName: 'm',
    firmwareRevision: '1',
    applicationSoftwareVersion: '1',
    databaseRevision: 1,
  };
  const d: DeviceView = { instance: 1, vendorId: 1, objects: deviceObjects(id), meter, snapshot: () => meter.snapshot(0) };
  const rp = (maxApduCode: number, ...body: Buffer[]) => answerConfirmed(d, Buffer.concat([Buffer.from([0x00, maxApduCode, 0x09, 12]), ...body]))!;
  const objectList = [ctx.objectIdentifier(0, 8, 1), ctx.unsigned(1, Prop.objectList)];
  assert.equal(rp(0x05, ...objectList)[0], 0x30);
  // Max APDU code 0: 50 octets.
  assert.deepEqual([...rp(0x00, ...objectList)], [0x71, 0x09, AbortReason.segmentationNotSupported]);
  assert.deepEqual([...answerConfirmed(d, Buffer.from([0x08, 0x05, 0x09, 0x00, 0x01, 12]))!], [0x71, 0x09, AbortReason.segmentationNotSupported]);
  assert.deepEqual([...rp(0x05, ctx.objectIdentifier(0, 8, 1))], [0x60, 0x09, RejectReason.missingRequiredParameter]);
  assert.deepEqual([...rp(0x05, ctx.unsigned(1, 85))], [0x60, 0x09, RejectReason.invalidTag]);
  assert.deepEqual([...rp(0x05, ...objectList, ctx.unsigned(2, 1), ctx.unsigned(3, 1))], [0x60, 0x09, RejectReason.tooManyArguments]);
  // ReadProperty of `all` is not a property.
  assert.deepEqual([...rp(0x05, ctx.objectIdentifier(0, 8, 1), ctx.unsigned(1, Prop.all))], [0x50, 0x09, 12, 0x91, 2, 0x91, ErrorCode.unknownProperty]);
});

test('the numbers agree with a third-party stack: properties, units, error, reject and abort reasons', () => {
  const libName = (n: string) => n.toUpperCase().replace(/-/g, '_');
  for (const [id, name] of Object.entries(PROP_NAMES)) assert.equal((PropertyIdentifier as unknown as Record<string, number>)[libName(name)], Number(id), name);
  for (const [id, name] of Object.entries(UNIT_NAMES)) assert.equal((EngineeringUnits as unknown as Record<string, number>)[libName(name)], Number(id), name);
  assert.equal(Units.kilowatts, EngineeringUnits.KILOWATTS);
  assert.equal(ErrorCode.unknownObject, LibErrorCode.UNKNOWN_OBJECT);
  assert.equal(ErrorCode.unknownProperty, LibErrorCode.UNKNOWN_PROPERTY);
  assert.equal(ErrorCode.invalidArrayIndex, LibErrorCode.INVALID_ARRAY_INDEX);
  assert.equal(ErrorCode.propertyIsNotAnArray, LibErrorCode.PROPERTY_IS_NOT_AN_ARRAY);
  assert.equal(RejectReason.unrecognizedService, LibReject.UNRECOGNIZED_SERVICE);
  assert.equal(RejectReason.missingRequiredParameter, LibReject.MISSING_REQUIRED_PARAMETER);
  assert.equal(RejectReason.tooManyArguments, LibReject.TOO_MANY_ARGUMENTS);
  assert.equal(AbortReason.segmentationNotSupported, LibAbort.SEGMENTATION_NOT_SUPPORTED);
});
