/**
 * The MQTT client of the module (002 §3.9, §4.4, §7.3): connects to the broker as the settings
 * say (MQTT 3.1.1 or 5, TCP or TLS with the uploaded CA, certificate and key), with the user
 * credentials, keep alive, clean session and the last will, and publishes the selected parameters every interval
 * (and once at each connect, so a subscriber sees values without waiting a whole interval).
 * Reconnects with a doubling wait up to a minute. A settings save calls reload(); close() ends
 * the connection with a DISCONNECT, so a clean shutdown does not fire the last will.
 */
import { isIP } from 'node:net';
import { noGuard, type OutboundGuard } from '../outbound/outbound-guard.ts';
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import { mqttIntervalSeconds, mqttTexts as t, type MqttConfig } from '@meter/contract';
import type * as Mqtt from 'mqtt';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { ReadingSource } from '../../meter/reading-source.ts';
import { lazyRequire } from '../../lazy-require.ts';
import { buildPayload } from './mqtt-payload.ts';
import { AVAILABILITY, discoveryPayload, discoveryTopic, statusTopic, type DiscoveryIdentity } from './home-assistant.ts';
import type { MqttFiles } from './mqtt-files.ts';

const mqtt = lazyRequire<typeof Mqtt>('mqtt');
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 60_000;
const CONNECT_TIMEOUT_MS = 10_000;
const PUBLISH_TIMEOUT_MS = 5000;
const CLOSE_TIMEOUT_MS = 2000;
/** MQTT 5: 0xFFFFFFFF seconds means the broker keeps the session for good. */
const SESSION_NEVER_EXPIRES = 0xffffffff;
/** MQTT 5 tells a subscriber what the payload is: UTF-8 text, JSON. */
const JSON_PROPERTIES = { payloadFormatIndicator: true, contentType: 'application/json' } as const;

export interface MqttPublisherDeps {
  /** Keeps the connections off the module's own listeners (outbound-guard.ts). */
  guard?: OutboundGuard;
  meter: ReadingSource;
  files: MqttFiles;
  /** The stored settings, secrets included. */
  config: () => MqttConfig;
  now: () => number;
  /** Connection changes for the module event log. */
  log?: (message: string) => void;
  /** The MQTT subsystem of the system log (never the password nor the key). */
  syslog?: SubsystemLog;
  /** Who the module is, for Home Assistant's discovery. */
  identity: () => DiscoveryIdentity;
}

/** The broker URL the settings name: scheme by SSL, IPv6 literals in brackets. */
export function brokerUrl(g: MqttConfig['mqttGenaral'], ssl: boolean): string {
  const host = g.brokerIpAddr.includes(':') ? `[${g.brokerIpAddr}]` : g.brokerIpAddr;
  return `${ssl ? 'mqtts' : 'mqtt'}://${host}:${g.brokerPort}`;
}

export class MqttPublisher {
  private client: MqttClient | undefined;
  /** The settings of the current client. */
  private current: MqttConfig | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The settings the current client was made from (JSON), to skip a reload that changes nothing. */
  private applied = '';
  private closed = false;
  private reloading: Promise<void> = Promise.resolve();
  private readonly syslog: SubsystemLog;

  constructor(private readonly d: MqttPublisherDeps) {
    this.syslog = d.syslog ?? NO_SYSLOG;
  }

  /**
   * (Re)connects after a settings change; a no-op when nothing the connection uses changed. Saves
   * in quick succession queue up: each reload reads the settings only once the one before has
   * stopped its client, so an older save can never start a client after a newer one.
   */
  reload(): Promise<void> {
    this.reloading = this.reloading
      .then(() => this.apply())
      .catch((e: unknown) => {
        const why = e instanceof Error ? e.message : String(e);
        this.d.log?.(`MQTT: ${why}`);
        this.syslog('error', `settings not applied: ${why}`);
      });
    return this.reloading;
  }

  private async apply(): Promise<void> {
    if (this.closed) return;
    const config = this.d.config();
    const files = this.d.files.stat();
    const key = JSON.stringify({ config, files });
    if (key === this.applied) return;
    if (this.applied !== '') this.syslog('info', 'MQTT settings changed: reconnecting');
    this.applied = key;
    await this.clearDiscovery(config);
    await this.stop();
    if (config.mqttGenaral.mqttEnable === 1 && config.mqttGenaral.brokerIpAddr) {
      const g = config.mqttGenaral;
      let address: string;
      try {
        address = await (this.d.guard ?? noGuard)(g.brokerIpAddr, g.brokerPort);
      } catch {
        // The module's own port: never connected, shown Disconnected like a broker that is down.
        this.syslog('warning', `connection to ${brokerUrl(g, config.mqttSSLConfig.enableSSL === 1)} failed: could not connect`);
        return;
      }
      this.start(config, address);
    } else this.syslog('info', config.mqttGenaral.mqttEnable === 1 ? 'MQTT enabled without a broker address: not connecting' : 'MQTT disabled');
  }

