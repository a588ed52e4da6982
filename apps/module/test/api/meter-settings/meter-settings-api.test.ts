/**
 * Meter settings calls (001 §7): settings/meter, alarmConfig, ioConfig, userCtConfig and the meter
 * password — every broken rule refused with the form's message and nothing changed, the seal,
 * permissions, the module event log, restarts.
 */
import { alarmConfigData, ioConfigData, meterSettingsData, userCtConfigData } from '@meter/contract';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { SETTINGS, type Section, getSettings, moduleEvents, putSettings, save } from '../../meter-settings-helpers.ts';
import { USER_PASSWORD } from '../../users-helpers.ts';

describe('meter settings API', () => {
  let m: TestModule;
  let token: string;
  before(async () => ({ m, admin: token } = await startModuleWithUsers()));
  after(() => m.close());
  beforeEach(() => m.services.device.updateState({ sealStatus: 0, pulseVerified: 1, demandVerified: 1 }));

  const snapshot = async () => Object.fromEntries(await Promise.all((Object.keys(SETTINGS) as Section[]).map(async (s) => [s, await getSettings(m, token, s)])));

  /** A refused PUT: 400 with the exact message as data.value, and nothing saved or logged. */
  async function refused(section: Section, change: (b: any) => void, message: string) {
    const before = await snapshot();
    const events = moduleEvents(m).length;
    const r = await putSettings(m, token, section, change);
    assert.equal(r.status, 400, `${message}: ${r.raw}`);
    assert.equal(r.body.data.value, message);
    assert.deepEqual(await snapshot(), before, `${message}: something changed`);
    assert.equal(moduleEvents(m).length, events, `${message}: logged`);
  }

  test('GETs answer the whole objects in the contract shapes', async () => {
    const general = meterSettingsData.parse(await getSettings(m, token, 'general'));
    assert.equal(general.voltageWiring, 1);
    assert.equal(general.meterPassword, '');
    assert.equal(general.ratedVoltage, 120);
    assert.equal(general.deviceTransformer, 333, "'-mV-' model: 333 mV");
    assert.equal(Object.keys(alarmConfigData.parse(await getSettings(m, token, 'alarm'))).length, 11);
    const io = ioConfigData.parse(await getSettings(m, token, 'io'));
    assert.deepEqual(io.di1Config, { type: 1, name: 'DI1', category: 0, unit: 0, ratio: 0.01 });
    assert.equal(Object.keys(io.systemEventAlarm).length, 12);
    const uc = userCtConfigData.parse(await getSettings(m, token, 'userCt'));
    assert.equal(uc.CT17, 100);
    assert.deepEqual(uc.userId18, { userName: '', channel: 18, enableDisplay: 1 });
  });

  test('general: every broken rule is 400 with the form message and changes nothing', async () => {
    const cases: Array<[(b: any) => void, string]> = [
      [(b) => (b.deviceDescription = 'x'.repeat(31)), 'Device Description cannot exceed 30 characters'],
      [(b) => delete b.deviceTransformer, 'Please provide Device Transformer'],
      [(b) => (b.deviceTransformer = 80), 'Device Transformer must be one of the listed options'],
      [(b) => (b.ratedVoltage = 9), 'Rated Voltage must be between 10 and 400'],
      [(b) => (b.ratedVoltage = 401), 'Rated Voltage must be between 10 and 400'],
      [(b) => (b.ratedVoltage = 120.5), 'Rated Voltage must be an integer'],
      [(b) => (b.subInterval = 31), 'Sub-interval must be between 1 and 30'],
      [(b) => (b.avgIntervalWindow = 0), 'Average Interval Window must be between 1 and 30'],
      [(b) => (b.meterAddress = 248), 'Meter Address must be between 1 and 247'],
      [(b) => (b.bacnetAddress = 128), 'BACnet Address must be between 0 and 127'],
      [(b) => (b.maxInfoFrame = 256), 'Max Info Frame must be between 1 and 255'],
      [(b) => ((b.protocolSelect = 2), (b.bacnetId = 0)), 'BACnet ID must be between 1 and 4194303'],
      [(b) => (b.autoCycleStartTime = 61), 'Auto Cycle Start Time must be between 1 and 60'],
      [(b) => (b.autoCycleShowTime = 4), 'Auto Cycle Show Time must be between 5 and 100'],
      [(b) => (b.powerDecimal = 5), 'Power Decimal must be between 3 and 4'],
      [(b) => (b.backlightTime = 61), 'Backlight Time must be between 0 and 60'],
      [(b) => delete b.demandMethod, 'Please provide Demand Method'],
      [(b) => (b.demandMethod = 3), 'Demand Method must be one of the listed options'],
      [(b) => (b.diTriggerCondition = 4), 'DI Trigger must be one of the listed options'],
      [(b) => (b.diSyncSource = 19), 'Sync Source must be one of the listed options'],
      [(b) => (b.varCalMethod = 2), 'VAR Calculation Method must be one of the listed options'],
      [(b) => delete b.varPfConvention, 'Please provide VAR/PF Convention'],
      [(b) => (b.meterBaud = 115200), 'Baud must be one of the listed options'],
      [(b) => (b.meterParity = 4), 'Parity must be one of the listed options'],
      [(b) => (b.protocolSelect = 1), 'Protocol must be one of the listed options'],
      [(b) => (b.voltageWiring = 0), 'Voltage Wiring is read-only'],
      [(b) => (b.meterPassword = '1234'), 'Meter Password is read-only'],
      [(b) => (b.optionalSealConfig.roRelated = 2), 'RO Related must be one of the listed options'],
      [(b) => (b.extra = 1), 'Unknown field extra'],
    ];
    for (const [change, message] of cases) await refused('general', change, message);
  });

  test('alarm: every broken rule of an enabled limit is refused', async () => {
    const enabled = (b: any) => {
      b.enable = true;
      Object.assign(b.alarmId2, { enable: true, alarmChannelType: 0, alarmChannelParam: 1, setting: 1, setPoint: 110, delay: 1000, output: 0 });
    };
    const cases: Array<[(b: any) => void, string]> = [
      [(b) => (enabled(b), (b.alarmId2.delay = 30001)), 'Alarm #2 Delay must be between 0 and 30000'],
      [(b) => (enabled(b), (b.alarmId2.delay = 10.5)), 'Alarm #2 Delay must be an integer'],
      [(b) => (enabled(b), (b.alarmId2.alarmChannelType = 5)), 'Alarm #2 Channel Type must be one of the listed options'],
      [(b) => (enabled(b), (b.alarmId2.alarmChannelParam = 29)), 'Alarm #2 Parameter must be one of the listed options'],
      [(b) => (enabled(b), (b.alarmId2.setting = 0)), 'Alarm #2 Setting must be one of the listed options'],
      [(b) => (enabled(b), (b.alarmId2.setPoint = 1.5)), 'Alarm #2 Setpoint must be an integer'],
      [(b) => (enabled(b), (b.alarmId2.output = 3)), 'Alarm #2 Output must be one of the listed options'],
      [(b) => (enabled(b), Object.assign(b.alarmId2, { alarmChannelType: 4, alarmChannelParam: 0, setting: 2, setPoint: 2 })), 'Alarm #2 Setpoint must be one of the listed options'],
      [(b) => (b.enable = 'yes'), 'Alarm must be true or false'],
    ];
    for (const [change, message] of cases) await refused('alarm', change, message);
    m.services.device.updateState({ demandVerified: 0 });
    await refused('alarm', (b) => (enabled(b), (b.alarmId2.alarmChannelType = 2)), 'Alarm #2 Channel Type must be one of the listed options');
  });

  test('I/O: every broken rule is refused', async () => {
    const cases: Array<[(b: any) => void, string]> = [
      [(b) => (b.pulseConst = 6000001), 'Pulse Constant must be between 1 and 6000000'],
      [(b) => (b.pulseConst = 0), 'Pulse Constant must be between 1 and 6000000'],
      [(b) => (b.pulseWidth = 101), 'Pulse Width must be between 20 and 100'],
      [(b) => (b.roPulseWidth = 49), 'RO Pulse Width must be between 50 and 3000'],
      [(b) => (b.roAlarmOutputTime = 60001), 'RO Alarm Output Time must be between 1 and 60000'],
      [(b) => (b.do3Channel = 31), 'DO3 Channel must be one of the listed options'],
      [(b) => (b.ro2Type = 1.5), 'RO2 Type must be an integer'],
      [(b) => (b.ro1OutputMode = 2), 'RO1 Output Mode must be one of the listed options'],
      [(b) => (b.di1Config.type = 3), 'DI1 Type must be one of the listed options'],
      [(b) => (b.di7Config.name = 'Door#7'), 'DI7 Name numeric, alphabet or spaces only'],
      [(b) => (b.di7Config.name = 'x'.repeat(21)), 'DI7 Name cannot exceed 20 characters'],
      [(b) => (b.di2Config.ratio = 0), 'DI2 Ratio cannot be 0'],
      [(b) => (b.di2Config.unit = 7), 'DI2 Unit must be one of the listed options'],
      [(b) => (b.diAdvancedOptions.unitDef = ['m³']), 'DI Advanced Options is read-only'],
      [(b) => (b.systemEventAlarm.reversePower.enable = 2), 'Reverse power detected Enable must be one of the listed options'],
    ];
    for (const [change, message] of cases) await refused('io', change, message);
  });

  test('User and CT: every broken rule is refused', async () => {
    const cases: Array<[(b: any) => void, string]> = [
      [(b) => (b.CT0 = 4), 'Input Channel 1 CT must be between 5 and 50000'],
      [(b) => (b.CT17 = 50001), 'Input Channel 18 CT must be between 5 and 50000'],
      [(b) => (b.CT5 = 60.5), 'Input Channel 6 CT must be an integer'],
      [(b) => (b.connectionType = 6), 'Wiring of Three Phase User must be one of the listed options'],
      [(b) => (b.userId3.userName = 'Kitchen'), 'User 3 Name cannot exceed 6 characters'],
      [(b) => (b.userId3.userName = 'Ki_1'), 'User 3 Name must be numeric or alphabet only'],
      [(b) => (b.userId3.channel = 25), 'User 3 Channel must be one of the listed options'],
      [(b) => ((b.connectionType = 0), (b.userId3.channel = 19)), 'User 3 Channel must be one of the listed options'],
      [(b) => (b.userId3.channel = 3.5), 'User 3 Channel must be an integer'],
    ];
    for (const [change, message] of cases) await refused('userCt', change, message);
  });

  test('a valid save changes the settings, writes the module event log with user and section, and modifySysParam', async () => {
    await save(m, token, 'general', (b) => Object.assign(b, { deviceDescription: 'Plant Room 2', ratedVoltage: 230, meterAddress: 7, backlightTime: 30 }));
    const g = await getSettings(m, token, 'general');
    assert.deepEqual([g.deviceDescription, g.ratedVoltage, g.meterAddress, g.backlightTime], ['Plant Room 2', 230, 7, 30]);
    assert.equal((await m.call('GET', '/api/settings/deviceInfo', { token })).body.data.meterAddress, 7);
    assert.equal((await m.call('GET', '/api/command/homePageInfo', { token })).body.data.deviceDescription, 'Plant Room 2');
    await save(m, token, 'alarm', (b) => (b.alarmId10.setPoint = 90));
    await save(m, token, 'io', (b) => (b.di9Config.name = 'Door 9'));
    await save(m, token, 'userCt', (b) => (b.userId1.userName = 'Shop1'));
    const log = moduleEvents(m);
    for (const s of ['General', 'Alarm', 'I/O and Event', 'User and CT']) assert.ok(log.includes(`Meter settings (${s}) saved by admin`), s);
    const events = (await m.call('GET', '/api/readings/systemEvent', { token })).body.data as { Event: string }[];
    assert.ok(events.filter((e) => e.Event === 'System parameters modified').length >= 4);
    // A save without changes is still logged, but the meter's parameters were not modified.
    const before = events.length;
    await save(m, token, 'io', () => {});
    assert.equal(moduleEvents(m).at(-1), 'Meter settings (I/O and Event) saved by admin');
    assert.equal(((await m.call('GET', '/api/readings/systemEvent', { token })).body.data as unknown[]).length, before);
  });

  test('sealed fields cannot be changed while the meter is sealed; the others can', async () => {
    await save(m, token, 'general', (b) => (b.optionalSealConfig = { ...b.optionalSealConfig, commuParam: 1, roRelated: 1 }));
    m.services.device.updateState({ sealStatus: 1 });
    assert.equal((await m.call('GET', '/api/settings/deviceInfo', { token })).body.data.meterSealStatus, 1);
    await refused('general', (b) => (b.demandMethod = 2), 'Demand Method cannot be changed while the meter is sealed');
    await refused('general', (b) => (b.deviceTransformer = 120), 'Device Transformer cannot be changed while the meter is sealed');
    await refused('general', (b) => (b.varPfConvention = 1), 'VAR/PF Convention cannot be changed while the meter is sealed');
    await refused('general', (b) => (b.meterAddress = 9), 'Meter Address cannot be changed while the meter is sealed');
    await refused('general', (b) => (b.optionalSealConfig.commuParam = 0), 'Optional Seal Configuration cannot be changed while the meter is sealed');
    await refused('alarm', (b) => (b.enable = true), 'Alarm cannot be changed while the meter is sealed');
    await refused('io', (b) => (b.pulseConst = 2000), 'Pulse Constant cannot be changed while the meter is sealed');
    await refused('io', (b) => (b.ro1Type = 1), 'RO1 Type cannot be changed while the meter is sealed');
    await refused('io', (b) => (b.di3Config.name = 'Tank'), 'DI3 cannot be changed while the meter is sealed');
    await refused('userCt', (b) => (b.CT0 = 200), 'Input Channel 1 CT cannot be changed while the meter is sealed');
    await refused('userCt', (b) => (b.connectionType = 0), 'Wiring of Three Phase User cannot be changed while the meter is sealed');
    // Not sealed: rated voltage, the display, an alarm limit; an unchanged body saves.
    await save(m, token, 'general', (b) => (b.ratedVoltage = 240));
    await save(m, token, 'alarm', (b) => (b.alarmId4.delay = 500));
    await save(m, token, 'io', () => {});
    await save(m, token, 'userCt', () => {});
    m.services.device.updateState({ sealStatus: 0 });
    await save(m, token, 'general', (b) => (b.meterAddress = 9));
  });

  test('the DI type is locked unless pulse is verified', async () => {
    m.services.device.updateState({ pulseVerified: 0 });
    await refused('io', (b) => (b.di6Config.type = 1), 'DI6 Type can only be changed on a pulse-verified meter');
    await save(m, token, 'io', (b) => (b.di6Config.name = 'Pump run'));
  });

  test('meter password: 0000 first, current password checked, stored hashed', async () => {
    const patch = (oldPassword: string, newPassword: string) => m.call('PATCH', '/api/command/meter/setMeterPassword', { token, body: { oldPassword, newPassword } });
    const wrong = await patch('1111', '2222');
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.data.value, 'Current password incorrect');
    const bad = await patch('0000', '12345');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.data.value, 'New Password cannot exceed 4 characters');
    const ok = await patch('0000', '0042');
    assert.deepEqual(ok.body, { data: { value: 'Password updated' } });
    assert.equal((await patch('0000', '1111')).body.data.value, 'Current password incorrect');
    assert.equal((await patch('0042', '7777')).status, 200);
    assert.ok(moduleEvents(m).includes('Meter password changed by admin'));
    const stored = m.services.ctx.kv.get<string>('meterSettings.passwordHash')!;
    assert.match(stored, /^scrypt\$/);
    assert.ok(!stored.includes('7777'));
  });
});

