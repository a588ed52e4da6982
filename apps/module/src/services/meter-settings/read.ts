/**
 * The four settings objects as the API answers them, composed from where each value lives: the
 * device state (description, rated voltage, address, wiring, CTs, user and DI names), the meter's
 * registers (demand method and windows, DI type and ratio) and the settings documents (the rest).
 */
import {
  ALARM_IDS,
  DI_ADVANCED_OPTIONS,
  DI_CONFIG_KEYS,
  DO_CHANNEL_KEYS,
  CT_KEYS,
  USER_ID_KEYS,
  meterContextFrom,
  type AlarmConfig,
  type IoConfig,
  type MeterContext,
  type MeterSettings,
  type UserCtConfig,
} from '@meter/contract';
import type { MeterRegisters } from '../../meter/registers/meter-registers.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { MeterSettingsStore } from './store.ts';

export interface ReadDeps {
  device: DeviceService;
  registers: MeterRegisters;
  store: MeterSettingsStore;
}

export function readGeneral({ device, registers, store }: ReadDeps): MeterSettings {
  const st = device.state();
  const d = store.get('general');
  const demand = registers.demandSettings();
  return {
    deviceDescription: st.deviceDescription,
    deviceTransformer: d.deviceTransformer,
    ratedVoltage: st.ratedVoltage,
    demandMethod: demand.method,
    subInterval: demand.subInterval,
    avgIntervalWindow: demand.window,
    diTriggerCondition: d.diTriggerCondition,
    diSyncSource: d.diSyncSource,
    varCalMethod: d.varCalMethod,
    varPfConvention: d.varPfConvention,
    protocolSelect: d.protocolSelect,
    meterAddress: st.meterAddress,
    meterBaud: d.meterBaud,
    meterParity: d.meterParity,
    bacnetAddress: d.bacnetAddress,
    bacnetBaud: d.bacnetBaud,
    maxInfoFrame: d.maxInfoFrame,
    bacnetId: d.bacnetId,
    autoCycleStartTime: d.autoCycleStartTime,
    autoCycleShowTime: d.autoCycleShowTime,
    powerDecimal: d.powerDecimal,
    backlightTime: d.backlightTime,
    optionalSealConfig: { ...d.optionalSealConfig },
    // Never revealed (stored hashed); changed with command/meter/setMeterPassword.
    meterPassword: '',
    voltageWiring: st.wiringType,
  };
}

export function readAlarm({ store }: ReadDeps): AlarmConfig {
  const a = store.get('alarm');
  return { enable: a.enable, ...Object.fromEntries(ALARM_IDS.map((k) => [k, { ...a[k] }])) } as AlarmConfig;
}

export function readIo({ device, registers, store }: ReadDeps): IoConfig {
  const d = store.get('io');
  const names = device.state().diNames;
  const dis = registers.digitalInputs();
  return {
    ...Object.fromEntries(
      DI_CONFIG_KEYS.map((k, i) => [k, { type: dis[i]!.setup.type, name: names[i] ?? '', category: d.diCategory[i]!, unit: d.diUnit[i]!, ratio: dis[i]!.setup.ratio }]),
    ),
    diAdvancedOptions: { categoryDef: [...DI_ADVANCED_OPTIONS.categoryDef], unitDef: [...DI_ADVANCED_OPTIONS.unitDef] },
    systemEventAlarm: structuredClone(d.systemEventAlarm),
    pulseConst: d.pulseConst,
    pulseWidth: d.pulseWidth,
    ...Object.fromEntries(DO_CHANNEL_KEYS.map((k, i) => [k, d.doChannels[i]!])),
    ro1Type: d.ro1Type,
    ro2Type: d.ro2Type,
    ro1OutputMode: d.ro1OutputMode,
    ro2OutputMode: d.ro2OutputMode,
    roPulseWidth: d.roPulseWidth,
    roAlarmOutputTime: d.roAlarmOutputTime,
  } as IoConfig;
}

export function readUserCt({ device, store }: ReadDeps): UserCtConfig {
  const st = device.state();
  const d = store.get('userCt');
  return {
    ...Object.fromEntries(CT_KEYS.map((k, i) => [k, st.ctFullScale[i]!])),
    connectionType: st.wiringType,
    ...Object.fromEntries(USER_ID_KEYS.map((k, i) => [k, { userName: st.userNames[i]!.userName, channel: st.userNames[i]!.channel, enableDisplay: d.enableDisplay[i]! }])),
  } as UserCtConfig;
}

/**
 * The device context the option lists and schemas are built from, as the device stands now:
 * built by the contract's `meterContextFrom` from the same replies the console reads, so the
 * form and the module validate against one context.
 */
export function readContext(d: ReadDeps): MeterContext {
  return meterContextFrom({ deviceInfo: d.device.deviceInfo(), mcStatus: d.device.state().mcStatus, meterSettings: readGeneral(d) });
}