  connected(): boolean {
    return this.client?.connected === true;
  }

  /** testMqtt: publishes one message now and tells the outcome. */
  async test(): Promise<{ ok: boolean; message: string }> {
    const config = this.d.config();
    if (config.mqttGenaral.mqttEnable !== 1) return { ok: false, message: t.testFailed(t.notEnabled) };
    const client = this.client;
    if (!client?.connected) return { ok: false, message: t.testFailed(t.disconnected) };
    try {
      await this.publish(client, config);
      return { ok: true, message: t.testPublished(config.topic.topic) };
    } catch (e) {
      return { ok: false, message: t.testFailed(e instanceof Error ? e.message : String(e)) };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.reloading;
    await this.stop();
  }

  private options(config: MqttConfig): IClientOptions {
    const g = config.mqttGenaral;
    const ssl = config.mqttSSLConfig.enableSSL === 1;
    const will = config.lastWill;
    const v5 = g.protocolVersion === 5;
    const options: IClientOptions = {
      protocolVersion: v5 ? 5 : 4,
      clientId: g.ClientId,
      keepalive: g.keepAlive,
      clean: g.cleanSession === 1,
      reconnectPeriod: FIRST_RETRY_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      username: config.userCredential.userName || undefined,
      password: config.userCredential.userName ? config.userCredential.userPwd : undefined,
      will:
        will.lastWillEnable === 1
          ? {
              topic: will.topic,
              payload: Buffer.from(JSON.stringify({ facilityId: g.facilityId, status: 'offline' })),
              qos: will.qos as 0 | 1 | 2,
              retain: will.isRetained === 1,
              // Published at once when the connection is lost (no will delay).
              properties: v5 ? JSON_PROPERTIES : undefined,
            }
          : undefined,
    };
    // MQTT 5 ends a session with the connection unless it says otherwise: Clean Session off keeps it as 3.1.1 does.
    if (v5 && g.cleanSession !== 1) options.properties = { sessionExpiryInterval: SESSION_NEVER_EXPIRES };
    if (ssl) {
      options.ca = this.d.files.read('mqttCA');
      options.cert = this.d.files.read('mqttCert');
      options.key = this.d.files.read('mqttKey');
      options.rejectUnauthorized = true;
    }
    return options;
  }

  /**
   * Discovery turned off (or moved to another prefix, broker or device id, or MQTT off): the
   * retained config is removed with an empty retained payload, through the client that published it.
   */
  private async clearDiscovery(next: MqttConfig): Promise<void> {
    const before = this.current;
    const client = this.client;
    if (!before || before.homeAssistant.enable !== 1 || !client?.connected) return;
    const topic = discoveryTopic(before.homeAssistant.prefix, this.d.identity());
    const keeps =
      next.mqttGenaral.mqttEnable === 1 &&
      next.homeAssistant.enable === 1 &&
      discoveryTopic(next.homeAssistant.prefix, this.d.identity()) === topic &&
      brokerUrl(next.mqttGenaral, next.mqttSSLConfig.enableSSL === 1) === brokerUrl(before.mqttGenaral, before.mqttSSLConfig.enableSSL === 1);
    if (keeps) return;
    await withTimeout(client.publishAsync(topic, '', { qos: 1, retain: true }), PUBLISH_TIMEOUT_MS, 'no acknowledgement from the broker')
      .then(() => this.syslog('info', `Home Assistant discovery removed from ${topic}`))
      .catch((e: unknown) => this.publishFailed(e));
  }

  /** The retained device discovery, and the will's topic set to online (Home Assistant's availability). */
  private async announce(client: MqttClient, config: MqttConfig): Promise<void> {
    const ha = config.homeAssistant;
    if (ha.enable !== 1) return;
    const will = config.lastWill;
    if (will.lastWillEnable === 1) {
      const online = JSON.stringify({ facilityId: config.mqttGenaral.facilityId, status: AVAILABILITY.online });
      await client.publishAsync(will.topic, online, { qos: will.qos as 0 | 1 | 2, retain: will.isRetained === 1 });
    }
    const topic = discoveryTopic(ha.prefix, this.d.identity());
    await client.publishAsync(topic, JSON.stringify(discoveryPayload(config, this.d.identity())), { qos: 1, retain: true });
    this.syslog('info', `Home Assistant discovery published to ${topic}`);
  }

  /** Connects to `address`, the guard's (reconnects too: never a fresh resolution of the name). */
  private start(config: MqttConfig, address: string): void {
    const g = config.mqttGenaral;
    const ssl = config.mqttSSLConfig.enableSSL === 1;
    // TLS checks the broker's certificate against the name in the settings.
    const servername = ssl && !isIP(g.brokerIpAddr) ? { servername: g.brokerIpAddr } : {};
    const client = mqtt.connect(brokerUrl({ ...g, brokerIpAddr: address }, ssl), { ...this.options(config), ...servername });
    this.client = client;
    this.current = config;
    const ha = config.homeAssistant;
    // Home Assistant announces itself (a restart) on <prefix>/status: the discovery goes again.
    client.on('message', (topic, payload) => {
      if (ha.enable === 1 && topic === statusTopic(ha.prefix) && payload.toString() === 'online')
        void this.announce(client, config)
          .then(() => this.publish(client, config))
          .catch((e: unknown) => this.publishFailed(e));
    });
    const url = brokerUrl(g, ssl);
    this.syslog(
      'info',
      `connecting to ${url} (MQTT ${g.protocolVersion === 5 ? '5' : '3.1.1'}, client id ${g.ClientId}${config.userCredential.userName ? `, user ${config.userCredential.userName}` : ''})`,
    );
    let up = false;
    client.on('connect', () => {
      client.options.reconnectPeriod = FIRST_RETRY_MS;
      up = true;
      this.d.log?.(`MQTT connected to ${url}`);
      this.syslog('info', `connected to ${url}`);
      const subscribed = ha.enable === 1 ? client.subscribeAsync(statusTopic(ha.prefix), { qos: 1 }).then(() => undefined) : Promise.resolve();
      void subscribed
        .then(() => this.announce(client, config))
        .then(() => this.publish(client, config))
        .catch((e: unknown) => this.publishFailed(e));
    });
    client.on('close', () => {
      // Each failed attempt waits twice as long as the one before, up to a minute.
      client.options.reconnectPeriod = Math.min((client.options.reconnectPeriod ?? FIRST_RETRY_MS) * 2, MAX_RETRY_MS);
      if (up) this.syslog('info', `disconnected from ${url}`);
      up = false;
      if (this.syslog.debugOn()) this.syslog('debug', `next attempt in ${client.options.reconnectPeriod / 1000} s`);
    });
    // Errors surface as a Disconnected status; the client retries by itself.
    client.on('error', (e) => this.syslog('warning', `connection to ${url} failed: ${e.message}`));
    this.timer = setInterval(
      () => {
        if (client.connected) void this.publish(client, config).catch((e: unknown) => this.publishFailed(e));
      },
      mqttIntervalSeconds(config.topic.interval) * 1000,
    );
    this.timer.unref();
  }

  private publish(client: MqttClient, config: MqttConfig): Promise<void> {
    const payload = buildPayload(this.d.meter, config.topic, config.mqttGenaral.facilityId, this.d.now());
    const qos = config.topic.qos as 0 | 1 | 2;
    const v5 = config.mqttGenaral.protocolVersion === 5;
    const body = JSON.stringify(payload);
    const publishing = client.publishAsync(config.topic.topic, body, {
      qos,
      retain: config.topic.isRetained === 1,
      properties: v5 ? JSON_PROPERTIES : undefined,
    });
    return withTimeout(
      publishing.then(() => {
        if (this.syslog.debugOn()) this.syslog('debug', `published ${body.length} bytes to ${config.topic.topic} (QoS ${qos})`);
      }),
      PUBLISH_TIMEOUT_MS,
      'no acknowledgement from the broker',
    );
  }

  private publishFailed(e: unknown): void {
    this.syslog('warning', `publish failed: ${e instanceof Error ? e.message : String(e)}`);
  }

  private async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const client = this.client;
    const config = this.current;
    this.client = undefined;
    this.current = undefined;
    if (!client) return;
    this.syslog('info', 'MQTT client stopped');
    // A DISCONNECT does not fire the will: Home Assistant is told offline by the module itself.
    if (config?.homeAssistant.enable === 1 && config.lastWill.lastWillEnable === 1 && client.connected) {
      const offline = JSON.stringify({ facilityId: config.mqttGenaral.facilityId, status: AVAILABILITY.offline });
      await withTimeout(
        client.publishAsync(config.lastWill.topic, offline, { qos: config.lastWill.qos as 0 | 1 | 2, retain: config.lastWill.isRetained === 1 }),
        CLOSE_TIMEOUT_MS,
        'close',
      ).catch(() => {});
    }
    // A polite DISCONNECT when connected; otherwise (or if the broker is slow) the socket is dropped.
    await withTimeout(client.endAsync(!client.connected), CLOSE_TIMEOUT_MS, 'close').catch(() => client.end(true));
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