describe('meter settings permissions and restarts', () => {
  let m: TestModule;
  let admin: string;
  before(async () => {
    ({ m, admin } = await startModuleWithUsers({
      // Readings edit, no configuration.
      roles: { reading: [0, 2, 2, 2] },
      // Role 'view': configuration view; they sign in in the tests.
      users: [
        { name: 'viewer', signIn: false },
        { name: 'reader', accessLevel: 'reading', signIn: false },
      ],
    }));
  });
  after(async () => {
    await m.close(true);
    rmSync(m.dataDir, { recursive: true, force: true });
  });

  test('configuration view reads and may not write; without configuration only settings/meter is readable', async () => {
    const viewer = await m.login('viewer', USER_PASSWORD);
    const reader = await m.login('reader', USER_PASSWORD);
    for (const s of Object.keys(SETTINGS) as Section[]) {
      const body = await getSettings(m, viewer, s);
      const put = await m.call('PUT', `/api/settings/${SETTINGS[s]}`, { token: viewer, body });
      assert.equal(put.status, 403, `${s} PUT by a viewer`);
      const get = await m.call('GET', `/api/settings/${SETTINGS[s]}`, { token: reader });
      assert.equal(get.status, s === 'general' ? 200 : 403, `${s} GET without configuration`);
      assert.equal((await m.call('PUT', `/api/settings/${SETTINGS[s]}`, { token: reader, body })).status, 403);
    }
    const pw = { oldPassword: '0000', newPassword: '1234' };
    assert.equal((await m.call('PATCH', '/api/command/meter/setMeterPassword', { token: viewer, body: pw })).status, 403);
    assert.equal((await m.call('PATCH', '/api/command/meter/setMeterPassword', { token: reader, body: pw })).status, 403);
    assert.equal((await getSettings(m, admin, 'general')).ratedVoltage, 120, 'nothing changed');
  });

  test('settings survive a restart', async () => {
    await save(m, admin, 'general', (b) => Object.assign(b, { ratedVoltage: 277, avgIntervalWindow: 5, demandMethod: 2, bacnetId: 4242 }));
    await save(m, admin, 'alarm', (b) => ((b.enable = true), Object.assign(b.alarmId1, { enable: true, alarmChannelType: 4, alarmChannelParam: 4, setting: 2, setPoint: 1, output: 0 })));
    await save(m, admin, 'io', (b) => Object.assign(b, { ro2Type: 1, ro2OutputMode: 1, pulseConst: 5000, di5Config: { ...b.di5Config, type: 1, unit: 2, ratio: 2.5, name: 'Heat' } }));
    await save(m, admin, 'userCt', (b) => Object.assign(b, { connectionType: 4, CT2: 400, userId2: { userName: 'Lab', channel: 27, enableDisplay: 0 } }));
    const before = Object.fromEntries(await Promise.all((Object.keys(SETTINGS) as Section[]).map(async (s) => [s, await getSettings(m, admin, s)])));
    await m.close(true);
    ({ m, admin } = await startModuleWithUsers({ dataDir: m.dataDir }));
    for (const s of Object.keys(SETTINGS) as Section[]) assert.deepEqual(await getSettings(m, admin, s), before[s], s);
    assert.equal(m.services.meter.config.ratedVoltage, 277);
    assert.equal(m.services.meter.config.ctFullScale[2], 400);
    assert.deepEqual((await m.call('GET', '/api/command/getWiringType', { token: admin })).body.data, { WiringType: 4, mcStatus: 1 });
    assert.equal(m.services.registers.demandSettings().window, 5);
  });
});
