/**
 * Home Assistant MQTT discovery (issue 27) against Debian's mosquitto: off by default with the
 * prefix `homeassistant`; on, the retained device discovery that mosquitto_sub collects (unique
 * ids, a state topic that carries every value, device and state classes Home Assistant allows for
 * each unit), availability through the will's topic, republished on `<prefix>/status` = online,
 * cleared by turning it off; the values on the topic equal the readings API's at the same instant.
 */
import { REALTIME_KEYS as K, type MqttConfig, type ReadingRow } from '@meter/contract';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { until } from '../../../../../test-peers/until.ts';
import { startBroker, type Broker } from '../../peers/mosquitto.ts';

const PATH = '/api/settings/communication/mqttConfig';
const T0 = Date.parse('2026-06-01T12:00:00Z');
const DISCOVERY = 'homeassistant/device/+/config';

/** Home Assistant's units per device class (its sensor documentation), and the state classes each allows. */
const HA_UNITS: Record<string, { units: Array<string | undefined>; states: string[] }> = {
  voltage: { units: ['V', 'mV', 'kV'], states: ['measurement'] },
  current: { units: ['A', 'mA'], states: ['measurement'] },
  power: { units: ['W', 'kW', 'MW'], states: ['measurement'] },
  reactive_power: { units: ['var', 'kvar'], states: ['measurement'] },
  apparent_power: { units: ['VA', 'kVA'], states: ['measurement'] },
  frequency: { units: ['Hz', 'kHz'], states: ['measurement'] },
  energy: { units: ['Wh', 'kWh', 'MWh'], states: ['total', 'total_increasing'] },
  reactive_energy: { units: ['varh', 'kvarh'], states: ['total', 'total_increasing'] },
  power_factor: { units: [undefined, '%'], states: ['measurement'] },
};

