/**
 * Settings › Meter › Meter Connection (issue 26, beyond the spec): the section.
 */
import { z } from 'zod';
import { withMeta } from '../../rules/field-meta.ts';
import { intBetween, oneOf, optionalText, strictObject, text } from '../../rules/fields.ts';
import { type Checker, rule } from '../../rules/validators.ts';
import { checkField } from '../../rules/checks.ts';
import { defineSection } from '../../sections/section.ts';

/**
 * Settings › Meter › Meter Connection (issue 26, beyond the spec; docs/decisions/meter-connection-settings.md "Meter
 * Connection"): where the module reads its meter: the simulator, a Modbus TCP meter or a Modbus
 * RTU meter on a serial port. Admin only; applied at the next start (the reboot prompt). When the
 * module was started with MODULE_METER, the environment wins: `environment` (read-only) names it.
 */
/** The register profiles the module ships (apps/module/src/meter/modbus/profiles; docs/modbus.md). */
export const METER_PROFILE_NAMES = ['acurev2000', 'module'] as const;
export const METER_BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const METER_PARITIES = ['none', 'even', 'odd'] as const;
export const METER_SOURCE_KINDS = ['simulated', 'modbus-tcp', 'modbus-rtu'] as const;
export type MeterSourceKind = (typeof METER_SOURCE_KINDS)[number];
/** A serial device: a path under /dev, no '..' (the module opens nothing else). */
export const SERIAL_DEVICE_RE = /^\/dev\/(?!.*\.\.)[A-Za-z0-9_./-]+$/;
export const METER_HOST_MAX = 253;

export const meterConnectionTexts = {
  saved: 'Meter connection saved',
  source: 'Meter Source',
  host: 'Host',
  port: 'Port',
  unit: 'Unit ID',
  profile: 'Profile',
  device: 'Serial Device',
  baud: 'Baud Rate',
  parity: 'Parity',
  tcpCard: 'Modbus TCP',
  rtuCard: 'Modbus RTU',
  badDevice: 'Serial Device must be a device path under /dev, e.g. /dev/ttyUSB0',
  fromEnvironment: (source: string) => `This module was started with MODULE_METER=${source}: the environment wins and these settings are not used while it is set.`,
  appliedAtStart: 'The meter source is applied at the next start of the module.',
  adminOnly: 'Only the admin access level may change the meter connection.',
} as const;
const t = meterConnectionTexts;

const SOURCE_LABELS: Record<MeterSourceKind, string> = { simulated: 'Simulated', 'modbus-tcp': 'Modbus TCP', 'modbus-rtu': 'Modbus RTU' };
const PROFILE_LABELS: Record<(typeof METER_PROFILE_NAMES)[number], string> = { acurev2000: 'AcuRev 2000 (basic float block)', module: 'Another module (its Modbus map)' };
const PARITY_LABELS: Record<(typeof METER_PARITIES)[number], string> = { none: 'None', even: 'Even', odd: 'Odd' };

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));
const profile = () => withMeta(oneOf(t.profile, METER_PROFILE_NAMES), { options: options(METER_PROFILE_NAMES, PROFILE_LABELS) });
const hostRules = [rule.noSpace(), rule.maxLength(METER_HOST_MAX), rule.ipOrDomain()];
const deviceRule: Checker<string> = (v) => (v === '' || SERIAL_DEVICE_RE.test(v) ? undefined : t.badDevice);

export const meterTcpConnection = strictObject({
  host: optionalText(t.host, ...hostRules),
  port: intBetween(t.port, 1, 65535),
  unit: intBetween(t.unit, 0, 247),
  profile: profile(),
});

export const meterRtuConnection = strictObject({
  device: optionalText(t.device, deviceRule),
  baud: withMeta(oneOf(t.baud, METER_BAUD_RATES), { unit: 'bps' }),
  parity: withMeta(oneOf(t.parity, METER_PARITIES), { options: options(METER_PARITIES, PARITY_LABELS) }),
  unit: intBetween(t.unit, 1, 247),
  profile: profile(),
});

export const meterConnectionConfig = strictObject({
  source: withMeta(oneOf(t.source, METER_SOURCE_KINDS), { kind: 'radio', options: options(METER_SOURCE_KINDS, SOURCE_LABELS) }),
  tcp: meterTcpConnection,
  rtu: meterRtuConnection,
  /** MODULE_METER as the module was started with it ('' when unset): reported, never saved. */
  environment: z.string().max(1000).optional(),
}).superRefine((v, c) => {
  // The chosen source's address is required; the other one's fields are kept as they are.
  if (v.source === 'modbus-tcp') checkField(c, ['tcp', 'host'], text(t.host, ...hostRules), v.tcp.host);
  if (v.source === 'modbus-rtu') checkField(c, ['rtu', 'device'], text(t.device, deviceRule), v.rtu.device);
});
export type MeterConnectionConfig = z.infer<typeof meterConnectionConfig>;

export const DEFAULT_METER_CONNECTION = (): MeterConnectionConfig => ({
  source: 'simulated',
  tcp: { host: '', port: 502, unit: 1, profile: 'acurev2000' },
  rtu: { device: '', baud: 19200, parity: 'none', unit: 1, profile: 'acurev2000' },
});

/** Admin only: which meter every reading comes from is the admin's call, like the MQTT settings. */
export const meterConnectionSection = defineSection({
  key: 'meterConnection',
  title: 'Meter connection settings',
  context: 'none',
  body: () => meterConnectionConfig,
  data: meterConnectionConfig,
  readOnly: ['environment'],
  reboot: true,
  savedMessage: t.saved,
  adminOnly: true,
  defaults: DEFAULT_METER_CONNECTION,
});
