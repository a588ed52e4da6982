/**
 * MQTT (002 §3.9 config, §5.8 rules, §7.3 calls): labels, texts, schema, section and endpoints.
 * Key names as in the spec, `mqttGenaral` included.
 */
import { z } from 'zod';
import { formMessages as m } from '../messages.ts';
import { withMeta } from '../rules/field-meta.ts';
import { flag, int, intBetween, optionalText, select, strictObject, text } from '../rules/fields.ts';
import { type Checker, rule } from '../rules/validators.ts';
import { MQTT_PROTOCOL_VERSIONS, MQTT_QOS_OPTIONS, MQTT_TOPIC_INTERVAL_OPTIONS, DEFAULT_MQTT_PROTOCOL_VERSION, generateMqttClientId } from '../options/mqtt.ts';
import { TREND_PARAM_BITS, type LogTypeName } from '../options/trend.ts';
import { fullMask } from '../trends/masks.ts';
import { checkField } from '../rules/checks.ts';
import { defineSection } from '../sections/section.ts';
import { successReply, valueOneBody } from '../schemas/common.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../endpoints/define.ts';
import { certificateTexts } from './certificates/texts.ts';
import { LOG_MASK_NAMES } from '../options/shared-texts.ts';

/** MQTT (002 §2.8, §4.4, §8): the spec's texts, then the ones decided here (docs/decisions/communication-mqtt.md). */
export const mqttTexts = {
  generalSaved: 'MQTT General Saved',
  userCredentialsSaved: 'MQTT User Credentials Saved',
  sslSaved: 'MQTT SSL/TLS Saved',
  lastWillSaved: 'MQTT Last Will and Testament Saved',
  topicSaved: 'MQTT Topic and Parameter Selection Saved',
  connected: 'Connected',
  disconnected: 'Disconnected',
  checking: 'Checking',
  caUploaded: 'CA file uploaded',
  certUploaded: certificateTexts.uploaded,
  keyUploaded: 'Key file uploaded',
  // Decided.
  caUploadFailed: (reply: string) => `CA file upload failed: ${reply}`,
  certUploadFailed: (reply: string) => `Cert file upload failed: ${reply}`,
  keyUploadFailed: (reply: string) => `Key file upload failed: ${reply}`,
  wrongExtension: (extensions: string) => `Only ${extensions} files are accepted`,
  notPem: (what: string) => `The file is not a PEM ${what}`,
  fileTooLarge: 'The file is larger than 64 KB',
  fileExists: 'Uploaded',
  fileMissing: 'Not uploaded',
  noWildcards: (label: string) => `${label} must not contain + or #`,
  status: 'Status',
  refresh: 'Refresh',
  test: 'Test MQTT',
  generate: 'Generate',
  brokerUrl: 'Broker URL',
  testPublished: (topic: string) => `Test message published to ${topic}`,
  testFailed: (reason: string) => `MQTT test failed: ${reason}`,
  notEnabled: 'MQTT is not enabled',
} as const;

const t = mqttTexts;

/** MQTT config (002 §3.9), its rules (§5.8) and the command replies (§7.3). Key names as in the contract, `mqttGenaral` included. */
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
  brokerIpAddr: optionalText(L.brokerIpAddr, rule.ipOrDomain()),
  brokerPort: intBetween(L.brokerPort, 1, 65535),
  protocolVersion: select(L.protocolVersion, MQTT_PROTOCOL_VERSIONS),
  ClientId: optionalText(L.ClientId, rule.noSpace(), rule.maxLength(64)),
  keepAlive: withMeta(intBetween(L.keepAlive, 0, 65535), { unit: 's' }),
  cleanSession: flag(L.cleanSession),
  facilityId: optionalText(L.facilityId, rule.maxLength(40)),
}).superRefine((v, c) => {
  // 002 §5.8: required only while MQTT is on.
  if (v.mqttEnable !== 1) return;
  checkField(c, ['ClientId'], text(L.ClientId), v.ClientId);
  checkField(c, ['brokerIpAddr'], text(L.brokerIpAddr), v.brokerIpAddr);
});

export const mqttUserCredential = strictObject({
  userName: optionalText(L.userName, rule.maxLength(64)),
  userPwd: withMeta(optionalText(L.userPwd, rule.maxLength(64)), { kind: 'password', secret: true }),
});

