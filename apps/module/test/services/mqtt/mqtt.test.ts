/**
 * MQTT (002 §3.9, §5.8, §6, §7.3) against Debian's mosquitto: the config section's rules and
 * admin-only saves, secrets never returned, the publications a mosquitto_sub receives (plain
 * with the broker's password, and TLS with uploaded CA, certificate and key), the status, the
 * test publication, MQTT 3.1.1 and 5, every power-quality parameter against the readings API,
 * and the last will after the module process is killed (both protocol versions).
 */
import { ADMIN_ONLY_TEXT, MQTT_TOPIC_INTERVALS, mqttTexts, round, type MqttConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { ADMIN_PASSWORD, startModuleWithUsers, type TestModule } from '../../helper.ts';
import { HARMONIC_KEYS, HARMONIC_ORDERS, REALTIME_KEYS, TREND_PARAM_BITS } from '@meter/contract';
import { freePort } from '../../../../../test-peers/free-ports.ts';
import { syslogFileName } from '../../../src/services/maintenance/system-log.ts';
import { startBroker, type Broker } from '../../peers/mosquitto.ts';
import { USER_PASSWORD, addRole, addUser } from '../../users-helpers.ts';
import { until } from '../../../../../test-peers/until.ts';
import { moduleServerArgs } from '../../../../../test-peers/module-command.ts';

const PATH = '/api/settings/communication/mqttConfig';
const T0 = Date.parse('2026-06-01T12:00:00Z');

async function config(m: TestModule, token: string): Promise<MqttConfig> {
  const res = await m.call('GET', PATH, { token });
  assert.equal(res.status, 200, res.raw);
  return res.body.data as MqttConfig;
}

async function put(m: TestModule, token: string, change: (c: MqttConfig) => void) {
  const c = await config(m, token);
  change(c);
  return m.call('PUT', PATH, { token, body: c });
}

async function status(m: TestModule, token: string): Promise<string> {
  return (await m.call('GET', '/api/command/checkMqttStatus', { token })).body.data.value as string;
}

function multipart(path: string, name = basename(path)): { body: Buffer; headers: Record<string, string> } {
  const boundary = '----meter' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), readFileSync(path), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(m: TestModule, token: string, kind: string, path: string, name?: string) {
  const { body, headers } = multipart(path, name);
  const res = await m.app.inject({ method: 'POST', url: `/api/upload/local/${kind}`, headers: { ...headers, authorization: `Bearer ${token}` }, payload: body });
  return { status: res.statusCode, body: res.json() as { data: { value: string } } };
}

function enable(c: MqttConfig, broker: Broker, port = broker.port) {
  c.mqttGenaral = { ...c.mqttGenaral, mqttEnable: 1, brokerIpAddr: '127.0.0.1', brokerPort: port, keepAlive: 5, facilityId: 'Plant-7' };
  c.userCredential = { userName: broker.user, userPwd: broker.password };
  c.topic = { ...c.topic, topic: 'site/meter', qos: 1, interval: 1 };
}

describe('MQTT settings and publisher', () => {
  let m: TestModule;
  let admin: string;
  let broker: Broker;

  before(async () => {
    broker = await startBroker({ tls: true });
    ({ m, admin } = await startModuleWithUsers({ now: () => T0 }));
  });
  after(async () => {
    await m.close();
    await broker.stop();
  });

  test('defaults: disabled, a generated client id of 23 alphanumerics, Disconnected', async () => {
    const c = await config(m, admin);
    assert.equal(c.mqttGenaral.mqttEnable, 0);
    assert.match(c.mqttGenaral.ClientId, /^[A-Za-z0-9]{23}$/);
    assert.equal(await status(m, admin), mqttTexts.disconnected);
    const test = await m.call('PATCH', '/api/command/testMqtt', { token: admin, body: { value: 1 } });
    assert.equal(test.status, 502);
    assert.equal(test.body.data.value, mqttTexts.testFailed(mqttTexts.notEnabled));
    const files = await m.call('GET', '/api/command/getMqttFileStat', { token: admin });
    assert.deepEqual(files.body.data, { isMqttCAExist: false, isMqttClientExist: false, isMqttKeyExist: false });
  });

  test('a config stored before the protocol version existed reads as MQTT 3.1.1 and saves back', async () => {
    const stored = await config(m, admin);
    const { protocolVersion, ...older } = stored.mqttGenaral;
    assert.equal(protocolVersion, 4);
    m.services.ctx.kv.set('section.mqttConfig', { ...stored, mqttGenaral: older });
    const c = await config(m, admin);
    assert.equal(c.mqttGenaral.protocolVersion, 4);
    assert.equal((await m.call('PUT', PATH, { token: admin, body: c })).status, 200);
  });

  test('§5.8: enabled needs a client id and a broker; topics refuse wildcards; QoS 0 to 2; intervals 1 to 9', async () => {
    let res = await put(m, admin, (c) => {
      c.mqttGenaral.mqttEnable = 1;
      c.mqttGenaral.brokerIpAddr = '';
      c.mqttGenaral.ClientId = '';
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.data.errors['mqttGenaral__brokerIpAddr'] ?? res.body.data.errors['mqttGenaral.brokerIpAddr'], 'Please provide Broker Address');
    assert.ok(Object.values(res.body.data.errors).includes('Please provide Client ID'));
    res = await put(m, admin, (c) => (c.topic.topic = 'site/+/data'));
    assert.equal(res.status, 400);
    assert.ok(Object.values(res.body.data.errors).includes(mqttTexts.noWildcards('Topic')));
    res = await put(m, admin, (c) => (c.topic.qos = 3));
    assert.equal(res.status, 400);
    res = await put(m, admin, (c) => (c.topic.interval = MQTT_TOPIC_INTERVALS.length + 1));
    assert.equal(res.status, 400);
    res = await put(m, admin, (c) => {
      c.lastWill.lastWillEnable = 1;
      c.lastWill.topic = '';
    });
    assert.ok(Object.values(res.body.data.errors).includes('Please provide Last Will Topic'));
    // Disabled: the broker may stay blank.
    res = await put(m, admin, (c) => (c.mqttGenaral.brokerIpAddr = ''));
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });

  test('§6: only the admin access level saves; others with configuration edit get 403, view users too', async () => {
    await addRole(m, admin, 'engineer', 0, 0, 0, 2);
    await addUser(m, admin, 'eng', { accessLevel: 'engineer' });
    await addUser(m, admin, 'viewer');
    const eng = await m.login('eng', USER_PASSWORD);
    const viewer = await m.login('viewer', USER_PASSWORD);
    const before = await config(m, admin);
    let res = await put(m, eng, (c) => (c.mqttGenaral.keepAlive = 90));
    assert.equal(res.status, 403);
    assert.equal(res.body.data.value, ADMIN_ONLY_TEXT);
    res = await put(m, viewer, (c) => (c.mqttGenaral.keepAlive = 90));
    assert.equal(res.status, 403);
    assert.equal((await m.call('PATCH', '/api/command/testMqtt', { token: eng, body: { value: 1 } })).status, 403);
    assert.deepEqual(await config(m, admin), before);
    // Reading is open to configuration view.
    assert.equal((await m.call('GET', PATH, { token: viewer })).status, 200);
  });

  test('publishes the selected parameters as JSON with the facility id and time; the password is never returned', async () => {
    const sub = await broker.subscribe('site/meter', 1);
    const res = await put(m, admin, (c) => enable(c, broker));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [msg] = await sub.done;
    const payload = JSON.parse(msg!.payload);
    const snap = m.services.meter.snapshot(T0);
    assert.equal(payload.facilityId, 'Plant-7');
    assert.equal(payload.timestamp, T0 / 1000);
    assert.equal(payload.values['Frequency (Hz)'], round(snap.frequency, 2));
    assert.equal(payload.values['Phase A Voltage (V)'], round(snap.phases[0].vln, 1));
    assert.equal(payload.values['System Active Power (kW)'], round(snap.system.p, 3));
    assert.ok('System Import Active Energy (kWh)' in payload.values);
    // Not selected: reactive power (bit 16) is not in the default mask.
    assert.ok(!('System Reactive Power (kvar)' in payload.values));
    await until('Connected', async () => (await status(m, admin)) === mqttTexts.connected);
    assert.equal((await config(m, admin)).userCredential.userPwd, '');

    // testMqtt publishes one message now.
    const one = await broker.subscribe('site/meter', 1);
    const t = await m.call('PATCH', '/api/command/testMqtt', { token: admin, body: { value: 1 } });
    assert.equal(t.status, 200);
    assert.equal(t.body.data.value, mqttTexts.testPublished('site/meter'));
    assert.equal(JSON.parse((await one.done)[0]!.payload).facilityId, 'Plant-7');
  });

  test('MQTT 5: the client connects as v5; a v5 subscriber receives the JSON marked application/json; Test works', async () => {
    const sub = await broker.subscribe('site/meter', 1, 10, { version: 'mqttv5' });
    const res = await put(m, admin, (c) => (c.mqttGenaral.protocolVersion = 5));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await config(m, admin)).mqttGenaral.protocolVersion, 5);
    const [msg] = await sub.done;
    // Only an MQTT 5 publisher can set the content type property.
    assert.equal(msg!.contentType, 'application/json');
    const payload = JSON.parse(msg!.payload);
    assert.equal(payload.facilityId, 'Plant-7');
    assert.equal(payload.values['Frequency (Hz)'], round(m.services.meter.snapshot(T0).frequency, 2));
    await until('Connected', async () => (await status(m, admin)) === mqttTexts.connected);
    const one = await broker.subscribe('site/meter', 1, 10, { version: 'mqttv5' });
    const t = await m.call('PATCH', '/api/command/testMqtt', { token: admin, body: { value: 1 } });
    assert.equal(t.body.data.value, mqttTexts.testPublished('site/meter'));
    assert.equal((await one.done)[0]!.contentType, 'application/json');
    // A version the client does not speak is refused.
    assert.equal((await put(m, admin, (c) => (c.mqttGenaral.protocolVersion = 3))).status, 400);
  });

  test('the power-quality mask: every parameter it selects is published with the value the readings API shows', async () => {
    const all = TREND_PARAM_BITS.powerQuality.reduce((a, b) => a | b.bit, 0);
    const sub = await broker.subscribe('site/meter', 1);
    const res = await put(m, admin, (c) => {
      c.topic = { ...c.topic, realTimeMask: 0, energyMask: 0, demandMask: 0, powerQualityMask: all, ioMask: 0 };
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const values = JSON.parse((await sub.done)[0]!.payload).values as Record<string, number>;
    const harmonics = (await m.call('GET', '/api/readings/harmonics/voltage', { token: admin })).body.data as Record<string, number>[];
    const rows = (await m.call('GET', '/api/readings/realtime/system', { token: admin })).body.data as Record<string, number>[];
    const near = (name: string, expected: number, within: number) => {
      assert.equal(typeof values[name], 'number', name);
      assert.ok(Math.abs(values[name]! - expected) <= within, `${name}: published ${values[name]}, readings give ${expected}`);
    };
    const unbalance = (xs: number[]) => {
      const avg = xs.reduce((a, b) => a + b, 0) / xs.length;
      return (Math.max(...xs.map((x) => Math.abs(x - avg))) / avg) * 100;
    };
    const phases = rows.slice(0, 3);
    near('Voltage Unbalance (%)', unbalance(phases.map((r) => r[REALTIME_KEYS.vln]!)), 0.1);
    near('Current Unbalance (%)', unbalance(phases.map((r) => r[REALTIME_KEYS.current]!)), 0.1);
    const expected = new Set(['Voltage Unbalance (%)', 'Current Unbalance (%)']);
    const f = rows[3]![REALTIME_KEYS.frequency]!;
    for (const row of harmonics) {
      const p = `Phase ${row.Name!.toString().slice(-1)}`;
      const v = HARMONIC_ORDERS.map((n) => row[HARMONIC_KEYS.voltage(n)]! / 100);
      const i = HARMONIC_ORDERS.map((n) => row[HARMONIC_KEYS.current(n)]! / 100);
      const part = (h: number[], odd: boolean) => 100 * Math.sqrt(h.reduce((a, x, k) => (((k + 2) % 2 === 1) === odd ? a + x * x : a), 0));
      const sq = (h: number[]) => h.reduce((a, x) => a + x * x, 0);
      const check = (name: string, value: number, within: number) => {
        expected.add(`${p} ${name}`);
        near(`${p} ${name}`, value, within);
      };
      check('Voltage THD (%)', row[HARMONIC_KEYS.voltageThd]!, 0);
      check('Current THD (%)', row[HARMONIC_KEYS.currentThd]!, 0);
      check('Odd Voltage THD (%)', part(v, true), 0.05);
      check('Even Voltage THD (%)', part(v, false), 0.05);
      check('Odd Current THD (%)', part(i, true), 0.05);
      check('Even Current THD (%)', part(i, false), 0.05);
      // Crest factor with every harmonic peaking with the fundamental; K factor Σ(h·Ih)²/ΣIh²; THFF weighted to 1 at 1 kHz.
      check('Voltage Crest Factor', (1 + v.reduce((a, x) => a + x, 0)) / Math.sqrt((1 + sq(v)) / 2), 0.01);
      check('Current K Factor', (1 + i.reduce((a, x, k) => a + (x * (k + 2)) ** 2, 0)) / (1 + sq(i)), 0.05);
      const w = (hz: number) => Math.min(1, hz / 1000);
      check('THFF (%)', (100 * Math.sqrt(w(f) ** 2 + v.reduce((a, x, k) => a + (w((k + 2) * f) * x) ** 2, 0))) / Math.sqrt(1 + sq(v)), 0.05);
      for (const n of HARMONIC_ORDERS) {
        check(`Voltage H${n} (%)`, row[HARMONIC_KEYS.voltage(n)]!, 0);
        check(`Current H${n} (%)`, row[HARMONIC_KEYS.current(n)]!, 0);
      }
    }
    // Exactly the selected parameters, nothing of the other masks.
    assert.deepEqual(Object.keys(values).sort(), [...expected].sort());
    // One bit alone: only its columns.
    const one = await broker.subscribe('site/meter', 1);
    await put(m, admin, (c) => (c.topic.powerQualityMask = 1024));
    assert.deepEqual(Object.keys(JSON.parse((await one.done)[0]!.payload).values), ['Phase A Current K Factor', 'Phase B Current K Factor', 'Phase C Current K Factor']);
    await put(m, admin, (c) => {
      c.mqttGenaral.protocolVersion = 4;
      c.topic = { ...c.topic, realTimeMask: 1 | 4 | 8 | 64 | 128, energyMask: 1, powerQualityMask: 0 };
    });
  });

  test('a wrong broker password: the broker refuses, the status is Disconnected', async () => {
    // Each refused attempt is a warning in the MQTT system log.
    const log = join(m.dataDir, 'syslog', syslogFileName('MQTT'));
    const refused = () => ((existsSync(log) ? readFileSync(log, 'utf8') : '').match(/ WARNING connection to .* failed: /g) ?? []).length;
    const earlier = refused();
    // '' keeps the stored secret: send a different one.
    const res = await put(m, admin, (c) => (c.userCredential.userPwd = 'wrong-password'));
    assert.equal(res.status, 200);
    // The broker's refusal (CONNACK not authorized) ends the attempts: the client does not retry
    // a refused CONNACK, so once the refusal is logged the status has nothing left to change it.
    await until('the refusal', () => refused() > earlier);
    await until('Disconnected', async () => (await status(m, admin)) === mqttTexts.disconnected);
    await put(m, admin, (c) => (c.userCredential.userPwd = broker.password));
    await until('Connected again', async () => (await status(m, admin)) === mqttTexts.connected);
  });

  test('SSL/TLS: files required, .crt/.cer/.key only, PEM only; then the TLS listener with a client certificate', async () => {
    const tls = broker.tls!;
    let res = await put(m, admin, (c) => (c.mqttSSLConfig.enableSSL = 1));
    assert.equal(res.status, 400);
    assert.equal(res.body.data.value, 'Please provide CA File');
    let up = await upload(m, admin, 'mqttCA', tls.ca, 'ca.pem');
    assert.equal(up.status, 400);
    assert.equal(up.body.data.value, mqttTexts.wrongExtension('.crt or .cer'));
    up = await upload(m, admin, 'mqttKey', tls.ca, 'ca.key');
    assert.equal(up.body.data.value, mqttTexts.notPem('private key'));
    assert.equal((await upload(m, admin, 'mqttCA', tls.ca, 'ca.cer')).body.data.value, mqttTexts.caUploaded);
    assert.equal((await upload(m, admin, 'mqttCert', tls.clientCert)).body.data.value, mqttTexts.certUploaded);
    assert.equal((await upload(m, admin, 'mqttKey', tls.clientKey)).body.data.value, mqttTexts.keyUploaded);
    const files = await m.call('GET', '/api/command/getMqttFileStat', { token: admin });
    assert.deepEqual(files.body.data, { isMqttCAExist: true, isMqttClientExist: true, isMqttKeyExist: true });
    assert.ok(!files.raw.includes('PRIVATE KEY'));

    const sub = await broker.subscribe('site/meter', 1);
    res = await put(m, admin, (c) => {
      c.mqttSSLConfig.enableSSL = 1;
      c.mqttGenaral.brokerPort = broker.tlsPort!;
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await sub.done;
    await until('Connected over TLS', async () => (await status(m, admin)) === mqttTexts.connected);
  });
});

describe('MQTT reconnect', () => {
  test('the broker goes away: Disconnected, attempts wait longer each time; it comes back: Connected and publishing again', async () => {
    let broker = await startBroker();
    const port = broker.port;
    const { m, admin } = await startModuleWithUsers();
    try {
      assert.equal((await put(m, admin, (c) => enable(c, broker))).status, 200);
      await until('Connected', async () => (await status(m, admin)) === mqttTexts.connected);
      await broker.stop();
      await until('Disconnected', async () => (await status(m, admin)) === mqttTexts.disconnected);

      // A listener that drops every connection on the broker's port: the module's attempts, timed.
      const attempts: number[] = [];
      const dropper = createServer((s) => {
        attempts.push(Date.now());
        s.destroy();
      });
      await new Promise<void>((resolve) => dropper.listen(port, '127.0.0.1', resolve));
      try {
        await until('three attempts', async () => attempts.length >= 3, 20_000);
      } finally {
        await new Promise((r) => dropper.close(r));
      }
      const [a, b, c] = attempts as [number, number, number];
      assert.ok(b - a >= 900, `first wait ${b - a} ms`);
      assert.ok(c - b >= 1.6 * (b - a), `waits ${b - a} ms then ${c - b} ms: not backing off`);
      assert.equal(await status(m, admin), mqttTexts.disconnected);

      broker = await startBroker({ port });
      const sub = await broker.subscribe('site/meter', 1, 40);
      await sub.done;
      await until('Connected again', async () => (await status(m, admin)) === mqttTexts.connected);
    } finally {
      await m.close();
      await broker.stop();
    }
  });
});

describe('MQTT last will', () => {
  let broker: Broker;
  before(async () => {
    broker = await startBroker();
  });
  after(() => broker.stop());

  for (const [protocolVersion, version] of [
    [4, 'mqttv311'],
    [5, 'mqttv5'],
  ] as const)
    test(`${version}: the broker publishes the last will (topic, retain) when the module process is killed, not when it closes`, async () => {
      const { m, admin } = await startModuleWithUsers();
      const willTopic = `site/${version}/status`;
      const res = await put(m, admin, (c) => {
        enable(c, broker);
        c.mqttGenaral.protocolVersion = protocolVersion;
        c.topic.topic = `site/${version}`;
        c.lastWill = { lastWillEnable: 1, topic: willTopic, qos: 1, isRetained: 1 };
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      await until('Connected', async () => (await status(m, admin)) === mqttTexts.connected);
      // A clean close sends DISCONNECT: no will.
      const quiet = await broker.subscribe(willTopic, 1, 2, { version });
      await m.close(true);
      await assert.rejects(quiet.done);

      // The same data folder in a module process of its own, then killed.
      const port = await freePort();
      const child = spawn(process.execPath, moduleServerArgs(), {
        cwd: join(dirname(fileURLToPath(import.meta.url)), '../../../../..'),
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          MODULE_DATA_DIR: m.dataDir,
          MODULE_ADMIN_PASSWORD: ADMIN_PASSWORD,
          MODULE_LOG_LEVEL: 'silent',
          MODULE_MODBUS_PORT: '0',
        },
        stdio: 'ignore',
      });
      try {
        // The child starts through tsx: slow on a loaded machine.
        const [first] = await broker.receive(`site/${version}`, 1, 90, { version });
        if (protocolVersion === 5) assert.equal(first!.contentType, 'application/json');
        const will = await broker.subscribe(willTopic, 1, 10, { version });
        child.kill('SIGKILL');
        const [msg] = await will.done;
        assert.deepEqual(JSON.parse(msg!.payload), { facilityId: 'Plant-7', status: 'offline' });
        if (protocolVersion === 5) assert.equal(msg!.contentType, 'application/json');
        // Retained: a subscriber that comes later still gets it.
        const [late] = await broker.receive(willTopic, 1, 5, { version });
        assert.equal(late!.topic, willTopic);
      } finally {
        child.kill('SIGKILL');
      }
    });
});
