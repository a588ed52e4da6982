/**
 * The BACnet/IP device against a third-party client (@bacnet-js/client) over loopback UDP:
 * Who-Is with and without a range, ReadProperty and ReadPropertyMultiple of the Device object
 * (the saved settings) and the Analog Inputs (the meter's values at that instant, the readings
 * API's too), Error / Reject / Abort for what it cannot answer, the EPICS file naming exactly the
 * served objects, docs/bacnet.md listing them, and foreign device registration with a BBMD (the
 * same library in the BBMD's place: it takes the registration and forwards a Who-Is), and the
 * IP whitelist dropping datagrams from unlisted addresses (issue 25).
 */
import { EngineeringUnits, ErrorClass, ErrorCode, ObjectType, PropertyIdentifier, type BACNetObjectID } from '@bacnet-js/client';
import type { BacnetConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SYSTEM_SLOT } from '../../../src/meter/registers/sampling.ts';
import { BacnetDevice } from '../../../src/services/bacnet/bacnet-device.ts';
import { VENDOR_ID } from '../../../src/services/bacnet/index.ts';
import { ANALOG_INPUTS, UNIT_NAMES } from '../../../src/services/bacnet/object-table.ts';
import { createTestModule, startModuleWithUsers, type TestModule } from '../../helper.ts';
import { freeUdpPort } from '../../../../../test-peers/free-ports.ts';
import { until } from '../../../../../test-peers/until.ts';

// A CommonJS package whose class is its `default` export: loaded through require, as Node's ESM import would wrap it once more.
type BacnetClass = (typeof import('@bacnet-js/client'))['default'];
const Bacnet = (createRequire(import.meta.url)('@bacnet-js/client') as { default: BacnetClass }).default;
type Bacnet = InstanceType<BacnetClass>;
const PATH = '/api/settings/communication/bacNetConfig';
const T0 = Date.parse('2026-06-01T12:00:00Z');
const INSTANCE = 4194000;

async function newClient(): Promise<{ client: Bacnet; port: number }> {
  const port = await freeUdpPort();
  const client = new Bacnet({ port, interface: '127.0.0.1', broadcastAddress: '127.0.0.1', apduTimeout: 2000 });
  await new Promise<void>((resolve) => client.once('listening', () => resolve()));
  return { client, port };
}

/** Saves the settings, then restarts the module on the same data (BACnet/IP takes them at start). */
async function moduleWith(config: Partial<BacnetConfig>, dataDir: string): Promise<TestModule> {
  const { m: first, admin: token } = await startModuleWithUsers({ dataDir, now: () => T0 });
  const c = { ...((await first.call('GET', PATH, { token })).body.data as BacnetConfig), ...config };
  const res = await first.call('PUT', PATH, { token, body: c });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  await first.close(true);
  return createTestModule({ dataDir, now: () => T0, env: { MODULE_BACNET_PORT: '0' } });
}

/** A raw BACnet/IP request (Original-Unicast-NPDU, expecting a reply) and the APDU of the answer. */
async function raw(port: number, apdu: number[], from = '127.0.0.1'): Promise<Buffer> {
  const s = createSocket('udp4');
  await new Promise<void>((resolve) => s.bind(0, from, () => resolve()));
  const msg = Buffer.from([0x81, 0x0a, 0, 0, 1, 0x04, ...apdu]);
  msg.writeUInt16BE(msg.length, 2);
  const answer = new Promise<Buffer>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('no answer')), 2000);
    s.once('message', (m) => {
      clearTimeout(t);
      resolve(m.subarray(6));
    });
  });
  s.send(msg, port, '127.0.0.1');
  try {
    return await answer;
  } finally {
    s.close();
  }
}

