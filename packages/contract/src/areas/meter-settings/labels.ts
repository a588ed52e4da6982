/**
 * Field labels of the meter settings forms, in the spec's words (001 §2, §3, §5). Validation
 * messages start with them ("Rated Voltage must be between 10 and 400"), so the console's form
 * labels should be these same strings.
 */
import { dateTimeTexts } from '../../messages.ts';
import { meterEventTexts, type MeterEventKey } from '../logs/texts.ts';
import { PASSWORD_FIELD_NAMES, PULSE_CONSTANT_NAME } from '../../options/shared-texts.ts';

export const GENERAL_LABELS = {
  deviceDescription: 'Device Description',
  deviceTransformer: 'Device Transformer',
  ratedVoltage: 'Rated Voltage',
  demandMethod: 'Demand Method',
  subInterval: 'Sub-interval',
  avgIntervalWindow: 'Average Interval Window',
  diTriggerCondition: 'DI Trigger',
  diSyncSource: 'Sync Source',
  varCalMethod: 'VAR Calculation Method',
  varPfConvention: 'VAR/PF Convention',
  protocolSelect: 'Protocol',
  meterAddress: 'Meter Address',
  meterBaud: 'Baud',
  meterParity: 'Parity',
  bacnetAddress: 'BACnet Address',
  bacnetBaud: 'BACnet Baud',
  maxInfoFrame: 'Max Info Frame',
  bacnetId: 'BACnet ID',
  autoCycleStartTime: 'Auto Cycle Start Time',
  autoCycleShowTime: 'Auto Cycle Show Time',
  powerDecimal: 'Power Decimal',
  backlightTime: 'Backlight Time',
  meterPassword: 'Meter Password',
  optionalSealConfig: 'Optional Seal Configuration',
  voltageWiring: 'Voltage Wiring',
} as const;

export const OPTIONAL_SEAL_LABELS = {
  deviceRunTime: 'Device Run Time',
  deviceClock: dateTimeTexts.deviceClock,
  touRelated: 'TOU Related',
  commuParam: 'Communication Parameters',
  networkParam: 'Network Parameters',
  roRelated: 'RO Related',
} as const;

export const ALARM_LABELS = {
  enable: 'Alarm',
  row: (n: number) => `Alarm #${n}`,
  alarmChannelType: (n: number) => `Alarm #${n} Channel Type`,
  alarmChannelParam: (n: number) => `Alarm #${n} Parameter`,
  setting: (n: number) => `Alarm #${n} Setting`,
  setPoint: (n: number) => `Alarm #${n} Setpoint`,
  delay: (n: number) => `Alarm #${n} Delay`,
  output: (n: number) => `Alarm #${n} Output`,
} as const;

export const IO_LABELS = {
  diType: (n: number) => `DI${n} Type`,
  diName: (n: number) => `DI${n} Name`,
  diCategory: (n: number) => `DI${n} Category`,
  diUnit: (n: number) => `DI${n} Unit`,
  diRatio: (n: number) => `DI${n} Ratio`,
  diAdvancedOptions: 'DI Advanced Options',
  systemEventEnable: (key: MeterEventKey) => `${meterEventTexts[key]} Enable`,
  systemEventOutput: (key: MeterEventKey) => `${meterEventTexts[key]} Output`,
  pulseConst: PULSE_CONSTANT_NAME,
  pulseWidth: 'Pulse Width',
  doChannel: (n: number) => `DO${n} Channel`,
  roType: (n: number) => `RO${n} Type`,
  roOutputMode: (n: number) => `RO${n} Output Mode`,
  roPulseWidth: 'RO Pulse Width',
  roAlarmOutputTime: 'RO Alarm Output Time',
} as const;

export const USER_CT_LABELS = {
  /** CT0..CT17 belong to input channels 1..18. */
  ct: (index: number) => `Input Channel ${index + 1} CT`,
  connectionType: 'Wiring of Three Phase User',
  userName: (n: number) => `User ${n} Name`,
  channel: (n: number) => `User ${n} Channel`,
  enableDisplay: (n: number) => `User ${n} Display`,
} as const;

export const METER_PASSWORD_LABELS = {
  currentPassword: PASSWORD_FIELD_NAMES.current,
  newPassword: 'New Password',
  repeatPassword: PASSWORD_FIELD_NAMES.repeat,
} as const;
