/**
 * BACnet/IP (001 "BACnet config"): the device runs as the settings stored at start say (a save
 * asks for a reboot, 001), on MODULE_BACNET_PORT when set; the EPICS file describes it. The
 * settings themselves are the generic section store's (section.bacNetConfig).
 */
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import { bacnetSection, type BacnetConfig } from '@meter/contract';
import { createHash } from 'node:crypto';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { KeyValueStore } from '../../store/db.ts';
import { kvSectionBackend } from '../sections/section-backend.ts';
import { BacnetDevice } from './bacnet-device.ts';
import type { DeviceIdentity } from './device-objects.ts';
import { epicsFile } from './epics.ts';

/** The spec names no vendor: a placeholder BACnet vendor identifier (docs/decisions/communication-bacnet-ip.md). */
export const VENDOR_ID = 999;
export const VENDOR_NAME = 'Meter communication module';
export const EPICS_FILE_NAME = 'BACnet-EPICS.tpi';
/** The Register-Foreign-Device TTL is 16 bits of seconds. */
const MAX_TTL_SECONDS = 0xffff;
const KV_DATABASE = 'bacnet.database';

export interface BacnetServiceDeps {
  kv: KeyValueStore;
  meter: ReadingSource;
  now: () => number;
  host: string;
  envPort?: number;
  module: () => { model: string; firmware: string };
  log: (level: 'Info' | 'Error', message: string) => void;
  /** The IP whitelist: whether a datagram from this address may reach the device now. */
  allows?: (address: string) => boolean;
  /** The BACnet subsystem of the system log. */
  syslog?: SubsystemLog;
}

export class BacnetService {
  private device: BacnetDevice | undefined;
  private identityInUse: DeviceIdentity | undefined;

  constructor(private readonly d: BacnetServiceDeps) {}

  config(): BacnetConfig {
    return kvSectionBackend(this.d.kv, bacnetSection).read();
  }

  /**
   * Who the device is under a config. Database-revision counts the starts whose identity
   * (names, instance) differs from the one before, so a client knows its cached names are stale.
   */
  identity(config: BacnetConfig = this.config(), bump = false): DeviceIdentity {
    const m = this.d.module();
    const name = config.deviceName || `${m.model} ${config.deviceInstance}`;
    const base = { instance: config.deviceInstance, name, location: config.location, description: config.description };
    const key = createHash('sha256').update(JSON.stringify(base)).digest('hex');
    let db = this.d.kv.get<{ key: string; revision: number }>(KV_DATABASE) ?? { key, revision: 1 };
    if (bump && db.key !== key) db = { key, revision: db.revision + 1 };
    if (bump) this.d.kv.set(KV_DATABASE, db);
    return {
      ...base,
      vendorName: VENDOR_NAME,
      vendorId: VENDOR_ID,
      modelName: m.model,
      firmwareRevision: m.firmware,
      applicationSoftwareVersion: m.firmware,
      databaseRevision: db.revision,
    };
  }

  port(): number | undefined {
    return this.device?.port();
  }

  running(): boolean {
    return this.device !== undefined;
  }

  isRegistered(): boolean {
    return this.device?.isRegistered() ?? false;
  }

  /** The EPICS of the running device, else of the device the stored settings would start. */
  epics(): string {
    let snap: ReturnType<ReadingSource['snapshot']> | undefined;
    return epicsFile(this.identityInUse ?? this.identity(), { meter: this.d.meter, snapshot: () => (snap ??= this.d.meter.snapshot(this.d.now())) });
  }

  /** A port in use must not stop the module: the event log says why BACnet/IP is away. */
  async start(): Promise<void> {
    const config = this.config();
    const log = this.d.syslog ?? NO_SYSLOG;
    if (config.enable !== 1) {
      log('info', 'BACnet/IP disabled');
      return;
    }
    const identity = this.identity(config, true);
    const fd = config.foreignDeviceConfig;
    const port = this.d.envPort ?? config.port;
    const device = new BacnetDevice({
      host: this.d.host,
      port,
      identity,
      meter: this.d.meter,
      now: this.d.now,
      log: this.d.log,
      syslog: log,
      ...(this.d.allows ? { allows: this.d.allows } : {}),
      ...(fd.enable === 1 && fd.BBMDIP ? { foreignDevice: { address: fd.BBMDIP, port: fd.BBMDPort, ttlSeconds: Math.min(fd.TTL * 60, MAX_TTL_SECONDS) } } : {}),
    });
    try {
      await device.start();
      this.device = device;
      this.identityInUse = identity;
      log(
        'info',
        `BACnet/IP device ${identity.instance} listening on UDP ${this.d.host}:${device.port()}${fd.enable === 1 && fd.BBMDIP ? `, foreign device of the BBMD ${fd.BBMDIP}:${fd.BBMDPort}` : ''}`,
      );
    } catch (e) {
      const message = `BACnet/IP could not listen on UDP port ${port}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`;
      this.d.log('Error', message);
      log('error', message);
    }
  }

  async close(): Promise<void> {
    const device = this.device;
    this.device = undefined;
    this.identityInUse = undefined;
    await device?.close();
    if (device) (this.d.syslog ?? NO_SYSLOG)('info', 'BACnet/IP device stopped');
  }
}