describe('BACnet/IP device', () => {
  let m: TestModule;
  let dataDir: string;
  let client: Bacnet;
  let device: { address: string };
  let deviceId: BACNetObjectID;
  const ai = (instance: number): BACNetObjectID => ({ type: ObjectType.ANALOG_INPUT, instance });

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bacnet-test-'));
    m = await moduleWith({ enable: 1, deviceInstance: INSTANCE, deviceName: 'Meter 7', location: 'Main Electrical Room', description: 'Incomer' }, dataDir);
    device = { address: `127.0.0.1:${m.services.bacnet.port()}` };
    deviceId = { type: ObjectType.DEVICE, instance: INSTANCE };
    ({ client } = await newClient());
  });
  after(async () => {
    client.close();
    await m.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('Who-Is without a range, and with one holding the instance, gets I-Am for the configured instance; another range gets nothing', async () => {
    const heard: { deviceId: number; vendorId: number; maxApdu: number; segmentation: number }[] = [];
    const onIAm = (msg: { payload: (typeof heard)[number] }) => heard.push(msg.payload);
    client.on('iAm', onIAm);
    try {
      client.whoIs(device);
      await until('the I-Am to a Who-Is without a range', () => heard.length === 1, 3000, 20);
      const { deviceId: id, vendorId, maxApdu, segmentation } = heard[0]!;
      assert.deepEqual({ id, vendorId, maxApdu, segmentation }, { id: INSTANCE, vendorId: VENDOR_ID, maxApdu: 1476, segmentation: 3 });
      client.whoIs(device, { lowLimit: INSTANCE - 1, highLimit: INSTANCE + 1 });
      await until('the I-Am to a Who-Is whose range holds the instance', () => heard.length === 2, 3000, 20);
      client.whoIs(device, { lowLimit: 1, highLimit: INSTANCE - 1 });
      client.whoIs(device, { lowLimit: INSTANCE + 1, highLimit: 4194303 });
      // No I-Am to either: a negative with no event to wait for (the earlier answers came well within this).
      await new Promise((r) => setTimeout(r, 400));
      assert.equal(heard.length, 2);
    } finally {
      client.off('iAm', onIAm);
    }
  });

  test('ReadProperty of the Device object: the saved name, location and description, the module, the object list', async () => {
    const read = async (id: BACNetObjectID, prop: number, options = {}) => (await client.readProperty(device, id, prop, options)).values.map((v) => v.value);
    assert.deepEqual(await read(deviceId, PropertyIdentifier.OBJECT_NAME), ['Meter 7']);
    assert.deepEqual(await read(deviceId, PropertyIdentifier.LOCATION), ['Main Electrical Room']);
    assert.deepEqual(await read(deviceId, PropertyIdentifier.DESCRIPTION), ['Incomer']);
    assert.deepEqual(await read(deviceId, PropertyIdentifier.VENDOR_IDENTIFIER), [VENDOR_ID]);
    assert.deepEqual(await read(deviceId, PropertyIdentifier.MODEL_NAME), [m.services.device.identity().moduleModel]);
    assert.deepEqual(await read(deviceId, PropertyIdentifier.FIRMWARE_REVISION), [m.services.device.identity().moduleFirmwareVersion]);
    assert.deepEqual(await read(deviceId, PropertyIdentifier.SEGMENTATION_SUPPORTED), [3]);
    const list = (await read(deviceId, PropertyIdentifier.OBJECT_LIST)) as BACNetObjectID[];
    assert.deepEqual(list, [deviceId, ...ANALOG_INPUTS.map((x) => ai(x.instance))]);
    // By index: 0 is the length, n the n-th element.
    assert.deepEqual(await read(deviceId, PropertyIdentifier.OBJECT_LIST, { arrayIndex: 0 }), [list.length]);
    assert.deepEqual(await read(deviceId, PropertyIdentifier.OBJECT_LIST, { arrayIndex: 2 }), [ai(1)]);
    // Instance 4194303 means "this device".
    assert.deepEqual(await read({ type: ObjectType.DEVICE, instance: 4194303 }, PropertyIdentifier.OBJECT_NAME), ['Meter 7']);
  });

  test("ReadProperty of the Analog Inputs: the meter's live values (equal to the readings API) in their units", async () => {
    const snap = m.services.meter.snapshot(T0);
    const pv = async (instance: number) => (await client.readProperty(device, ai(instance), PropertyIdentifier.PRESENT_VALUE)).values[0]!.value as number;
    const byName = (name: string) => ANALOG_INPUTS.find((x) => x.name === name)!.instance;
    assert.equal(await pv(byName('Frequency')), Math.fround(snap.frequency));
    assert.equal(await pv(byName('Voltage B-N')), Math.fround(snap.phases[1].vln));
    assert.equal(await pv(byName('Active power total')), Math.fround(snap.system.p));
    assert.equal(await pv(byName('CH7 current')), Math.fround(snap.inputs[6]!.current));
    assert.equal(await pv(byName('Import active energy')), Math.fround(m.services.meter.energy(SYSTEM_SLOT)!.importActive));
    const token = await m.login();
    const rows = (await m.call('GET', '/api/readings/realtime/system', { token })).body.data as Record<string, number>[];
    const near = (a: number, b: number, decimals: number) => assert.ok(Math.abs(a - b) <= 0.5 * 10 ** -decimals + 1e-6, `${a} vs ${b}`);
    near(await pv(byName('Frequency')), rows[3]!['Frequency Hz']!, 2);
    near(await pv(byName('Voltage A-N')), rows[0]!['Line-to-Neutral Voltage V']!, 1);
    near(await pv(byName('Current C')), rows[2]!['Current A']!, 3);
    near(await pv(byName('Power factor total')), rows[3]!['Power Factor']!, 3);
    const units = async (instance: number) => (await client.readProperty(device, ai(instance), PropertyIdentifier.UNITS)).values[0]!.value;
    assert.equal(await units(byName('Frequency')), EngineeringUnits.HERTZ);
    assert.equal(await units(byName('Voltage AB')), EngineeringUnits.VOLTS);
    assert.equal(await units(byName('Current A')), EngineeringUnits.AMPERES);
    assert.equal(await units(byName('Active power total')), EngineeringUnits.KILOWATTS);
    assert.equal(await units(byName('Power factor A')), EngineeringUnits.POWER_FACTOR);
    assert.equal(await units(byName('Import active energy')), EngineeringUnits.KILOWATT_HOURS);
  });

  test('ReadPropertyMultiple: named properties of the Device object, ALL of an Analog Input, an unknown object answered per property', async () => {
    const res = await client.readPropertyMultiple(device, [
      {
        objectId: deviceId,
        properties: [
          { id: PropertyIdentifier.OBJECT_NAME, index: 0xffffffff },
          { id: PropertyIdentifier.LOCATION, index: 0xffffffff },
        ],
      },
      { objectId: ai(1), properties: [{ id: PropertyIdentifier.ALL, index: 0xffffffff }] },
      { objectId: ai(9999), properties: [{ id: PropertyIdentifier.PRESENT_VALUE, index: 0xffffffff }] },
    ]);
    const [dev, freq, unknown] = res.values;
    assert.deepEqual(
      dev!.values.map((v) => [v.id, v.value.map((x) => x.value)]),
      [
        [PropertyIdentifier.OBJECT_NAME, ['Meter 7']],
        [PropertyIdentifier.LOCATION, ['Main Electrical Room']],
      ],
    );
    const props = new Map(freq!.values.map((v) => [v.id, v.value.map((x) => x.value)]));
    assert.deepEqual(
      [...props.keys()].sort((a, b) => a - b),
      [
        PropertyIdentifier.EVENT_STATE,
        PropertyIdentifier.OBJECT_IDENTIFIER,
        PropertyIdentifier.OBJECT_NAME,
        PropertyIdentifier.OBJECT_TYPE,
        PropertyIdentifier.OUT_OF_SERVICE,
        PropertyIdentifier.PRESENT_VALUE,
        PropertyIdentifier.STATUS_FLAGS,
        PropertyIdentifier.UNITS,
        PropertyIdentifier.PROPERTY_LIST,
      ].sort((a, b) => a - b),
    );
    assert.deepEqual(props.get(PropertyIdentifier.OBJECT_NAME), ['Frequency']);
    assert.deepEqual(props.get(PropertyIdentifier.PRESENT_VALUE), [Math.fround(m.services.meter.snapshot(T0).frequency)]);
    assert.deepEqual(props.get(PropertyIdentifier.OUT_OF_SERVICE), [false]);
    const err = unknown!.values[0]!.value[0]!.value as { errorClass: number; errorCode: number };
    assert.deepEqual([err.errorClass, err.errorCode], [ErrorClass.OBJECT, ErrorCode.UNKNOWN_OBJECT]);
  });

  test('errors: unknown object, unknown property, an index on a non-array, an index past the end; Reject and Abort', async () => {
    await assert.rejects(client.readProperty(device, ai(9999), PropertyIdentifier.PRESENT_VALUE), new RegExp(`Class:${ErrorClass.OBJECT} - Code:${ErrorCode.UNKNOWN_OBJECT}$`));
    await assert.rejects(client.readProperty(device, ai(1), PropertyIdentifier.PRIORITY_ARRAY), new RegExp(`Class:${ErrorClass.PROPERTY} - Code:${ErrorCode.UNKNOWN_PROPERTY}$`));
    await assert.rejects(client.readProperty(device, ai(1), PropertyIdentifier.PRESENT_VALUE, { arrayIndex: 1 }), new RegExp(`Code:${ErrorCode.PROPERTY_IS_NOT_AN_ARRAY}$`));
    await assert.rejects(client.readProperty(device, deviceId, PropertyIdentifier.OBJECT_LIST, { arrayIndex: 5000 }), new RegExp(`Code:${ErrorCode.INVALID_ARRAY_INDEX}$`));
    const port = m.services.bacnet.port()!;
    // WriteProperty: not a service of this device → Reject unrecognized-service (9).
    assert.deepEqual([...(await raw(port, [0x00, 0x05, 0x07, 15, 0x0c, 0x00, 0x00, 0x00, 0x01, 0x19, 0x55, 0x3e, 0x44, 0, 0, 0, 0, 0x3f]))], [0x60, 0x07, 9]);
    // ReadProperty without its property → Reject missing-required-parameter (5).
    assert.deepEqual([...(await raw(port, [0x00, 0x05, 0x08, 12, 0x0c, 0x00, 0x00, 0x00, 0x01]))], [0x60, 0x08, 5]);
    // All properties of every object do not fit an unsegmented answer → Abort segmentation-not-supported (4).
    await assert.rejects(
      client.readPropertyMultiple(
        device,
        [deviceId, ...ANALOG_INPUTS.map((x) => ai(x.instance))].map((objectId) => ({ objectId, properties: [{ id: PropertyIdentifier.ALL, index: 0xffffffff }] })),
      ),
      /BacnetAbort - Reason:4/,
    );
  });

  test('an enabled IP whitelist drops datagrams from addresses not on it unanswered; a listed one is answered', async () => {
    const port = m.services.bacnet.port()!;
    // A Reject for an unknown confirmed service: any answer proves the datagram got through.
    const probe = [0x00, 0x05, 0x08, 12, 0x0c, 0x00, 0x00, 0x00, 0x01];
    assert.deepEqual([...(await raw(port, probe, '127.0.0.2'))], [0x60, 0x08, 5], 'answered while the whitelist is off');
    const WL = '/api/settings/communication/ipWhitelistConfig';
    const token = await m.login();
    const on = await m.call('PUT', WL, { token, body: { whiteListEnable: true, whiteList: [{ ipv4: '127.0.0.1', ipv6: '', description: 'this host' }] } });
    assert.equal(on.status, 200, on.raw);
    try {
      await assert.rejects(raw(port, probe, '127.0.0.2'), /no answer/);
      assert.deepEqual([...(await raw(port, probe, '127.0.0.1'))], [0x60, 0x08, 5]);
    } finally {
      assert.equal((await m.call('PUT', WL, { token, body: { whiteListEnable: false, whiteList: [] } })).status, 200);
    }
    assert.deepEqual([...(await raw(port, probe, '127.0.0.2'))], [0x60, 0x08, 5], 'answered again once the whitelist is off');
  });

  test('the EPICS download names exactly the objects the device serves, with their names and units', async () => {
    const token = await m.login();
    const res = await m.app.inject({ method: 'GET', url: '/api/download/bacnetEpics/BACnet-EPICS.tpi', headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-disposition'] as string, /BACnet-EPICS\.tpi/);
    const epics = res.body;
    assert.match(epics, /^PICS 0\n/);
    const served = (await client.readProperty(device, deviceId, PropertyIdentifier.OBJECT_LIST)).values.map((v) => v.value as BACNetObjectID);
    const listed = [...epics.matchAll(/^ {4}object-identifier: \((device|analog-input), (\d+)\)$/gm)].map((x) => ({
      type: x[1] === 'device' ? ObjectType.DEVICE : ObjectType.ANALOG_INPUT,
      instance: Number(x[2]),
    }));
    assert.deepEqual(listed, served);
    const names = [...epics.matchAll(/^ {4}object-name: "(.*)"$/gm)].map((x) => x[1]);
    assert.deepEqual(names, ['Meter 7', ...ANALOG_INPUTS.map((x) => x.name)]);
    const units = [...epics.matchAll(/^ {4}units: (.*)$/gm)].map((x) => x[1]);
    assert.deepEqual(
      units,
      ANALOG_INPUTS.map((x) => UNIT_NAMES[x.units]),
    );
    assert.match(epics, /^ {4}present-value: \?$/m);
    assert.match(epics, /^ {4}location: "Main Electrical Room"$/m);
  });

  test('docs/bacnet.md lists every object with its instance, name and units', () => {
    const doc = readFileSync(new URL('../../../../../docs/bacnet.md', import.meta.url), 'utf8');
    for (const x of ANALOG_INPUTS) {
      assert.match(doc, new RegExp(`^\\| ${x.instance} +\\| ${x.name} +\\| ${UNIT_NAMES[x.units]} +\\|$`, 'm'), `AI ${x.instance}`);
    }
    const rows = [...doc.matchAll(/^\| (\d+) +\|/gm)].length;
    assert.equal(rows, ANALOG_INPUTS.length);
  });
});

describe('BACnet/IP foreign device', () => {
  let m: TestModule;
  let dataDir: string;
  let bbmd: Bacnet;
  let bbmdPort: number;
  const registrations: { ttl: number; address: string }[] = [];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bacnet-fd-test-'));
    ({ client: bbmd, port: bbmdPort } = await newClient());
    bbmd.on('registerForeignDevice', (msg) => {
      const sender = msg.header!.sender;
      registrations.push({ ttl: msg.payload.ttl, address: sender.address! });
      bbmd.resultResponse(sender, 0);
    });
    m = await moduleWith({ enable: 1, deviceInstance: 77, foreignDeviceConfig: { enable: 1, BBMDIP: '127.0.0.1', BBMDPort: bbmdPort, TTL: 5 } }, dataDir);
  });
  after(async () => {
    bbmd.close();
    await m.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('registers with the BBMD for the TTL (minutes in seconds); a Who-Is the BBMD forwards is answered through it', async () => {
    await until('the registration with the BBMD', () => registrations.length >= 1 && m.services.bacnet.isRegistered(), 3000, 20);
    assert.equal(registrations[0]!.ttl, 300);
    assert.equal(registrations[0]!.address, `127.0.0.1:${m.services.bacnet.port()}`);
    assert.ok(m.services.events.all().some((e) => e.level === 'Info' && e.message === `BACnet/IP registered as a foreign device with the BBMD 127.0.0.1:${bbmdPort} (TTL 300 s)`));
    const heard: number[] = [];
    bbmd.on('iAm', (msg: { payload: { deviceId: number } }) => heard.push(msg.payload.deviceId));
    // A broadcast Who-Is from elsewhere, forwarded by the BBMD: the I-Am goes back as Distribute-Broadcast-To-Network.
    bbmd.whoIs({ address: `127.0.0.1:${m.services.bacnet.port()}`, forwardedFrom: '127.0.0.9:47808' } as { address: string });
    await until('the I-Am through the BBMD', () => heard.includes(77), 3000, 20);
  });

  test('registers again every TTL; a refused registration is written to the event log and tried again', async () => {
    const seen: number[] = [];
    const peer = createSocket('udp4');
    await new Promise<void>((resolve) => peer.bind(0, '127.0.0.1', () => resolve()));
    // BVLC-Result: success for the first two, then Register-Foreign-Device NAK (0x0030).
    peer.on('message', (msg, rinfo) => {
      if (msg[1] !== 0x05) return;
      seen.push(msg.readUInt16BE(4));
      peer.send(Buffer.from([0x81, 0x00, 0x00, 0x06, 0x00, seen.length <= 2 ? 0x00 : 0x30]), rinfo.port, rinfo.address);
    });
    const log: string[] = [];
    const dev = new BacnetDevice({
      host: '127.0.0.1',
      port: 0,
      identity: {
        instance: 5,
        name: 'x',
        location: '',
        description: '',
        vendorName: 'v',
        vendorId: 1,
        modelName: 'm',
        firmwareRevision: '1',
        applicationSoftwareVersion: '1',
        databaseRevision: 1,
      },
      meter: m.services.meter,
      now: () => T0,
      foreignDevice: { address: '127.0.0.1', port: peer.address().port, ttlSeconds: 300 },
      reregisterMs: 150,
      retryMs: 150,
      log: (level, message) => log.push(`${level}: ${message}`),
    });
    await dev.start();
    try {
      // A Who-Is the BBMD forwards (Forwarded-NPDU from 10.0.0.9:47808): the I-Am comes back as Distribute-Broadcast-To-Network.
      const distributed = new Promise<Buffer>((resolve) => peer.on('message', (msg) => msg[1] === 0x09 && resolve(msg)));
      peer.send(Buffer.from([0x81, 0x04, 0x00, 0x0e, 10, 0, 0, 9, 0xba, 0xc0, 0x01, 0x00, 0x10, 0x08]), dev.port()!, '127.0.0.1');
      const msg = await distributed;
      // NPDU, then I-Am of (device, 5).
      assert.deepEqual([...msg.subarray(4, 13)], [0x01, 0x00, 0x10, 0x00, 0xc4, 0x02, 0x00, 0x00, 0x05]);
      await until('five registrations', () => seen.length >= 5, 3000, 20);
      assert.deepEqual(seen.slice(0, 5), [300, 300, 300, 300, 300]);
      // Each change of state is written once, not every try.
      assert.deepEqual(log, [
        `Info: BACnet/IP registered as a foreign device with the BBMD 127.0.0.1:${peer.address().port} (TTL 300 s)`,
        `Error: BACnet/IP foreign device registration with the BBMD 127.0.0.1:${peer.address().port} failed: result 0x0030`,
      ]);
      assert.equal(dev.isRegistered(), false);
    } finally {
      await dev.close();
      peer.close();
    }
  });
});
