/**
 * What the meter settings hold before anyone saves them. Fields that other parts of the module
 * read (description, rated voltage, address, wiring, CTs, user and DI names) live in the device
 * state; demand and the DI type/ratio in the meter's registers. The documents here keep the rest.
 */
import {
  ALARM_IDS,
  DI_CATEGORY_DEFS,
  DI_UNIT_DEFS,
  METER_EVENT_KEYS,
  NO_OPTIONAL_SEAL,
  USER_ID_KEYS,
  defaultTransformerOf,
  type AlarmConfig,
  type AlarmLimit,
  type MeterEventKey,
  type OptionalSealConfig,
} from '@meter/contract';
import { DEFAULT_DI_SETUP } from '../../meter/registers/digital-io.ts';

/** The general settings kept here (the rest is derived, see MeterSettingsService.general). */
export interface GeneralDoc {
  deviceTransformer: number;
  diTriggerCondition: number;
  diSyncSource: number;
  varCalMethod: number;
  varPfConvention: number;
  protocolSelect: number;
  meterBaud: number;
  meterParity: number;
  bacnetAddress: number;
  bacnetBaud: number;
  maxInfoFrame: number;
  bacnetId: number;
  autoCycleStartTime: number;
  autoCycleShowTime: number;
  powerDecimal: number;
  backlightTime: number;
  optionalSealConfig: OptionalSealConfig;
}

/** Modbus RTU at 19200 baud 8N1 (parity 3 'None 1'), display cycling every 10 s, 3 power decimals. */
export function defaultGeneral(meterModel: string): GeneralDoc {
  return {
    deviceTransformer: defaultTransformerOf(meterModel),
    diTriggerCondition: 0,
    diSyncSource: 1,
    varCalMethod: 0,
    varPfConvention: 0,
    protocolSelect: 0,
    meterBaud: 19200,
    meterParity: 3,
    bacnetAddress: 1,
    bacnetBaud: 38400,
    maxInfoFrame: 1,
    bacnetId: 1,
    autoCycleStartTime: 10,
    autoCycleShowTime: 10,
    powerDecimal: 3,
    backlightTime: 5,
    optionalSealConfig: { ...NO_OPTIONAL_SEAL },
  };
}

const OFF_LIMIT: AlarmLimit = { enable: false, alarmChannelType: 0, alarmChannelParam: 0, setting: 1, setPoint: 0, delay: 0, output: 0 };
export function defaultAlarm(): AlarmConfig {
  return { enable: false, ...Object.fromEntries(ALARM_IDS.map((k) => [k, { ...OFF_LIMIT }])) } as AlarmConfig;
}

/** The I/O settings kept here; DI type and ratio are the registers', names the device state's. */
export interface IoDoc {
  diCategory: number[];
  diUnit: number[];
  systemEventAlarm: Record<MeterEventKey, { enable: number; output: number }>;
  pulseConst: number;
  pulseWidth: number;
  doChannels: number[];
  ro1Type: number;
  ro2Type: number;
  ro1OutputMode: number;
  ro2OutputMode: number;
  roPulseWidth: number;
  roAlarmOutputTime: number;
}

/** The default DI wiring's categories (DI1 water, DI2 gas, DI3 hot water, DI4 a kWh sub-meter). */
const DEFAULT_CATEGORIES = ['Water', 'Gas', 'Hot Water', 'Electricity'];

export function defaultIo(): IoDoc {
  return {
    diCategory: DEFAULT_DI_SETUP.map((_, i) => Math.max(0, DI_CATEGORY_DEFS.indexOf(DEFAULT_CATEGORIES[i] ?? 'Other'))),
    diUnit: DEFAULT_DI_SETUP.map((d) => Math.max(0, DI_UNIT_DEFS.indexOf(d.unit || 'pulse'))),
    // Every event recorded; relay 1 would be driven only if set to Alarm.
    systemEventAlarm: Object.fromEntries(METER_EVENT_KEYS.map((k) => [k, { enable: 1, output: 0 }])) as IoDoc['systemEventAlarm'],
    pulseConst: 1000,
    pulseWidth: 80,
    doChannels: [0, 0, 0, 0, 0, 0],
    ro1Type: 0,
    ro2Type: 0,
    ro1OutputMode: 0,
    ro2OutputMode: 0,
    roPulseWidth: 500,
    roAlarmOutputTime: 1000,
  };
}

/** The User and CT settings kept here: each user's LCD display switch. */
export interface UserCtDoc {
  enableDisplay: number[];
}
export const defaultUserCt = (): UserCtDoc => ({ enableDisplay: USER_ID_KEYS.map(() => 1) });
