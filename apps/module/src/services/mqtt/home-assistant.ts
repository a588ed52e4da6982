/**
 * Home Assistant MQTT discovery (issue 27, beyond the spec; docs/decisions/fleet-openapi-prometheus-home-assistant.md): one
 * retained device-level discovery message, `<prefix>/device/<id>/config`, with the device (`dev`),
 * the origin (`o`) and one sensor component per value the topic's masks select. Each sensor reads
 * its value from the module's own publication (`value_json.values['<column>']`), so Home Assistant
 * shows exactly what the topic carries; availability is the last will's topic, whose payload the
 * module sets to online at each connect and the broker to offline when the connection is lost.
 */
import type { MqttConfig } from '@meter/contract';
import { logColumns } from '../datalog/columns.ts';

export interface DiscoveryIdentity {
  meterModel: string;
  meterSerialNumber: string;
  moduleModel: string;
  moduleFirmwareVersion: string;
  /** The device description (Settings); the model and serial number when blank. */
  name: string;
}

/** What Home Assistant expects of a sensor with this unit: device class, state class, its unit. */
interface SensorClass {
  device_class?: string;
  state_class: 'measurement' | 'total_increasing';
  unit_of_measurement?: string;
}

/** By the unit in a column's header ("Phase A Voltage (V)"); energy registers only grow. */
const CLASS_OF_UNIT: Record<string, SensorClass> = {
  V: { device_class: 'voltage', state_class: 'measurement', unit_of_measurement: 'V' },
  A: { device_class: 'current', state_class: 'measurement', unit_of_measurement: 'A' },
  kW: { device_class: 'power', state_class: 'measurement', unit_of_measurement: 'kW' },
  kvar: { device_class: 'reactive_power', state_class: 'measurement', unit_of_measurement: 'kvar' },
  kVA: { device_class: 'apparent_power', state_class: 'measurement', unit_of_measurement: 'kVA' },
  Hz: { device_class: 'frequency', state_class: 'measurement', unit_of_measurement: 'Hz' },
  kWh: { device_class: 'energy', state_class: 'total_increasing', unit_of_measurement: 'kWh' },
  kvarh: { device_class: 'reactive_energy', state_class: 'total_increasing', unit_of_measurement: 'kvarh' },
  // Home Assistant has no apparent energy class: a plain total with its unit.
  kVAh: { state_class: 'total_increasing', unit_of_measurement: 'kVAh' },
  '%': { state_class: 'measurement', unit_of_measurement: '%' },
};

/** A column's sensor class: by its unit, PF as power factor; text columns (load type) get none. */
export function sensorClass(header: string): SensorClass | undefined {
  const unit = /\(([^)]+)\)$/.exec(header)?.[1];
  if (unit) return CLASS_OF_UNIT[unit];
  if (/\bPF$/.test(header)) return { device_class: 'power_factor', state_class: 'measurement' };
  if (/Counter$/.test(header)) return { state_class: 'total_increasing' };
  return undefined;
}

/** Home Assistant's object ids: lower case letters, digits and underscores. */
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

export const discoveryDeviceId = (id: DiscoveryIdentity) => `acurev_${slug(id.meterSerialNumber)}`;
export const discoveryTopic = (prefix: string, id: DiscoveryIdentity) => `${prefix}/device/${discoveryDeviceId(id)}/config`;
export const statusTopic = (prefix: string) => `${prefix}/status`;

/** The availability payloads: the will's JSON `status`. */
export const AVAILABILITY = { online: 'online', offline: 'offline' } as const;

export function discoveryPayload(config: MqttConfig, id: DiscoveryIdentity): Record<string, unknown> {
  const device = discoveryDeviceId(id);
  const components: Record<string, unknown> = {};
  for (const col of logColumns(config.topic)) {
    const key = slug(col.header);
    const cls = sensorClass(col.header);
    components[key] = {
      p: 'sensor',
      name: col.header.replace(/\s*\([^)]*\)$/, ''),
      unique_id: `${device}_${key}`,
      value_template: `{{ value_json['values'][${JSON.stringify(col.header)}] }}`,
      ...(cls ?? {}),
    };
  }
  const will = config.lastWill;
  return {
    dev: { ids: [device], name: id.name || `${id.meterModel} ${id.meterSerialNumber}`, mf: 'Accuenergy', mdl: id.meterModel, sn: id.meterSerialNumber, sw: id.moduleFirmwareVersion },
    o: { name: id.moduleModel, sw: id.moduleFirmwareVersion },
    cmps: components,
    state_topic: config.topic.topic,
    qos: config.topic.qos,
    ...(will.lastWillEnable === 1
      ? { availability_topic: will.topic, availability_template: '{{ value_json.status }}', payload_available: AVAILABILITY.online, payload_not_available: AVAILABILITY.offline }
      : {}),
  };
}
