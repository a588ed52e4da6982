/**
 * The EPICS file (ASHRAE 135.1 Annex A, the ".tpi" text BACnet test tools read): the device's
 * conformance statement and every object with every property, written by decoding the very
 * bytes the device answers, so the file cannot drift from what is served. Values that change
 * (present-value) are written '?', as Annex A has it.
 */
import { AppTag } from './encoding.ts';
import { MAX_APDU, PROP_NAMES, Prop, SERVICES_SUPPORTED, deviceObjects, type DeviceIdentity, type ReadScope } from './device-objects.ts';
import { ObjectType, UNIT_NAMES } from './object-table.ts';

const OBJECT_TYPE_NAMES: Record<number, string> = { [ObjectType.analogInput]: 'analog-input', [ObjectType.device]: 'device' };
const ENUM_NAMES: Partial<Record<number, Record<number, string>>> = {
  [Prop.objectType]: OBJECT_TYPE_NAMES,
  [Prop.units]: UNIT_NAMES,
  [Prop.eventState]: { 0: 'normal' },
  [Prop.systemStatus]: { 0: 'operational' },
  [Prop.segmentationSupported]: { 3: 'no-segmentation' },
  [Prop.propertyList]: PROP_NAMES,
};
const SERVICE_NAMES: Record<number, string> = { 12: 'ReadProperty', 14: 'ReadPropertyMultiple', 26: 'I-Am', 34: 'Who-Is' };

/** The application-tagged values of an encoded property, as EPICS text. */
function texts(b: Buffer, prop: number): string[] {
  const out: string[] = [];
  let o = 0;
  while (o < b.length) {
    const first = b[o++]!;
    const tag = first >> 4;
    let len = first & 0x07;
    if (tag === AppTag.boolean) {
      out.push(len ? 'T' : 'F');
      continue;
    }
    if (len === 5) len = b[o++]!;
    const c = b.subarray(o, o + len);
    o += len;
    if (tag === AppTag.unsigned) out.push(String(c.readUIntBE(0, len)));
    else if (tag === AppTag.enumerated) {
      const v = c.readUIntBE(0, len);
      out.push(ENUM_NAMES[prop]?.[v] ?? String(v));
    } else if (tag === AppTag.real) out.push(String(c.readFloatBE(0)));
    else if (tag === AppTag.characterString) out.push(JSON.stringify(c.subarray(1).toString('utf8')));
    else if (tag === AppTag.bitString) {
      const n = (c.length - 1) * 8 - c[0]!;
      out.push(`{${Array.from({ length: n }, (_, i) => ((c[1 + (i >> 3)]! & (0x80 >> (i & 7))) !== 0 ? 'T' : 'F')).join(',')}}`);
    } else if (tag === AppTag.objectIdentifier) {
      const v = c.readUInt32BE(0);
      out.push(`(${OBJECT_TYPE_NAMES[v >>> 22] ?? v >>> 22}, ${v & 0x3fffff})`);
    } else out.push('?');
  }
  return out;
}

export function epicsFile(id: DeviceIdentity, scope: ReadScope): string {
  const objects = deviceObjects(id);
  const lines = objects.map((obj) => {
    const props = obj.properties.map((p) => {
      const v = p.read(scope);
      const text = p.id === Prop.presentValue ? '?' : 'value' in v ? (texts(v.value, p.id)[0] ?? '{}') : `{${v.array.flatMap((e) => texts(e, p.id)).join(', ')}}`;
      return `    ${PROP_NAMES[p.id]}: ${text}`;
    });
    return `  {\n${props.join('\n')}\n  }`;
  });
  return `PICS 0
BACnet Protocol Implementation Conformance Statement

Vendor Name: ${JSON.stringify(id.vendorName)}
Product Name: ${JSON.stringify(id.modelName)}
Product Model Number: ${JSON.stringify(id.modelName)}
Application Software Version: ${JSON.stringify(id.applicationSoftwareVersion)}
Firmware Revision: ${JSON.stringify(id.firmwareRevision)}
BACnet Protocol Revision: 14
Product Description: "Multi-circuit power and energy meter: live measurements as Analog Input objects"

BACnet Standardized Device Profile (Annex L):
{
  BACnet Application Specific Controller (B-ASC)
}

BIBBs Supported:
{
  DS-RP-B
  DS-RPM-B
  DM-DDB-B
}

Segmentation Capability:
{
  -- none: answers longer than the client accepts are aborted
}

Standard Object Types Supported:
{
  Device
  Analog Input
}

Data Link Layer Option:
{
  BACnet/IP, (Annex J)
  BACnet/IP, (Annex J), Foreign Device
}

Character Sets Supported:
{
  ISO 10646 (UTF-8)
}

Services Supported:
{
${SERVICES_SUPPORTED.map((s) => `  ${SERVICE_NAMES[s]}`).join('\n')}
}

Maximum APDU Length Accepted: ${MAX_APDU}

List of Objects in test device:
{
${lines.join('\n')}
}

End of BACnet Protocol Implementation Conformance Statement
`;
}
