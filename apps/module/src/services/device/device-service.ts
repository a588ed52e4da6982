/**
 * The device's identity and state: what the meter and the module report about themselves.
 * Identity is made once per data folder from the seed (serial number, MAC addresses) and kept.
 */
import { CHANNEL_COUNT, DEFAULT_WIRING_TYPE, type DeviceInfo, type HomePageInfo, wiringKindOf, wiringValueOf } from '@meter/contract';
import { createHash } from 'node:crypto';
import { statfsSync } from 'node:fs';
import type { ModuleContext } from '../../context.ts';
import type { MeterConfig } from '../../meter/reading-source.ts';

export interface DeviceIdentity {
  meterModel: string;
  meterHardwareVersion: string;
  meterFirmwareVersion: string;
  meterReleaseDate: string;
  meterSerialNumber: string;
  displayModel: string;
  displayHardwareVersion: string;
  displayFirmwareVersion: string;
  displayReleaseDate: string;
  moduleModel: string;
  moduleHardwareVersion: string;
  moduleFirmwareVersion: string;
  moduleEth0MacAddress: string;
  moduleEth1MacAddress: string;
  moduleWlan0MacAddress: string;
}

export interface DeviceState {
  systemMode: number;
  deviceDescription: string;
  timeZone: string;
  meterAddress: number;
  /** The wiring value as the meter reports it (its meaning depends on mcStatus, contract wiringKindOf). */
  wiringType: number;
  ratedVoltage: number;
  ctFullScale: number[];
  /** 0/1 as the meter reports them. */
  sealStatus: number;
  mcStatus: number;
  demandVerified: number;
  pulseVerified: number;
  userNames: { channel: number; userName: string }[];
  diNames: string[];
}

const KV_RUN_TIME_RESET = 'device.runTimeResetAt';

/** System modes: 0 normal, 2 emergency (000 §4). */
export const SYSTEM_MODE_NORMAL = 0;

