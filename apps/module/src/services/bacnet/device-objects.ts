/**
 * The device's objects with their properties (clause 12): the Device object from the BACnet/IP
 * settings and the module's identity, the Analog Inputs of object-table.ts with live present
 * values. Each property reads to its encoded application value(s); arrays (object-list,
 * property-list) by element, so a client can read them by index.
 */
import type { MeterSnapshot, ReadingSource } from '../../meter/reading-source.ts';
import { app } from './encoding.ts';
import { ANALOG_INPUTS, ObjectType, type AnalogInput } from './object-table.ts';

/** BACnetPropertyIdentifier values the device serves, and the three special ones of ReadPropertyMultiple. */
export const Prop = {
  all: 8,
  optional: 80,
  required: 105,
  apduTimeout: 11,
  applicationSoftwareVersion: 12,
  description: 28,
  deviceAddressBinding: 30,
  eventState: 36,
  firmwareRevision: 44,
  location: 58,
  maxApduLengthAccepted: 62,
  modelName: 70,
  numberOfApduRetries: 73,
  objectIdentifier: 75,
  objectList: 76,
  objectName: 77,
  objectType: 79,
  outOfService: 81,
  presentValue: 85,
  protocolObjectTypesSupported: 96,
  protocolServicesSupported: 97,
  protocolVersion: 98,
  segmentationSupported: 107,
  statusFlags: 111,
  systemStatus: 112,
  units: 117,
  vendorIdentifier: 120,
  vendorName: 121,
  protocolRevision: 139,
  databaseRevision: 155,
  propertyList: 371,
} as const;

export const PROP_NAMES: Record<number, string> = Object.fromEntries(Object.entries(Prop).map(([k, v]) => [v, k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)]));

export const MAX_APDU = 1476;
/** Device instance 4194303 in a request means "this device" (clause 12.11.1). */
export const WILDCARD_INSTANCE = 4194303;
export const PROTOCOL_REVISION = 14;
/** BACnetServicesSupported: who-is executed, i-am initiated, readProperty and readPropertyMultiple. */
export const SERVICES_SUPPORTED = [12, 14, 26, 34] as const;
const SERVICE_BITS = 40;
const OBJECT_TYPE_BITS = 60;
/** BACnetSegmentation: no-segmentation. */
export const NO_SEGMENTATION = 3;

/** Who the device says it is (the settings, the module's identity). */
export interface DeviceIdentity {
  instance: number;
  name: string;
  location: string;
  description: string;
  vendorName: string;
  vendorId: number;
  modelName: string;
  firmwareRevision: string;
  applicationSoftwareVersion: string;
  databaseRevision: number;
}

/** One request's view of the meter: the snapshot is taken once, at the first value it needs. */
export interface ReadScope {
  snapshot(): MeterSnapshot;
  meter: ReadingSource;
}

export type PropertyValue = { value: Buffer } | { array: Buffer[] };

export interface PropertyDef {
  id: number;
  required: boolean;
  read(scope: ReadScope): PropertyValue;
}

export interface BacnetObject {
  type: number;
  instance: number;
  name: string;
  properties: PropertyDef[];
}

const value = (b: Buffer): PropertyValue => ({ value: b });
const req = (id: number, read: (s: ReadScope) => PropertyValue): PropertyDef => ({ id, required: true, read });
const opt = (id: number, read: (s: ReadScope) => PropertyValue): PropertyDef => ({ id, required: false, read });
const bits = (count: number, on: readonly number[]) => Array.from({ length: count }, (_, i) => on.includes(i));

/** The properties common to every object, then its own, then property-list (which names the others but not the first three). */
function withCommon(type: number, instance: number, name: string, own: PropertyDef[]): BacnetObject {
  const properties = [
    req(Prop.objectIdentifier, () => value(app.objectIdentifier(type, instance))),
    req(Prop.objectName, () => value(app.characterString(name))),
    req(Prop.objectType, () => value(app.enumerated(type))),
    ...own,
  ];
  const listed = properties.slice(3).map((p) => p.id);
  properties.push(req(Prop.propertyList, () => ({ array: listed.map((id) => app.enumerated(id)) })));
  return { type, instance, name, properties };
}

function analogInput(ai: AnalogInput): BacnetObject {
  return withCommon(ObjectType.analogInput, ai.instance, ai.name, [
    req(Prop.presentValue, (s) => value(app.real(ai.value(s.snapshot(), s.meter)))),
    // in-alarm, fault, overridden, out-of-service: all false.
    req(Prop.statusFlags, () => value(app.bitString([false, false, false, false]))),
    req(Prop.eventState, () => value(app.enumerated(0))),
    req(Prop.outOfService, () => value(app.boolean(false))),
    req(Prop.units, () => value(app.enumerated(ai.units))),
  ]);
}

function device(id: DeviceIdentity, objectList: () => Buffer[]): BacnetObject {
  const text = (s: string) => () => value(app.characterString(s));
  const unsigned = (n: number) => () => value(app.unsigned(n));
  return withCommon(ObjectType.device, id.instance, id.name, [
    // operational
    req(Prop.systemStatus, () => value(app.enumerated(0))),
    req(Prop.vendorName, text(id.vendorName)),
    req(Prop.vendorIdentifier, unsigned(id.vendorId)),
    req(Prop.modelName, text(id.modelName)),
    req(Prop.firmwareRevision, text(id.firmwareRevision)),
    req(Prop.applicationSoftwareVersion, text(id.applicationSoftwareVersion)),
    opt(Prop.location, text(id.location)),
    opt(Prop.description, text(id.description)),
    req(Prop.protocolVersion, unsigned(1)),
    req(Prop.protocolRevision, unsigned(PROTOCOL_REVISION)),
    req(Prop.protocolServicesSupported, () => value(app.bitString(bits(SERVICE_BITS, SERVICES_SUPPORTED)))),
    req(Prop.protocolObjectTypesSupported, () => value(app.bitString(bits(OBJECT_TYPE_BITS, [ObjectType.analogInput, ObjectType.device])))),
    req(Prop.objectList, () => ({ array: objectList() })),
    req(Prop.maxApduLengthAccepted, unsigned(MAX_APDU)),
    req(Prop.segmentationSupported, () => value(app.enumerated(NO_SEGMENTATION))),
    // ms
    req(Prop.apduTimeout, unsigned(3000)),
    req(Prop.numberOfApduRetries, unsigned(3)),
    // No bindings: the device initiates no confirmed requests.
    req(Prop.deviceAddressBinding, () => value(Buffer.alloc(0))),
    req(Prop.databaseRevision, unsigned(id.databaseRevision)),
  ]);
}

/** The device's objects, the Device object first. */
export function deviceObjects(id: DeviceIdentity): BacnetObject[] {
  const objects: BacnetObject[] = [];
  const list = () => objects.map((o) => app.objectIdentifier(o.type, o.instance));
  objects.push(device(id, list), ...ANALOG_INPUTS.map(analogInput));
  return objects;
}