describe('Home Assistant discovery', () => {
  let m: TestModule;
  let admin: string;
  let broker: Broker;

  const config = async (): Promise<MqttConfig> => (await m.call('GET', PATH, { token: admin })).body.data as MqttConfig;
  const save = async (change: (c: MqttConfig) => void) => {
    const c = await config();
    change(c);
    const res = await m.call('PUT', PATH, { token: admin, body: c });
    assert.equal(res.status, 200, res.raw);
  };
  const connected = async () => (await m.call('GET', '/api/command/checkMqttStatus', { token: admin })).body.data.value === 'Connected';

  before(async () => {
    broker = await startBroker();
    ({ m, admin } = await startModuleWithUsers({ now: () => T0 }));
  });
  after(async () => {
    await m.close();
    await broker.stop();
  });

  test('off by default, the prefix homeassistant; the prefix is required when on and takes no wildcard', async () => {
    assert.deepEqual((await config()).homeAssistant, { enable: 0, prefix: 'homeassistant' });
    const c = await config();
    c.homeAssistant = { enable: 1, prefix: '' };
    let res = await m.call('PUT', PATH, { token: admin, body: c });
    assert.equal(res.status, 400);
    assert.ok(Object.values(res.body.data.errors).includes('Please provide Discovery Prefix'), res.raw);
    c.homeAssistant = { enable: 1, prefix: 'ha/#' };
    res = await m.call('PUT', PATH, { token: admin, body: c });
    assert.equal(res.status, 400);
    assert.ok(Object.values(res.body.data.errors).includes('Discovery Prefix must not contain + or #'), res.raw);
  });

  let discovery: { topic: string; payload: Record<string, any> };

  test('on: the retained device discovery with dev, o and one sensor per value, classes Home Assistant allows', async () => {
    await save((c) => {
      c.mqttGenaral = { ...c.mqttGenaral, mqttEnable: 1, brokerIpAddr: '127.0.0.1', brokerPort: broker.port, keepAlive: 5, facilityId: 'Plant-7' };
      c.userCredential = { userName: broker.user, userPwd: broker.password };
      c.topic = { ...c.topic, topic: 'site/meter', qos: 1, isRetained: 1, interval: 1, energyMask: 1 };
      c.lastWill = { lastWillEnable: 1, topic: 'site/meter/status', qos: 1, isRetained: 1 };
      c.homeAssistant = { enable: 1, prefix: 'homeassistant' };
    });
    await until('Connected', connected);
    // Retained: a subscriber that comes later still gets it.
    const [msg] = await broker.receive(DISCOVERY, 1, 10);
    const id = m.services.device.identity();
    discovery = { topic: msg!.topic, payload: JSON.parse(msg!.payload) };
    assert.match(discovery.topic, /^homeassistant\/device\/[a-z0-9_]+\/config$/);
    const p = discovery.payload;
    assert.equal(p.dev.sn, id.meterSerialNumber);
    assert.equal(p.dev.mdl, id.meterModel);
    assert.ok(p.dev.ids.length === 1 && discovery.topic.includes(p.dev.ids[0]));
    assert.equal(p.o.name, id.moduleModel);
    assert.equal(p.state_topic, 'site/meter');
    const cmps = Object.values(p.cmps) as Array<Record<string, string>>;
    assert.ok(cmps.length > 50, `${cmps.length} sensors`);
    assert.equal(new Set(cmps.map((c) => c.unique_id)).size, cmps.length, 'unique ids');
    for (const c of cmps) {
      assert.equal(c.p, 'sensor');
      if (!c.device_class) continue;
      const allowed = HA_UNITS[c.device_class];
      assert.ok(allowed, `${c.name}: device class ${c.device_class}`);
      assert.ok(allowed.units.includes(c.unit_of_measurement), `${c.name}: ${c.unit_of_measurement} for ${c.device_class}`);
      assert.ok(allowed.states.includes(c.state_class!), `${c.name}: ${c.state_class} for ${c.device_class}`);
    }
    const power = cmps.find((c) => c.name === 'System Active Power')!;
    assert.deepEqual([power.device_class, power.state_class, power.unit_of_measurement], ['power', 'measurement', 'kW']);
    const energy = cmps.find((c) => c.name === 'System Import Active Energy')!;
    assert.deepEqual([energy.device_class, energy.state_class, energy.unit_of_measurement], ['energy', 'total_increasing', 'kWh']);
    // Availability through the will: the topic holds online while connected.
    assert.equal(p.availability_topic, 'site/meter/status');
    const [online] = await broker.receive('site/meter/status', 1, 10);
    assert.equal(JSON.parse(online!.payload).status, p.payload_available);
  });

  test("every sensor's value is on the state topic, equal to the readings API at the same instant", async () => {
    const [state] = await broker.receive('site/meter', 1, 10);
    const values = JSON.parse(state!.payload).values as Record<string, number | string>;
    for (const c of Object.values(discovery.payload.cmps) as Array<Record<string, string>>) {
      const key = /\['values'\]\[("[^"]+")\]/.exec(c.value_template!)?.[1];
      assert.ok(key && JSON.parse(key) in values, `${c.name}: ${c.value_template}`);
    }
    const rows = (await m.call('GET', '/api/readings/realtime/system', { token: admin })).body.data as ReadingRow[];
    const system = rows.find((r) => r.Name === 'System')!;
    assert.equal(values['System Active Power (kW)'], system[K.activePower]);
    assert.equal(values['Phase A Voltage (V)'], rows[0]![K.vln]);
    assert.equal(values['Frequency (Hz)'], system[K.frequency]);
  });

  test('Home Assistant announcing itself on homeassistant/status = online gets the discovery again', async () => {
    // The retained one first, then the one the announcement causes.
    const sub = await broker.subscribe(discovery.topic, 2, 10);
    execFileSync('mosquitto_pub', ['-h', '127.0.0.1', '-p', String(broker.port), '-u', broker.user, '-P', broker.password, '-t', 'homeassistant/status', '-m', 'online']);
    const [first, again] = await sub.done;
    assert.deepEqual(JSON.parse(again!.payload), JSON.parse(first!.payload));
  });

  test('off: the retained discovery is cleared with an empty retained payload', async () => {
    const sub = await broker.subscribe(discovery.topic, 2, 10);
    await save((c) => (c.homeAssistant.enable = 0));
    const [, cleared] = await sub.done;
    // mosquitto_sub -v prints an empty payload as (null).
    assert.equal(cleared!.payload, '(null)');
    await until('Connected', connected);
    // Nothing is retained any more: a new subscriber gets no discovery within two seconds.
    await assert.rejects(broker.receive(DISCOVERY, 1, 2), /0 of 1 messages/);
  });
});