function mac(seed: string, n: number): string {
  const h = createHash('sha256').update(`${seed}:${n}`).digest();
  // Locally administered unicast prefix, so simulated addresses never collide with real vendors.
  const bytes = [0x02, h[0]!, h[1]!, h[2]!, h[3]!, h[4]!];
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

function makeIdentity(seed: number): DeviceIdentity {
  const h = createHash('sha256').update(String(seed)).digest('hex');
  const serial = `AR${h.slice(0, 8).toUpperCase()}`;
  return {
    meterModel: 'AcuRev 2100-mV-18',
    meterHardwareVersion: '1.2',
    meterFirmwareVersion: '1.16',
    meterReleaseDate: '2026-03-18',
    meterSerialNumber: serial,
    displayModel: 'AcuRev 2100 Display',
    displayHardwareVersion: '1.0',
    displayFirmwareVersion: '1.05',
    displayReleaseDate: '2025-11-02',
    moduleModel: 'AXM-WEB2',
    moduleHardwareVersion: '2.1',
    moduleFirmwareVersion: '3.4.0',
    moduleEth0MacAddress: mac(serial, 0),
    moduleEth1MacAddress: mac(serial, 1),
    moduleWlan0MacAddress: mac(serial, 2),
  };
}

/** The state of a first start on an empty data folder (and after a factory reset, but for the meter's seal and verification flags). */
export function defaultState(): DeviceState {
  return {
    systemMode: SYSTEM_MODE_NORMAL,
    deviceDescription: 'Main Electrical Room',
    timeZone: 'America/New_York',
    meterAddress: 1,
    wiringType: DEFAULT_WIRING_TYPE,
    ratedVoltage: 120,
    ctFullScale: Array.from({ length: CHANNEL_COUNT }, () => 100),
    sealStatus: 0,
    mcStatus: 1,
    demandVerified: 1,
    pulseVerified: 1,
    userNames: Array.from({ length: CHANNEL_COUNT }, (_, i) => ({ channel: i + 1, userName: '' })),
    diNames: Array.from({ length: CHANNEL_COUNT }, (_, i) => `DI${i + 1}`),
  };
}

export class DeviceService {
  private readonly bootTime: number;
  constructor(private readonly ctx: ModuleContext) {
    this.bootTime = ctx.now();
    this.identity();
    this.state();
  }

  identity(): DeviceIdentity {
    return this.ctx.kv.getOrInit('device.identity', () => makeIdentity(this.ctx.config.seed));
  }

  state(): DeviceState {
    return this.ctx.kv.getOrInit('device.state', defaultState);
  }

  updateState(patch: Partial<DeviceState>): DeviceState {
    const next = { ...this.state(), ...patch };
    this.ctx.kv.set('device.state', next);
    return next;
  }

  meterConfig(): MeterConfig {
    const s = this.state();
    return { wiringType: this.wiringCode(), ratedVoltage: s.ratedVoltage, ctFullScale: s.ctFullScale, seed: this.ctx.config.seed, timeZone: s.timeZone };
  }

  /** The meter config's wiring code (mcStatus-1 numbering) of the wiring the meter reports. */
  wiringCode(): number {
    const s = this.state();
    return wiringValueOf(wiringKindOf(s.wiringType, s.mcStatus) ?? '3LN', 1);
  }

  homePageInfo(): HomePageInfo {
    const s = this.state();
    const id = this.identity();
    return {
      currentTime: Math.floor(this.ctx.now() / 1000),
      deviceDescription: s.deviceDescription,
      meterModel: id.meterModel,
      runTime: Math.floor((this.ctx.now() - this.runTimeSince()) / 1000),
      timeZone: s.timeZone,
    };
  }

  /** The device run time counts from the start, or from its last reset (Management) when that came later. */
  private runTimeSince(): number {
    return Math.max(this.bootTime, this.ctx.kv.get<number>(KV_RUN_TIME_RESET) ?? 0);
  }

  /** Management › Device Run Time Reset: the run time reads zero and counts up again. */
  resetRunTime(): void {
    this.ctx.kv.set(KV_RUN_TIME_RESET, this.ctx.now());
  }

  deviceInfo(): DeviceInfo {
    const s = this.state();
    const id = this.identity();
    return {
      meterModel: id.meterModel,
      meterHardwareVersion: id.meterHardwareVersion,
      meterFirmwareVersion: id.meterFirmwareVersion,
      meterReleaseDate: id.meterReleaseDate,
      meterSerialNumber: id.meterSerialNumber,
      meterSealStatus: s.sealStatus,
      meterAddress: s.meterAddress,
      deviceDescription: s.deviceDescription,
      displayModel: id.displayModel,
      displayHardwareVersion: id.displayHardwareVersion,
      displayFirmwareVersion: id.displayFirmwareVersion,
      displayReleaseDate: id.displayReleaseDate,
      moduleHardwareVersion: id.moduleHardwareVersion,
      moduleFirmwareVersion: id.moduleFirmwareVersion,
      moduleEth0MacAddress: id.moduleEth0MacAddress,
      moduleEth1MacAddress: id.moduleEth1MacAddress,
      moduleWlan0MacAddress: id.moduleWlan0MacAddress,
      demmandVerified: s.demandVerified,
      pulseVerified: s.pulseVerified,
    };
  }

  /**
   * The storage the module keeps its data on: the real file system of the data folder.
   * diskStatus is the percentage of it still free (the console calls the storage healthy above 10).
   */
  storage(): { totalBytes: number; usedBytes: number; freePercent: number } {
    const st = statfsSync(this.ctx.config.dataDir);
    const total = st.blocks * st.bsize;
    const free = st.bavail * st.bsize;
    return { totalBytes: total, usedBytes: total - free, freePercent: total > 0 ? (free / total) * 100 : 0 };
  }
}

export function formatBytes(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${gb.toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(2)} MB`;
}
