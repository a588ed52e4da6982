/** MQTT (002 §9.2): QoS levels, topic intervals, the client id's shape, the broker address prefixes. */

export const MQTT_QOS_OPTIONS = [
  { value: 0, label: '0 (At most once)' },
  { value: 1, label: '1 (At least once)' },
  { value: 2, label: '2 (Exactly once)' },
] as const;

/** Topic publish intervals: value 1 to 9 → seconds. */
export const MQTT_TOPIC_INTERVALS = [
  { value: 1, seconds: 15 },
  { value: 2, seconds: 30 },
  { value: 3, seconds: 60 },
  { value: 4, seconds: 90 },
  { value: 5, seconds: 120 },
  { value: 6, seconds: 240 },
  { value: 7, seconds: 300 },
  { value: 8, seconds: 480 },
  { value: 9, seconds: 600 },
] as const;
export const MQTT_TOPIC_INTERVAL_OPTIONS = MQTT_TOPIC_INTERVALS.map((i) => ({ value: i.value, label: `${i.seconds} seconds` }));

/**
 * Decided (the spec has no protocol field): the MQTT protocol level the client speaks, by its
 * CONNECT protocol level byte; 3.1.1 by default, as every broker accepts it.
 */
export const MQTT_PROTOCOL_VERSIONS = [
  { value: 4, label: 'MQTT 3.1.1' },
  { value: 5, label: 'MQTT 5.0' },
] as const;
export type MqttProtocolVersion = (typeof MQTT_PROTOCOL_VERSIONS)[number]['value'];
export const DEFAULT_MQTT_PROTOCOL_VERSION: MqttProtocolVersion = 4;

export function mqttIntervalSeconds(value: number): number {
  return MQTT_TOPIC_INTERVALS.find((i) => i.value === value)?.seconds ?? 60;
}

export const MQTT_CLIENT_ID_LENGTH = 23;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 002 §9.2: 23 random alphanumerics (the longest id every MQTT 3.1.1 broker must accept). */
export function generateMqttClientId(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  // 248 is the largest multiple of 62 below 256: bytes above it are dropped so every character is equally likely.
  let out = '';
  while (out.length < MQTT_CLIENT_ID_LENGTH) {
    for (const b of random(MQTT_CLIENT_ID_LENGTH * 2)) {
      if (b < 248 && out.length < MQTT_CLIENT_ID_LENGTH) out += ALPHANUMERIC[b % 62];
    }
  }
  return out;
}

/** The broker address prefix (decided: the spec's two prefixes are the MQTT URL schemes). */
export const mqttBrokerPrefix = (ssl: boolean) => (ssl ? 'mqtts://' : 'mqtt://');

/** The three files of the SSL/TLS tab: upload name, the extensions accepted (002 §5.8). */
export const MQTT_FILES = {
  mqttCA: { label: 'CA File', extensions: ['.crt', '.cer'], stat: 'isMqttCAExist' },
  mqttCert: { label: 'Client Certificate', extensions: ['.crt', '.cer'], stat: 'isMqttClientExist' },
  mqttKey: { label: 'Client Key', extensions: ['.key'], stat: 'isMqttKeyExist' },
} as const;
export type MqttFileKind = keyof typeof MQTT_FILES;
export const MQTT_FILE_KINDS = Object.keys(MQTT_FILES) as MqttFileKind[];
