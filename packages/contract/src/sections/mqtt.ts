/** The MQTT config (002 §3.9): one section, five tabs each saving the whole config with its part replaced (§7.3). */
import { mqttTexts } from '../messages.ts';
import { DEFAULT_MQTT_PROTOCOL_VERSION, generateMqttClientId } from '../options/mqtt.ts';
import { HOME_ASSISTANT_DEFAULT_PREFIX, mqttConfig, type MqttConfig } from '../schemas/mqtt.ts';
import { defineSection } from './section.ts';

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
