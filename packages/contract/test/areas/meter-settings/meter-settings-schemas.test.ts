/** The meter settings schema factories (001 §5): every rule with its exact message. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { z } from 'zod';
import {
  DEFAULT_METER_CONTEXT,
  DI_ADVANCED_OPTIONS,
  METER_EVENT_KEYS,
  NO_OPTIONAL_SEAL,
  alarmConfigSchema,
  ioConfigSchema,
  meterPasswordSchema,
  meterSettingsSchema,
  setMeterPasswordBody,
  userCtConfigSchema,
  type MeterContext,
} from '../../../src/index.ts';

const ctx = (patch: Partial<MeterContext> = {}): MeterContext => ({ ...DEFAULT_METER_CONTEXT, meterModel: 'AcuRev 2100-mV-18', meterFirmwareVersion: '1.16', ...patch });
const SEALED = ctx({ sealed: true });

function first(schema: z.ZodType, input: unknown): { message: string; path: string } {
  const r = schema.safeParse(input);
  assert.equal(r.success, false, `expected refusal of ${JSON.stringify(input).slice(0, 200)}`);
  const i = r.error!.issues[0]!;
  return { message: i.message, path: i.path.join('.') };
}
const refuses = (schema: z.ZodType, input: unknown, message: string, path?: string) => {
  const got = first(schema, input);
  assert.equal(got.message, message);
  if (path !== undefined) assert.equal(got.path, path);
};
function accepts(schema: z.ZodType, input: unknown): void {
  const r = schema.safeParse(input);
  assert.ok(r.success, `expected to pass: ${r.success ? '' : JSON.stringify(r.error.issues.slice(0, 2))}`);
}

// ---- General -------------------------------------------------------------------------------------

const general = () => ({
  deviceDescription: 'Main Electrical Room',
  deviceTransformer: 333,
  ratedVoltage: 120,
  demandMethod: 1,
  subInterval: 1,
  avgIntervalWindow: 15,
  diTriggerCondition: 0,
  diSyncSource: 1,
  varCalMethod: 0,
  varPfConvention: 0,
  protocolSelect: 0,
  meterAddress: 1,
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
  meterPassword: '',
  voltageWiring: 1,
});
const g = (patch: Record<string, unknown>) => ({ ...general(), ...patch });

describe('meterSettingsSchema', () => {
  const s = meterSettingsSchema(ctx());
  test('the device values pass; meterPassword and voltageWiring may be left out', () => {
    accepts(s, general());
    const { meterPassword: _p, voltageWiring: _v, ...rest } = general();
    accepts(s, rest);
  });
  test('deviceDescription at most 30 characters', () => {
    accepts(s, g({ deviceDescription: 'x'.repeat(30) }));
    refuses(s, g({ deviceDescription: 'x'.repeat(31) }), 'Device Description cannot exceed 30 characters', 'deviceDescription');
  });
  test('deviceTransformer required integer of the model, skipped when sealed', () => {
    refuses(s, g({ deviceTransformer: undefined }), 'Please provide Device Transformer');
    refuses(s, g({ deviceTransformer: 333.5 }), 'Device Transformer must be an integer');
    refuses(s, g({ deviceTransformer: 80 }), 'Device Transformer must be one of the listed options');
    accepts(s, g({ deviceTransformer: 120 }));
    accepts(meterSettingsSchema(ctx({ meterModel: 'AcuRev 2100-mA-18' })), g({ deviceTransformer: 80 }));
    accepts(meterSettingsSchema(ctx({ meterModel: 'AcuRev 2100' })), g({ deviceTransformer: 7 }));
    accepts(meterSettingsSchema(SEALED), g({ deviceTransformer: 'anything' }));
  });
  test('ratedVoltage integer 10 to 400', () => {
    refuses(s, g({ ratedVoltage: 9 }), 'Rated Voltage must be between 10 and 400');
    refuses(s, g({ ratedVoltage: 401 }), 'Rated Voltage must be between 10 and 400');
    refuses(s, g({ ratedVoltage: 120.5 }), 'Rated Voltage must be an integer');
    refuses(s, g({ ratedVoltage: '120' }), 'Rated Voltage must be an integer');
    accepts(s, g({ ratedVoltage: 10 }));
    accepts(s, g({ ratedVoltage: 400 }));
  });
  test('subInterval and avgIntervalWindow integer 1 to 30', () => {
    refuses(s, g({ subInterval: 0 }), 'Sub-interval must be between 1 and 30');
    refuses(s, g({ subInterval: 31 }), 'Sub-interval must be between 1 and 30');
    refuses(s, g({ avgIntervalWindow: 31 }), 'Average Interval Window must be between 1 and 30');
    refuses(s, g({ avgIntervalWindow: 1.5 }), 'Average Interval Window must be an integer');
  });
  test('meterAddress 1-247, bacnetAddress 0-127, maxInfoFrame 1-255', () => {
    refuses(s, g({ meterAddress: 0 }), 'Meter Address must be between 1 and 247');
    refuses(s, g({ meterAddress: 248 }), 'Meter Address must be between 1 and 247');
    refuses(s, g({ bacnetAddress: 128 }), 'BACnet Address must be between 0 and 127');
    accepts(s, g({ bacnetAddress: 0 }));
    refuses(s, g({ maxInfoFrame: 0 }), 'Max Info Frame must be between 1 and 255');
    refuses(s, g({ maxInfoFrame: 256 }), 'Max Info Frame must be between 1 and 255');
  });
  test('bacnetId 1-4194303, shown for BACnet only and range-checked under Modbus RTU too (issue 28)', () => {
    refuses(s, g({ bacnetId: 0 }), 'BACnet ID must be between 1 and 4194303', 'bacnetId');
    refuses(s, g({ bacnetId: 99999999 }), 'BACnet ID must be between 1 and 4194303', 'bacnetId');
    refuses(s, g({ protocolSelect: 2, bacnetId: 0 }), 'BACnet ID must be between 1 and 4194303', 'bacnetId');
    refuses(s, g({ protocolSelect: 2, bacnetId: 4194304 }), 'BACnet ID must be between 1 and 4194303');
    accepts(s, g({ protocolSelect: 2, bacnetId: 4194303 }));
    refuses(s, g({ bacnetId: 1.5 }), 'BACnet ID must be an integer');
  });
  test('display: auto cycle start 1-60, show 5-100, power decimal 3-4, backlight 0-60', () => {
    refuses(s, g({ autoCycleStartTime: 61 }), 'Auto Cycle Start Time must be between 1 and 60');
    refuses(s, g({ autoCycleStartTime: 0 }), 'Auto Cycle Start Time must be between 1 and 60');
    refuses(s, g({ autoCycleShowTime: 4 }), 'Auto Cycle Show Time must be between 5 and 100');
    refuses(s, g({ autoCycleShowTime: 101 }), 'Auto Cycle Show Time must be between 5 and 100');
    refuses(s, g({ powerDecimal: 5 }), 'Power Decimal must be between 3 and 4');
    refuses(s, g({ powerDecimal: 2 }), 'Power Decimal must be between 3 and 4');
    refuses(s, g({ backlightTime: 61 }), 'Backlight Time must be between 0 and 60');
    accepts(s, g({ backlightTime: 0 }));
  });
  test('required selects: demand method, DI trigger, sync source, VAR method and convention, baud, parity, protocol', () => {
    const cases: Array<[string, string]> = [
      ['demandMethod', 'Demand Method'],
      ['diTriggerCondition', 'DI Trigger'],
      ['diSyncSource', 'Sync Source'],
      ['varCalMethod', 'VAR Calculation Method'],
      ['varPfConvention', 'VAR/PF Convention'],
      ['meterBaud', 'Baud'],
      ['bacnetBaud', 'BACnet Baud'],
      ['meterParity', 'Parity'],
      ['protocolSelect', 'Protocol'],
    ];
    for (const [key, label] of cases) {
      refuses(s, g({ [key]: undefined }), `Please provide ${label}`, key);
      refuses(s, g({ [key]: 99 }), `${label} must be one of the listed options`, key);
    }
    refuses(s, g({ meterBaud: 115200 }), 'Baud must be one of the listed options');
    accepts(s, g({ meterBaud: 11520 }));
    refuses(s, g({ demandMethod: 3 }), 'Demand Method must be one of the listed options');
    accepts(meterSettingsSchema(ctx({ demandMethod: 3 })), g({ demandMethod: 3 }));
    refuses(meterSettingsSchema(ctx({ meterFirmwareVersion: '1.13' })), g({ protocolSelect: 2 }), 'Protocol must be one of the listed options');
  });
  test('seal-protected fields are not validated when sealed; the others still are', () => {
    const sealed = meterSettingsSchema(SEALED);
    accepts(sealed, g({ demandMethod: 99, subInterval: 0, varCalMethod: 'x', optionalSealConfig: null }));
    refuses(sealed, g({ ratedVoltage: 9 }), 'Rated Voltage must be between 10 and 400');
    refuses(sealed, g({ meterAddress: 0 }), 'Meter Address must be between 1 and 247');
    const rs485 = meterSettingsSchema(ctx({ sealed: true, optionalSeal: { ...NO_OPTIONAL_SEAL, commuParam: 1 } }));
    accepts(rs485, g({ meterAddress: 0, protocolSelect: 2, bacnetId: 0 }));
  });
  test('voltageWiring and meterPassword are read-only here; unknown fields are refused', () => {
    refuses(s, g({ voltageWiring: 0 }), 'Voltage Wiring is read-only', 'voltageWiring');
    refuses(s, g({ meterPassword: '1234' }), 'Meter Password is read-only', 'meterPassword');
    refuses(s, g({ optionalSealConfig: { ...NO_OPTIONAL_SEAL, roRelated: 2 } }), 'RO Related must be one of the listed options');
    refuses(s, g({ foo: 1 }), 'Unknown field foo');
  });
});

// ---- Alarm ---------------------------------------------------------------------------------------

const limit = (patch: Record<string, unknown> = {}) => ({ enable: true, alarmChannelType: 0, alarmChannelParam: 1, setting: 1, setPoint: 110, delay: 1000, output: 1, ...patch });
const off = { enable: false, alarmChannelType: 0, alarmChannelParam: 0, setting: 1, setPoint: 0, delay: 0, output: 0 };
const alarm = (row1: Record<string, unknown> = limit(), enable: unknown = true) => ({
  enable,
  alarmId1: row1,
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`alarmId${i + 2}`, { ...off }])),
});

describe('alarmConfigSchema', () => {
  const s = alarmConfigSchema(ctx());
  test('an enabled limit passes', () => accepts(s, alarm()));
  test('delay integer 0 to 30000 ms while enabled', () => {
    refuses(s, alarm(limit({ delay: 30001 })), 'Alarm #1 Delay must be between 0 and 30000', 'alarmId1.delay');
    refuses(s, alarm(limit({ delay: -1 })), 'Alarm #1 Delay must be between 0 and 30000');
    refuses(s, alarm(limit({ delay: 1.5 })), 'Alarm #1 Delay must be an integer');
    accepts(s, alarm(limit({ delay: 0 })));
    accepts(s, alarm(limit({ delay: 30000 })));
  });
  test('a disabled limit, or any with the alarm off, keeps integers and a delay in range, not listed choices', () => {
    accepts(s, alarm(limit({ enable: false, alarmChannelType: 9, output: 7 })));
    accepts(s, alarm(limit({ alarmChannelParam: 99 }), false));
    refuses(s, alarm(limit({ enable: false, delay: 99999 })), 'Alarm #1 Delay must be between 0 and 30000', 'alarmId1.delay');
    refuses(s, alarm(limit({ delay: 99999 }), false), 'Alarm #1 Delay must be between 0 and 30000', 'alarmId1.delay');
    refuses(s, alarm(limit({ enable: false, setPoint: 1e308 })), 'Alarm #1 Setpoint must be an integer', 'alarmId1.setPoint');
    refuses(s, alarm(limit({ enable: false, delay: 'x' })), 'Alarm #1 Delay must be a decimal');
  });
  test('other fields integers from their lists', () => {
    refuses(s, alarm(limit({ alarmChannelType: 5 })), 'Alarm #1 Channel Type must be one of the listed options', 'alarmId1.alarmChannelType');
    refuses(s, alarm(limit({ alarmChannelType: 0.5 })), 'Alarm #1 Channel Type must be an integer');
    refuses(s, alarm(limit({ alarmChannelParam: 29 })), 'Alarm #1 Parameter must be one of the listed options');
    refuses(s, alarm(limit({ alarmChannelParam: 2.5 })), 'Alarm #1 Parameter must be an integer');
    refuses(s, alarm(limit({ setting: 4 })), 'Alarm #1 Setting must be one of the listed options');
    refuses(s, alarm(limit({ setPoint: 110.5 })), 'Alarm #1 Setpoint must be an integer');
    refuses(s, alarm(limit({ output: 3 })), 'Alarm #1 Output must be one of the listed options');
  });
  test("a Digital Input takes '=' and ON/OFF", () => {
    accepts(s, alarm(limit({ alarmChannelType: 4, alarmChannelParam: 17, setting: 2, setPoint: 1 })));
    refuses(s, alarm(limit({ alarmChannelType: 4, setting: 1, setPoint: 1 })), 'Alarm #1 Setting must be one of the listed options');
    refuses(s, alarm(limit({ alarmChannelType: 4, setting: 2, setPoint: 2 })), 'Alarm #1 Setpoint must be one of the listed options');
    refuses(s, alarm(limit({ alarmChannelType: 4, alarmChannelParam: 18, setting: 2, setPoint: 1 })), 'Alarm #1 Parameter must be one of the listed options');
  });
  test('demand types only when demand is verified; user channels by wiring', () => {
    accepts(s, alarm(limit({ alarmChannelType: 2, alarmChannelParam: 29 })));
    refuses(alarmConfigSchema(ctx({ demandVerified: false })), alarm(limit({ alarmChannelType: 2 })), 'Alarm #1 Channel Type must be one of the listed options');
    // CH207 Current (value 120) exists under Network only.
    refuses(s, alarm(limit({ alarmChannelType: 1, alarmChannelParam: 120 })), 'Alarm #1 Parameter must be one of the listed options');
    accepts(alarmConfigSchema(ctx({ wiringType: 4 })), alarm(limit({ alarmChannelType: 1, alarmChannelParam: 120 })));
  });
  test('the RO seal leaves the alarm enable unchecked', () => {
    refuses(s, alarm(limit(), 'yes'), 'Alarm must be true or false');
    accepts(alarmConfigSchema(ctx({ sealed: true, optionalSeal: { ...NO_OPTIONAL_SEAL, roRelated: 1 } })), alarm(limit(), 'yes'));
  });
});

// ---- I/O -----------------------------------------------------------------------------------------

const di = (n: number, patch: Record<string, unknown> = {}) => ({ type: n <= 4 ? 1 : 0, name: `DI${n}`, category: 0, unit: 0, ratio: 0.01, ...patch });
const io = (patch: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(Array.from({ length: 18 }, (_, i) => [`di${i + 1}Config`, di(i + 1)])),
  diAdvancedOptions: structuredClone(DI_ADVANCED_OPTIONS),
  systemEventAlarm: Object.fromEntries(METER_EVENT_KEYS.map((k) => [k, { enable: 1, output: 0 }])),
  pulseConst: 1000,
  pulseWidth: 80,
  ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`do${i + 1}Channel`, 0])),
  ro1Type: 0,
  ro2Type: 0,
  ro1OutputMode: 0,
  ro2OutputMode: 0,
  roPulseWidth: 500,
  roAlarmOutputTime: 1000,
  ...patch,
});

describe('ioConfigSchema', () => {
  const s = ioConfigSchema(ctx());
  test('the defaults pass; diAdvancedOptions may be left out but not changed', () => {
    accepts(s, io());
    const { diAdvancedOptions: _d, ...rest } = io();
    accepts(s, rest);
    refuses(s, io({ diAdvancedOptions: { categoryDef: ['Water'], unitDef: [] } }), 'DI Advanced Options is read-only');
  });
  test('pulseConst 1-60000 below firmware 1.15, 1-6000000 from it', () => {
    const old = ioConfigSchema(ctx({ meterFirmwareVersion: '1.14' }));
    refuses(old, io({ pulseConst: 60001 }), 'Pulse Constant must be between 1 and 60000');
    accepts(old, io({ pulseConst: 60000 }));
    accepts(s, io({ pulseConst: 6000000 }));
    refuses(s, io({ pulseConst: 6000001 }), 'Pulse Constant must be between 1 and 6000000');
    refuses(s, io({ pulseConst: 0 }), 'Pulse Constant must be between 1 and 6000000');
    refuses(s, io({ pulseConst: 1.5 }), 'Pulse Constant must be an integer');
  });
  test('pulse widths and the RO alarm output time', () => {
    refuses(s, io({ pulseWidth: 19 }), 'Pulse Width must be between 20 and 100');
    refuses(s, io({ pulseWidth: 101 }), 'Pulse Width must be between 20 and 100');
    refuses(s, io({ roPulseWidth: 49 }), 'RO Pulse Width must be between 50 and 3000');
    refuses(s, io({ roPulseWidth: 3001 }), 'RO Pulse Width must be between 50 and 3000');
    refuses(s, io({ roAlarmOutputTime: 0 }), 'RO Alarm Output Time must be between 1 and 60000');
    refuses(s, io({ roAlarmOutputTime: 60001 }), 'RO Alarm Output Time must be between 1 and 60000');
  });
  test('channels, RO types and modes are integers from their lists', () => {
    refuses(s, io({ do1Channel: 31 }), 'DO1 Channel must be one of the listed options');
    refuses(s, io({ do6Channel: 2.5 }), 'DO6 Channel must be an integer');
    accepts(ioConfigSchema(ctx({ wiringType: 4 })), io({ do1Channel: 33 }));
    refuses(s, io({ ro1Type: 2 }), 'RO1 Type must be one of the listed options');
    refuses(s, io({ ro2OutputMode: 0.5 }), 'RO2 Output Mode must be an integer');
    refuses(s, io({ systemEventAlarm: { ...io().systemEventAlarm, setClk: { enable: 1, output: 2 } } }), 'Meter clock set Output must be one of the listed options');
  });
  test('DI rows: type integer, name letters/digits/spaces up to 20', () => {
    refuses(s, io({ di1Config: di(1, { type: 2 }) }), 'DI1 Type must be one of the listed options', 'di1Config.type');
    refuses(s, io({ di2Config: di(2, { name: 'Gas-1' }) }), 'DI2 Name numeric, alphabet or spaces only');
    refuses(s, io({ di2Config: di(2, { name: 'x'.repeat(21) }) }), 'DI2 Name cannot exceed 20 characters');
    accepts(s, io({ di2Config: di(2, { name: 'Gas Meter 2' }) }));
  });
  test('a counter ratio is a signed decimal and not 0; a status input is not checked', () => {
    refuses(s, io({ di1Config: di(1, { ratio: 0 }) }), 'DI1 Ratio cannot be 0', 'di1Config.ratio');
    accepts(s, io({ di1Config: di(1, { ratio: -0.25 }) }));
    refuses(s, io({ di1Config: di(1, { ratio: 'x' }) }), 'DI1 Ratio must be a decimal');
    accepts(s, io({ di5Config: di(5, { ratio: 0, unit: 99 }) }));
    refuses(s, io({ di1Config: di(1, { unit: 99 }) }), 'DI1 Unit must be one of the listed options');
    refuses(s, io({ di1Config: di(1, { category: 6 }) }), 'DI1 Category must be one of the listed options');
  });
  test('nothing is checked while sealed', () => {
    accepts(ioConfigSchema(SEALED), io({ pulseConst: 0, di1Config: null, ro1Type: 'x' }));
  });
});

// ---- User and CT ---------------------------------------------------------------------------------

const userCt = (patch: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(Array.from({ length: 18 }, (_, i) => [`CT${i}`, 100])),
  connectionType: 1,
  ...Object.fromEntries(Array.from({ length: 18 }, (_, i) => [`userId${i + 1}`, { userName: '', channel: i + 1, enableDisplay: 1 }])),
  ...patch,
});
const user = (patch: Record<string, unknown>) => ({ userName: '', channel: 1, enableDisplay: 1, ...patch });

describe('userCtConfigSchema', () => {
  const s = userCtConfigSchema(ctx());
  test('each CT an integer 5-50000', () => {
    accepts(s, userCt({ CT0: 5, CT17: 50000 }));
    refuses(s, userCt({ CT0: 4 }), 'Input Channel 1 CT must be between 5 and 50000', 'CT0');
    refuses(s, userCt({ CT17: 50001 }), 'Input Channel 18 CT must be between 5 and 50000');
    refuses(s, userCt({ CT3: 100.5 }), 'Input Channel 4 CT must be an integer');
  });
  test('connectionType an integer wiring type of the firmware', () => {
    refuses(s, userCt({ connectionType: 6 }), 'Wiring of Three Phase User must be one of the listed options');
    refuses(s, userCt({ connectionType: 1.5 }), 'Wiring of Three Phase User must be an integer');
    refuses(userCtConfigSchema(ctx({ meterFirmwareVersion: '1.11' })), userCt({ connectionType: 3 }), 'Wiring of Three Phase User must be one of the listed options');
  });
  test('user name letters and digits up to 6', () => {
    accepts(s, userCt({ userId1: user({ userName: 'HVAC1' }) }));
    refuses(s, userCt({ userId1: user({ userName: 'Lights1' }) }), 'User 1 Name cannot exceed 6 characters', 'userId1.userName');
    refuses(s, userCt({ userId2: user({ userName: 'A B' }) }), 'User 2 Name must be numeric or alphabet only');
  });
  test('channel an integer offered by the wiring of the same body', () => {
    refuses(s, userCt({ userId1: user({ channel: 2.5 }) }), 'User 1 Channel must be an integer');
    refuses(s, userCt({ userId1: user({ channel: 25 }) }), 'User 1 Channel must be one of the listed options', 'userId1.channel');
    accepts(s, userCt({ connectionType: 4, userId1: user({ channel: 27 }) }));
    refuses(s, userCt({ connectionType: 0, userId1: user({ channel: 19 }) }), 'User 1 Channel must be one of the listed options');
    accepts(s, userCt({ userId1: user({ channel: 0 }) }));
    refuses(s, userCt({ userId1: user({ enableDisplay: 2 }) }), 'User 1 Display must be one of the listed options');
  });
  test('nothing is checked while sealed', () => {
    accepts(userCtConfigSchema(SEALED), userCt({ CT0: 1, connectionType: 9 }));
  });
});

// ---- Meter password ------------------------------------------------------------------------------

describe('meter password', () => {
  const form = (patch: Record<string, unknown>) => ({ currentPassword: '0000', newPassword: '1234', repeatPassword: '1234', ...patch });
  test('current, new and repeat required, integer, at most 4 digits', () => {
    accepts(meterPasswordSchema, form({}));
    refuses(meterPasswordSchema, form({ currentPassword: '' }), 'Please provide Current Password');
    refuses(meterPasswordSchema, form({ newPassword: undefined }), 'Please provide New Password');
    refuses(meterPasswordSchema, form({ repeatPassword: '' }), 'Please provide Repeat Password');
    refuses(meterPasswordSchema, form({ newPassword: '12a', repeatPassword: '12a' }), 'New Password must be an integer');
    refuses(meterPasswordSchema, form({ newPassword: '-123', repeatPassword: '-123' }), 'New Password must be contain only number 0-9');
    refuses(meterPasswordSchema, form({ newPassword: '12345', repeatPassword: '12345' }), 'New Password cannot exceed 4 characters');
  });
  test('repeat must equal new', () => {
    refuses(meterPasswordSchema, form({ repeatPassword: '1235' }), 'Passwords do not match', 'repeatPassword');
  });
  test('the call carries oldPassword and newPassword as text', () => {
    accepts(setMeterPasswordBody, { oldPassword: '0000', newPassword: '0042' });
    refuses(setMeterPasswordBody, { oldPassword: '0000', newPassword: 42 }, 'New Password must be text');
    refuses(setMeterPasswordBody, { oldPassword: '', newPassword: '1' }, 'Please provide Current Password');
  });
});