export const mqttSslConfig = strictObject({ enableSSL: flag(L.enableSSL) });

export const mqttLastWill = strictObject({
  lastWillEnable: flag(L.lastWillEnable),
  topic: optionalText(L.willTopic, noWildcards(L.willTopic), rule.maxLength(128)),
  qos: select(L.willQos, MQTT_QOS_OPTIONS),
  isRetained: flag(L.willRetained),
}).superRefine((v, c) => {
  if (v.lastWillEnable === 1) checkField(c, ['topic'], text(L.willTopic), v.topic);
});

const MASK_LABELS: Record<LogTypeName, string> = {
  realTime: 'Real-Time Parameters',
  energy: LOG_MASK_NAMES.energy,
  demand: LOG_MASK_NAMES.demand,
  powerQuality: LOG_MASK_NAMES.powerQuality,
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
  topic: text(L.topic, noWildcards(L.topic), rule.maxLength(128)),
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
 * Home Assistant MQTT discovery (issue 27, beyond the spec; docs/decisions/fleet-openapi-prometheus-home-assistant.md): retained
 * device discovery under the prefix, republished when Home Assistant announces itself.
 */
export const mqttHomeAssistant = strictObject({
  enable: withMeta(flag(L.haEnable), { description: 'Publish retained discovery so Home Assistant finds every value with no manual configuration' }),
  prefix: optionalText(L.haPrefix, noWildcards(L.haPrefix), rule.maxLength(64)),
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

/** The MQTT config (002 §3.9): one section, five tabs each saving the whole config with its part replaced (§7.3). */
export const DEFAULT_MQTT_CONFIG = (): MqttConfig => ({
  mqttGenaral: {
    mqttEnable: 0,
    brokerIpAddr: '',
    brokerPort: 1883,
    protocolVersion: DEFAULT_MQTT_PROTOCOL_VERSION,
    ClientId: generateMqttClientId(),
    keepAlive: 60,
    cleanSession: 1,
    facilityId: '',
  },
  userCredential: { userName: '', userPwd: '' },
  mqttSSLConfig: { enableSSL: 0 },
  lastWill: { lastWillEnable: 0, topic: '', qos: 0, isRetained: 0 },
  topic: { topic: 'meter/data', qos: 0, isRetained: 0, interval: 3, realTimeMask: 1 | 4 | 8 | 64 | 128, energyMask: 1, demandMask: 0, powerQualityMask: 0, ioMask: 0 },
  homeAssistant: { enable: 0, prefix: HOME_ASSISTANT_DEFAULT_PREFIX },
});

/** Applied at once: the publisher reconnects with the new settings (no reboot). Admin only (002 §6). */
export const mqttSection = defineSection({
  key: 'mqttConfig',
  title: 'MQTT settings',
  context: 'none',
  body: () => mqttConfig,
  data: mqttConfig,
  savedMessage: mqttTexts.generalSaved,
  adminOnly: true,
  defaults: DEFAULT_MQTT_CONFIG,
});

/** MQTT (002 §7.3): the config section, file status, connection status, test and the three uploads. */
export const mqttEndpoints = {
  mqttConfig: sectionRead('/settings/communication/mqttConfig', mqttSection, read('configuration')),
  saveMqttConfig: sectionWrite('/settings/communication/mqttConfig', mqttSection, write('configuration')),
  mqttFileStat: ep({ method: 'GET', path: '/command/getMqttFileStat', reply: mqttFileStat, auth: read('configuration') }),
  mqttStatus: ep({ method: 'GET', path: '/command/checkMqttStatus', reply: mqttStatusReply, auth: read('configuration') }),
  /** 002 §6: the Test button and the uploads are the admin access level's. */
  testMqtt: ep({ method: 'PATCH', path: '/command/testMqtt', body: valueOneBody, reply: successReply, auth: write('configuration'), adminOnly: true }),
  uploadMqttCA: ep({ method: 'POST', path: '/upload/local/mqttCA', reply: successReply, auth: write('configuration'), adminOnly: true }),
  uploadMqttCert: ep({ method: 'POST', path: '/upload/local/mqttCert', reply: successReply, auth: write('configuration'), adminOnly: true }),
  uploadMqttKey: ep({ method: 'POST', path: '/upload/local/mqttKey', reply: successReply, auth: write('configuration'), adminOnly: true }),
} as const;
