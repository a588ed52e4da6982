/**
 * Data logger settings in the shape of 002 §3.4 (dataLog1..3), stored under the key the data log
 * settings screen will read and save (settings/communication/dataLogConfig), plus the AcuCloud
 * logger's own section. Until the first save these defaults apply (decided, see
 * docs/decisions/logs-event-alarm-and-data-logs.md): logger 1 on, real-time V/I/P/PF/F every 15 minutes into a CSV file per day.
 */
import { ACUCLOUD_CHANNEL, acuCloudSection, REALTIME_MASK_BITS as B } from '@meter/contract';
import { KV_SECTION_PREFIX } from '../sections/section-backend.ts';
import type { KeyValueStore } from '../../store/db.ts';

export interface DataLoggerConfig {
  enable: boolean;
  postChannel: number[];
  realTimeMask: number;
  energyMask: number;
  demandMask: number;
  powerQualityMask: number;
  ioMask: number;
  isInstValueOn: boolean;
  isMinValueOn: boolean;
  isMaxValueOn: boolean;
  isAvgValueOn: boolean;
  /** 0 local time string, 1 UTC seconds, 2 ISO 8601 (002 §9.3). */
  timeStampFormat: 0 | 1 | 2;
  logFileNameFormat: 0 | 1;
  /** 0 csv, 1 json (one object per line). */
  logFormat: 0 | 1;
  facilityId: string;
  /** A log interval code (001 §9). */
  logInterval: number;
  logFileLength: number;
  logFileNamePrefix: string;
  /** 1 day, 7 days or 1 month, as log interval codes (7, 9, 10). */
  localLogFileLength: number;
  localLogFileNamePrefix: string;
}

export type DataLogSettings = Record<'dataLog1' | 'dataLog2' | 'dataLog3', DataLoggerConfig>;

export const DATA_LOG_SETTINGS_KEY = 'settings.dataLogConfig';
export const ACUCLOUD_LOGGER_KEY = 'settings.acuCloudLogger';

/** Voltage (L-N), current, active power, power factor and frequency. */
export const DEFAULT_REALTIME_MASK = B.vln | B.current | B.activePower | B.powerFactor | B.frequency;
const FIVE_MINUTES = 0;
const FIFTEEN_MINUTES = 2;
/** The AcuCloud section's document (services/acucloud): its enable switches the cloud logger. */
const ACUCLOUD_SECTION_KEY = KV_SECTION_PREFIX + acuCloudSection.key;
const ONE_DAY = 7;

export function defaultLogger(prefix: string, enable: boolean): DataLoggerConfig {
  return {
    enable,
    postChannel: [],
    realTimeMask: DEFAULT_REALTIME_MASK,
    energyMask: 0,
    demandMask: 0,
    powerQualityMask: 0,
    ioMask: 0,
    isInstValueOn: true,
    isMinValueOn: false,
    isMaxValueOn: false,
    isAvgValueOn: false,
    // ISO 8601 with the offset: unambiguous across a DST change, unlike a local time string.
    timeStampFormat: 2,
    logFileNameFormat: 0,
    logFormat: 0,
    facilityId: '',
    logInterval: FIFTEEN_MINUTES,
    logFileLength: ONE_DAY,
    logFileNamePrefix: prefix,
    localLogFileLength: ONE_DAY,
    localLogFileNamePrefix: prefix,
  };
}

/**
 * The cloud logger (decided, docs/decisions/communication-acucloud.md "AcuCloud"): on while AcuCloud is enabled; V, I,
 * P, PF, F and the three energies every 5 minutes, UTC seconds, one JSON object per line, a
 * post file per 15 minutes.
 */
export function acuCloudLogger(): DataLoggerConfig {
  return { ...defaultLogger('acucloud', false), energyMask: 7, timeStampFormat: 1, logFormat: 1, logInterval: FIVE_MINUTES, logFileLength: FIFTEEN_MINUTES };
}

export const defaultSettings = (): DataLogSettings => ({
  dataLog1: defaultLogger('datalog1', true),
  dataLog2: defaultLogger('datalog2', false),
  dataLog3: defaultLogger('datalog3', false),
});

/** The live settings of one logger (read on every tick, so a saved change applies at once). */
export function loggerConfig(kv: KeyValueStore, id: string): DataLoggerConfig {
  if (id === 'ac')
    return { ...kv.getOrInit(ACUCLOUD_LOGGER_KEY, acuCloudLogger), enable: kv.get<{ enable?: unknown }>(ACUCLOUD_SECTION_KEY)?.enable === true, postChannel: [ACUCLOUD_CHANNEL] };
  const all = kv.getOrInit(DATA_LOG_SETTINGS_KEY, defaultSettings);
  return all[`dataLog${id}` as keyof DataLogSettings];
}
