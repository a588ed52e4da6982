/** MQTT config (002 §3.9), its rules (§5.8) and the command replies (§7.3). Key names as in the contract, `mqttGenaral` included. */
import { z } from 'zod';
import { formMessages as m, mqttTexts as t } from '../messages.ts';
import { withMeta } from '../rules/field-meta.ts';
import { flag, int, intBetween, optionalText, select, strictObject, text } from '../rules/fields.ts';
import { type Checker, rules } from '../rules/validators.ts';
import { MQTT_PROTOCOL_VERSIONS, MQTT_QOS_OPTIONS, MQTT_TOPIC_INTERVAL_OPTIONS } from '../options/mqtt.ts';
import { TREND_PARAM_BITS, type LogTypeName } from '../options/trend.ts';
import { fullMask } from '../trends/masks.ts';
import { checkField } from './meter-settings/helpers.ts';

const noWildcards =
  (label: string): Checker<string> =>
  (v) =>
    /[+#]/.test(v) ? t.noWildcards(label) : undefined;

const L = {
  mqttEnable: 'Enable MQTT',
  brokerIpAddr: 'Broker Address',
  brokerPort: 'Broker Port',
  protocolVersion: 'Protocol Version',
  ClientId: 'Client ID',
  keepAlive: 'Keep Alive',
  cleanSession: 'Clean Session',
  facilityId: 'Facility ID',
  userName: 'User Name',
  userPwd: 'Password',
  enableSSL: 'Enable SSL/TLS',
  lastWillEnable: 'Enable Last Will',
  willTopic: 'Last Will Topic',
  willQos: 'Last Will QoS',
  willRetained: 'Last Will Retained',
  topic: 'Topic',
  qos: 'QoS',
  isRetained: 'Retained',
  interval: 'Interval',
  haEnable: 'Home Assistant discovery',
  haPrefix: 'Discovery Prefix',
} as const;

/** Home Assistant's own default discovery prefix. */
export const HOME_ASSISTANT_DEFAULT_PREFIX = 'homeassistant';

export const mqttGeneral = strictObject({
  mqttEnable: flag(L.mqttEnable),
  brokerIpAddr: optionalText(L.brokerIpAddr, rules.ipOrDomain(L.brokerIpAddr) as Checker<string>),
  brokerPort: intBetween(L.brokerPort, 1, 65535),
  protocolVersion: select(L.protocolVersion, MQTT_PROTOCOL_VERSIONS),
  ClientId: optionalText(L.ClientId, rules.noSpace(L.ClientId) as Checker<string>, rules.maxLength(L.ClientId, 64) as Checker<string>),
  keepAlive: withMeta(intBetween(L.keepAlive, 0, 65535), { unit: 's' }),
  cleanSession: flag(L.cleanSession),
  facilityId: optionalText(L.facilityId, rules.maxLength(L.facilityId, 40) as Checker<string>),
}).superRefine((v, c) => {
  // 002 §5.8: required only while MQTT is on.
  if (v.mqttEnable !== 1) return;
  checkField(c, ['ClientId'], text(L.ClientId), v.ClientId);
  checkField(c, ['brokerIpAddr'], text(L.brokerIpAddr), v.brokerIpAddr);
});

export const mqttUserCredential = strictObject({
  userName: optionalText(L.userName, rules.maxLength(L.userName, 64) as Checker<string>),
  userPwd: withMeta(optionalText(L.userPwd, rules.maxLength(L.userPwd, 64) as Checker<string>), { kind: 'password', secret: true }),
});

export const mqttSslConfig = strictObject({ enableSSL: flag(L.enableSSL) });

export const mqttLastWill = strictObject({
  lastWillEnable: flag(L.lastWillEnable),
  topic: optionalText(L.willTopic, noWildcards(L.willTopic), rules.maxLength(L.willTopic, 128) as Checker<string>),
  qos: select(L.willQos, MQTT_QOS_OPTIONS),
  isRetained: flag(L.willRetained),
}).superRefine((v, c) => {
  if (v.lastWillEnable === 1) checkField(c, ['topic'], text(L.willTopic), v.topic);
});

const MASK_LABELS: Record<LogTypeName, string> = {
  realTime: 'Real-Time Parameters',
  energy: 'Energy Parameters',
  demand: 'Demand Parameters',
  powerQuality: 'Power Quality Parameters',
  io: 'IO Parameters',
};
/** A mask holds the summed bits of its parameters (002 §9.3); the help lists them. */
const mask = (type: LogTypeName) => {
  const label = MASK_LABELS[type];
  const bits = TREND_PARAM_BITS[type].map((b) => `${b.bit} ${b.label}`).join(', ');
  return withMeta(
    int(label, (v) => (v >= 0 && (v & ~fullMask(type)) === 0 ? undefined : m.between(label, 0, fullMask(type)))),
    { min: 0, max: fullMask(type), help: `Sum of: ${bits}` },
  );
};

export const mqttTopic = strictObject({
  topic: text(L.topic, noWildcards(L.topic), rules.maxLength(L.topic, 128) as Checker<string>),
  qos: select(L.qos, MQTT_QOS_OPTIONS),
  isRetained: flag(L.isRetained),
  interval: select(L.interval, MQTT_TOPIC_INTERVAL_OPTIONS),
  realTimeMask: mask('realTime'),
  energyMask: mask('energy'),
  demandMask: mask('demand'),
  powerQualityMask: mask('powerQuality'),
  ioMask: mask('io'),
});

/**
 * Home Assistant MQTT discovery (issue 27, beyond the spec; docs/decisions.md, Fleet): retained
 * device discovery under the prefix, republished when Home Assistant announces itself.
 */
export const mqttHomeAssistant = strictObject({
  enable: withMeta(flag(L.haEnable), { description: 'Publish retained discovery so Home Assistant finds every value with no manual configuration' }),
  prefix: optionalText(L.haPrefix, noWildcards(L.haPrefix), rules.maxLength(L.haPrefix, 64) as Checker<string>),
}).superRefine((v, c) => {
  if (v.enable === 1) checkField(c, ['prefix'], text(L.haPrefix), v.prefix);
});

export const mqttConfig = strictObject({
  mqttGenaral: mqttGeneral,
  userCredential: mqttUserCredential,
  mqttSSLConfig: mqttSslConfig,
  lastWill: mqttLastWill,
  topic: mqttTopic,
  homeAssistant: mqttHomeAssistant,
});
export type MqttConfig = z.infer<typeof mqttConfig>;

export const mqttFileStat = z.object({ isMqttCAExist: z.boolean(), isMqttClientExist: z.boolean(), isMqttKeyExist: z.boolean() });
export type MqttFileStat = z.infer<typeof mqttFileStat>;

export const MQTT_STATUS_VALUES = [t.connected, t.disconnected] as const;
export const mqttStatusReply = z.object({ value: z.enum(MQTT_STATUS_VALUES) });
