/**
 * MQTT: the config section's backend (a JSON document in the kv table, the SSL rule that needs
 * the device's files), the uploaded files and the publisher that acts on them.
 */
import type { OutboundGuard } from '../outbound/outbound-guard.ts';
import { DEFAULT_MQTT_PROTOCOL_VERSION, HOME_ASSISTANT_DEFAULT_PREFIX, MQTT_FILES, formMessages, mqttSection, type MqttConfig } from '@meter/contract';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { KeyValueStore } from '../../store/db.ts';
import type { SubsystemLog } from '../../subsystem-log.ts';
import { badRequest } from '../../errors.ts';
import { kvSectionBackend, type SectionBackend } from '../sections/section-backend.ts';
import { MqttFiles } from './mqtt-files.ts';
import { MqttPublisher } from './mqtt-publisher.ts';
import type { DiscoveryIdentity } from './home-assistant.ts';

export { MqttFiles } from './mqtt-files.ts';
export { MqttPublisher, brokerUrl } from './mqtt-publisher.ts';

export interface MqttServiceDeps {
  /** Keeps the connections off the module's own listeners (outbound-guard.ts). */
  guard?: OutboundGuard;
  kv: KeyValueStore;
  dataDir: string;
  meter: ReadingSource;
  now: () => number;
  log?: (message: string) => void;
  /** The MQTT subsystem of the system log. */
  syslog?: SubsystemLog;
  /** Who the module is, for Home Assistant's discovery. */
  identity: () => DiscoveryIdentity;
}

export class MqttService {
  readonly files: MqttFiles;
  readonly publisher: MqttPublisher;
  readonly backend: SectionBackend<MqttConfig>;

  constructor(d: MqttServiceDeps) {
    const store = kvSectionBackend(d.kv, mqttSection);
    const read = () => withProtocolVersion(store.read());
    this.files = new MqttFiles(d.dataDir);
    this.publisher = new MqttPublisher({ meter: d.meter, files: this.files, config: read, now: d.now, log: d.log, syslog: d.syslog, identity: d.identity, guard: d.guard });
    this.backend = {
      read,
      write: (next, before, w) => {
        store.write(next, before, w);
        // After the transaction: the publisher re-reads what was committed (the old settings after a rollback).
        setImmediate(() => void this.publisher.reload());
      },
      check: (next) => this.checkFiles(next),
    };
  }

  /** 002 §5.8: with SSL on, each file is required unless the device already has one. */
  private checkFiles(next: MqttConfig): void {
    if (next.mqttSSLConfig.enableSSL !== 1) return;
    const errors: Record<string, string> = {};
    for (const [kind, def] of Object.entries(MQTT_FILES)) if (!this.files.has(kind as keyof typeof MQTT_FILES)) errors[kind] = formMessages.required(def.label);
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
  }

  /** A new upload takes effect at once when SSL is on. */
  async filesChanged(): Promise<void> {
    await this.publisher.reload();
  }

  start(): Promise<void> {
    return this.publisher.reload();
  }

  close(): Promise<void> {
    return this.publisher.close();
  }
}

/**
 * A config stored before the protocol version existed speaks 3.1.1, as it did then; one stored
 * before Home Assistant discovery existed has it off.
 */
function withProtocolVersion(c: MqttConfig): MqttConfig {
  const out = c.homeAssistant ? c : { ...c, homeAssistant: { enable: 0 as const, prefix: HOME_ASSISTANT_DEFAULT_PREFIX } };
  if (out.mqttGenaral.protocolVersion !== undefined) return out;
  return { ...out, mqttGenaral: { ...out.mqttGenaral, protocolVersion: DEFAULT_MQTT_PROTOCOL_VERSION } };
}
