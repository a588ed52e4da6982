/**
 * The meter settings drive the simulated meter: CTs scale currents, the wiring and the user
 * mapping change the channels, the demand window, DI types, relays, alarm limits on live values
 * and the system events.
 */
import { REALTIME_KEYS as K, DEMAND_KEYS } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { save } from '../../meter-settings-helpers.ts';
import { testClock } from '../../users-helpers.ts';

/** Wednesday 2026-03-18 11:00 in New York (the device's zone); a multiple of 5 minutes. */
const T0 = Date.parse('2026-03-18T15:00:00Z');
const SECOND = 1000;
const HOUR = 3_600_000;

type Row = Record<string, number | string>;
const near = (actual: number, expected: number, tol: number, what = '') => assert.ok(Math.abs(actual - expected) <= tol, `${what} ${actual} vs ${expected} (tol ${tol})`);

describe('meter settings drive the meter', () => {
  let m: TestModule;
  const { clock, now } = testClock(T0);
  let token: string;
  before(async () => ({ m, admin: token } = await startModuleWithUsers({ now })));
  after(() => m.close());

  const get = async (url: string): Promise<any> => {
    const r = await m.call('GET', url, { token });
    assert.equal(r.status, 200, `${url}: ${r.raw}`);
    return r.body.data;
  };
  const status = async (url: string) => (await m.call('GET', url, { token })).status;
  /** Moves the clock second by second, ticking like the launcher. */
  const tick = (seconds: number) => {
    for (let k = 0; k < seconds; k++) {
      clock.t += SECOND;
      m.services.ticker.tickAt(clock.t);
    }
  };
  /** Sets the clock (a jump the registers take as a clock change) and signs in again: sessions time out. */
  const jump = async (t: number) => {
    clock.t = t;
    m.services.ticker.tickAt(clock.t);
    token = await m.login();
  };
  const names = (rows: Row[]) => rows.map((r) => r.Name);
  const relays = async () => ((await get('/api/readings/io')).ro as { status: number }[]).map((r) => r.status);

  test('a CT change moves the realtime currents proportionally', async () => {
    const before = (await get('/api/readings/realtime/channels/1'))[0] as Row;
    const other = (await get('/api/readings/realtime/channels/2'))[0] as Row;
    assert.ok((before[K.current] as number) > 1, 'input 1 carries a load at 11:00');
    await save(m, token, 'userCt', (b) => (b.CT0 = 200));
    const doubled = (await get('/api/readings/realtime/channels/1'))[0] as Row;
    near(doubled[K.current] as number, 2 * (before[K.current] as number), 0.002, 'CT 200: current');
    near(doubled[K.activePower] as number, 2 * (before[K.activePower] as number), 0.01, 'CT 200: power');
    assert.equal(((await get('/api/readings/realtime/channels/2'))[0] as Row)[K.current], other[K.current], 'the other inputs keep their CTs');
    await save(m, token, 'userCt', (b) => (b.CT0 = 50));
    near(((await get('/api/readings/realtime/channels/1'))[0] as Row)[K.current] as number, (before[K.current] as number) / 2, 0.002, 'CT 50');
    await save(m, token, 'userCt', (b) => (b.CT0 = 100));
    assert.equal(m.services.meter.config.ctFullScale[0], 100);
  });

  test('the rated voltage sets the nominal voltage', async () => {
    await save(m, token, 'general', (b) => (b.ratedVoltage = 230));
    const sys = (await get('/api/readings/realtime/system')) as Row[];
    near(sys[0]![K.vln] as number, 230, 230 * 0.05, 'Phase A');
    await save(m, token, 'general', (b) => (b.ratedVoltage = 120));
  });

  test('the wiring changes the channel layout, the wiring calls and the pulse and mapping options', async () => {
    assert.deepEqual(names(await get('/api/readings/realtime/channels/19')), ['Phase A', 'Phase B', 'Phase C', 'Total']);
    assert.equal(await status('/api/readings/realtime/channels/25'), 404);

    await save(m, token, 'userCt', (b) => (b.connectionType = 2)); // 2LN
    assert.deepEqual(names(await get('/api/readings/realtime/channels/19')), ['Phase A', 'Phase B', 'Total']);
    assert.equal(((await get('/api/readings/realtime/channels/3'))[0] as Row)[K.current], 0, '2LN: every third input has no CT');

    await save(m, token, 'userCt', (b) => (b.connectionType = 0)); // 1LN
    assert.equal(await status('/api/readings/realtime/channels/19'), 404);
    assert.equal(await status('/api/readings/energy/channels/19'), 404);

    await save(m, token, 'userCt', (b) => ((b.connectionType = 4), (b.userId5.channel = 27))); // Network, mcStatus 1
    assert.deepEqual(await get('/api/command/getWiringType'), { WiringType: 4, mcStatus: 1 });
    assert.equal((await get('/api/settings/meter')).voltageWiring, 4);
    const ch27 = (await get('/api/readings/realtime/channels/27')) as Row[];
    assert.deepEqual(names(ch27), ['Phase A', 'Phase B', 'Total']);
    assert.equal(ch27[1]![K.current], ((await get('/api/readings/realtime/channels/18'))[0] as Row)[K.current], 'user channel 9 holds inputs 17 and 18');
    assert.deepEqual(names(await get('/api/readings/energy/channels/27')), ['Phase A', 'Phase B', 'Total']);
    tick(1);
    assert.deepEqual(names(await get('/api/readings/demand/channels/27')), ['Phase A', 'Phase B', 'Total']);
    // Network offers EP CH207-209: a DO may pulse user channel 9 now.
    await save(m, token, 'io', (b) => (b.do1Channel = 33));

    await save(m, token, 'io', (b) => (b.do1Channel = 0));
    await save(m, token, 'userCt', (b) => ((b.connectionType = 1), (b.userId5.channel = 5)));
    assert.deepEqual(names(await get('/api/readings/realtime/channels/19')), ['Phase A', 'Phase B', 'Phase C', 'Total']);
  });

  test('the user mapping shows in getUserName and the channel rows', async () => {
    await save(m, token, 'userCt', (b) => {
      b.userId1 = { userName: 'Shop1', channel: 1, enableDisplay: 1 };
      b.userId2 = { userName: 'Lab', channel: 19, enableDisplay: 0 };
    });
    const mapping = await get('/api/settings/getUserName');
    assert.deepEqual(mapping.userId1, { channel: 1, userName: 'Shop1' });
    assert.deepEqual(mapping.userId2, { channel: 19, userName: 'Lab' });
    assert.deepEqual(names(await get('/api/readings/realtime/channels/1')), ['Input Channel 1 - Shop1']);
    assert.deepEqual(names(await get('/api/readings/energy/channels/1')), ['Input Channel 1 - Shop1']);
    assert.deepEqual(names(await get('/api/readings/demand/channels/1')), ['Input Channel 1 - Shop1']);
    assert.deepEqual(names(await get('/api/readings/realtime/channels/2')), ['Input Channel 2'], 'input 2 has no named user now');
    await save(m, token, 'userCt', (b) => (b.userId2 = { userName: '', channel: 2, enableDisplay: 1 }));
  });

  test('a demand window change takes effect', async () => {
    await jump(T0 + 2 * HOUR); // 13:00, a multiple of 5 minutes
    await save(m, token, 'general', (b) => Object.assign(b, { demandMethod: 2, avgIntervalWindow: 5 }));
    assert.deepEqual(m.services.registers.demandSettings(), { method: 2, subInterval: 1, window: 5 });
    const start = clock.t;
    tick(300);
    const system = ((await get('/api/readings/demand/system')) as Row[]).find((r) => r.Name === 'System')!;
    let sum = 0;
    for (let t = start + SECOND; t <= start + 300 * SECOND; t += SECOND) sum += m.services.meter.snapshot(t).system.p;
    near(system[DEMAND_KEYS.active.demand] as number, sum / 300, 0.0006, 'fixed 5-min window: the mean of its seconds');
    await save(m, token, 'general', (b) => Object.assign(b, { demandMethod: 1, avgIntervalWindow: 15 }));
  });

  test('a DI type change switches counting', async () => {
    const io = async () => (await get('/api/readings/io')).di as Array<{ name: string; type: number; counter: number; value: number; unit: string }>;
    const before = await io();
    assert.equal(before[4]!.type, 0);
    await save(m, token, 'io', (b) => {
      b.di5Config = { type: 1, name: 'Heat', category: 3, unit: 2, ratio: 2.5 };
      b.di1Config = { ...b.di1Config, type: 0 };
    });
    const frozen = m.services.registers.digitalInputs()[0]!.count;
    tick(1);
    await jump(clock.t + 30 * 60 * SECOND);
    const after = await io();
    assert.equal(after[4]!.name, 'Heat');
    assert.equal(after[4]!.type, 1);
    assert.equal(after[4]!.unit, 'kWh');
    assert.ok(after[4]!.counter > 0, 'DI5 counts pulses now');
    assert.equal(after[4]!.value, Math.round(after[4]!.counter * 2.5 * 10000) / 10000);
    assert.equal(after[0]!.type, 0);
    assert.equal(after[0]!.counter, 0, 'a status input shows no counter');
    assert.equal(m.services.registers.digitalInputs()[0]!.count, frozen, 'DI1 stopped counting');
    assert.deepEqual((await get('/api/settings/getDiName')).di5Config, { name: 'Heat' });
  });

  test('Relay Control: setRO drives it; Momentary opens after the RO pulse width', async () => {
    await save(m, token, 'io', (b) => Object.assign(b, { ro1Type: 0, ro1OutputMode: 1, roPulseWidth: 500 }));
    const r = await m.call('PATCH', '/api/command/setRO', { token, body: { ro1: 1, ro2: 0 } });
    assert.equal(r.status, 200, r.raw);
    assert.deepEqual(await relays(), [1, 0]);
    tick(1);
    assert.deepEqual(await relays(), [0, 0], 'momentary: open again');
    await save(m, token, 'io', (b) => (b.ro1OutputMode = 0));
    await m.call('PATCH', '/api/command/setRO', { token, body: { ro1: 1, ro2: 0 } });
    tick(2);
    assert.deepEqual(await relays(), [1, 0], 'latch: holds');
    await m.call('PATCH', '/api/command/setRO', { token, body: { ro1: 0, ro2: 0 } });
  });

  test('an alarm on Phase A voltage fires after its delay into readings/alarm and drives its relay', async () => {
    await save(m, token, 'io', (b) => Object.assign(b, { ro2Type: 1, ro2OutputMode: 0, roAlarmOutputTime: 1000 }));
    const refusedRo = await m.call('PATCH', '/api/command/setRO', { token, body: { ro1: 0, ro2: 1 } });
    assert.equal(refusedRo.status, 400);
    assert.equal(refusedRo.body.data.value, 'Relay output 2 is an alarm output (RO type Alarm) and cannot be set by command');
    const logged = (await get('/api/readings/alarm')).length;
    // Phase A voltage (parameter 1) > 90 % of the rated 120 V, for 3 s, on RO2.
    await save(m, token, 'alarm', (b) => {
      b.enable = true;
      b.alarmId3 = { enable: true, alarmChannelType: 0, alarmChannelParam: 1, setting: 1, setPoint: 90, delay: 3000, output: 2 };
    });
    tick(3);
    assert.equal((await get('/api/readings/alarm')).length, logged, 'not before its delay');
    assert.deepEqual(await relays(), [0, 0]);
    tick(1);
    const [rec] = await get('/api/readings/alarm');
    assert.deepEqual(
      { ...rec, Value: undefined, Timestamp: undefined },
      { Alarm: 3, Parameter: 'Phase A Voltage', Condition: '>', Setpoint: '90%', Value: undefined, Status: 'Triggered', Timestamp: undefined },
    );
    assert.match(rec.Value, /^\d+(\.\d)?%$/);
    assert.equal(rec.Timestamp, clock.t / 1000);
    assert.deepEqual(await relays(), [0, 1], 'RO2 closed by the alarm');
    tick(5);
    assert.deepEqual(await relays(), [0, 1], 'latched while the alarm is active');
    // Switching the limit off ends it: Recovered, and the relay opens.
    await save(m, token, 'alarm', (b) => (b.alarmId3.enable = false));
    assert.equal((await get('/api/readings/alarm'))[0].Status, 'Recovered');
    assert.deepEqual(await relays(), [0, 0]);
  });

  test('an alarm on Phase A current triggers in the afternoon and recovers at night', async () => {
    const pctAt = (t: number) => {
      const snap = m.services.meter.snapshot(t);
      return (snap.phases[0].current / 600) * 100; // six 100 A CTs on phase A
    };
    const day = Date.parse('2026-03-19T18:00:00Z'); // Thursday 14:00 local
    const night = Date.parse('2026-03-20T07:00:00Z'); // Friday 03:00 local
    const setPoint = Math.round((pctAt(day) + pctAt(night)) / 2);
    assert.ok(pctAt(day) > setPoint + 1 && pctAt(night) < setPoint - 1, `${pctAt(day)} / ${pctAt(night)}`);
    await save(m, token, 'alarm', (b) => {
      b.alarmId1 = { enable: true, alarmChannelType: 0, alarmChannelParam: 9, setting: 1, setPoint, delay: 2000, output: 2 };
    });
    await jump(day);
    tick(2);
    let [rec] = await get('/api/readings/alarm');
    assert.deepEqual([rec.Alarm, rec.Parameter, rec.Status, rec.Setpoint], [1, 'Phase A Current', 'Triggered', `${setPoint}%`]);
    assert.deepEqual(await relays(), [0, 1]);
    await jump(night);
    tick(1);
    assert.equal((await get('/api/readings/alarm'))[0].Status, 'Triggered', 'recovery waits for its delay too');
    tick(1);
    [rec] = await get('/api/readings/alarm');
    assert.deepEqual([rec.Alarm, rec.Status], [1, 'Recovered']);
    assert.deepEqual(await relays(), [0, 0], 'RO2 opens when its alarm recovers');
    await save(m, token, 'alarm', (b) => ((b.enable = false), (b.alarmId1.enable = false)));
  });

  test('system events: recorded when enabled and driving their relay; not when disabled', async () => {
    const events = async () => ((await get('/api/readings/systemEvent')) as { Event: string }[]).map((e) => e.Event);
    // modifySysParam on Relay 1 (an Alarm output): the save that configures it is itself the event.
    await save(m, token, 'io', (b) => {
      Object.assign(b, { ro1Type: 1, ro1OutputMode: 0, roAlarmOutputTime: 1000 });
      b.systemEventAlarm.modifySysParam = { enable: 1, output: 0 };
    });
    assert.equal((await events())[0], 'System parameters modified');
    assert.deepEqual(await relays(), [1, 0], 'RO1 closed by the event');
    tick(2);
    assert.deepEqual(await relays(), [0, 0], 'open after the RO alarm output time');
    await save(m, token, 'io', (b) => (b.systemEventAlarm.modifySysParam.enable = 0));
    const count = (await events()).length;
    await save(m, token, 'general', (b) => (b.backlightTime = 17));
    assert.equal((await events()).length, count, 'a disabled event is not recorded');
    assert.deepEqual(await relays(), [0, 0]);
  });

  test('DI Synchronous Demand: the sync source edge is the diSyncDemand event', async () => {
    // DI1 counts again and flips with every pulse; 'changing' sees each flip.
    await save(m, token, 'io', (b) => (b.di1Config = { ...b.di1Config, type: 1 }));
    await save(m, token, 'general', (b) => Object.assign(b, { diTriggerCondition: 3, diSyncSource: 1 }));
    await jump(Date.parse('2026-03-20T18:00:00Z'));
    const seen = () => m.services.meterEvents.list().some((e) => e.Event === 'Demand synchronised by digital input');
    for (let k = 0; k < 600 && !seen(); k++) tick(1);
    assert.ok(seen(), 'a DI1 pulse within 10 minutes of a busy afternoon');
    await save(m, token, 'general', (b) => (b.diTriggerCondition = 0));
  });
});
