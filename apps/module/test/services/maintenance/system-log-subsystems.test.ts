/**
 * The system log per subsystem (002 §2.12, debug diagnostic): each of the subsystems below writes
 * on its own code paths, driven here through the API and real peers (mbpoll, snmpget, mosquitto,
 * chronyd, an SMTP server, an HTTP server, a BACnet/IP datagram). Each row: with every switch off
 * the action writes no debug line; with the subsystem's switch on its debug line appears in that
 * subsystem's file. Last, no secret the actions used appears in any line.
 */
import { DEBUG_LOG_OFF, DEBUG_LOG_ON, DEBUG_SUBSYSTEMS, DEFAULT_SMTP_CONFIG, bacnetSection, syslogConfigAll, type DebugSubsystem, type SmtpConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { syslogFileName } from '../../../src/services/maintenance/system-log.ts';
import { ADMIN_PASSWORD, startModuleWithUsers, type TestModule } from '../../helper.ts';
import { save } from '../../meter-settings-helpers.ts';
import { startNtpPeer, type NtpPeer } from '../../ntp-peer.ts';
import { startBroker, type Broker } from '../../peers/mosquitto.ts';
import { startSmtpPeer, type SmtpPeer } from '../../peers/smtp-peer.ts';
import { freeUdpPort } from '../../../../../test-peers/free-ports.ts';
import { until } from '../../../../../test-peers/until.ts';

const SMTP_USER = 'meter@example.com';
const SMTP_PASSWORD = 'Smtp-Secr3t-77';
const COMMUNITY = 'snmpCommSecret7';
const POST_PASSWORD = 'Post-Secr3t-91';
// The host's time: the NTP peer serves it, so a sync moves the device clock by little.
const T0 = Math.floor(Date.now() / 60_000) * 60_000 + 10_000;

function run(cmd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => execFile(cmd, args, { timeout: 10_000 }, (e, out, err) => resolve({ code: e ? 1 : 0, out, err })));
}

/** A Who-Is to the BACnet/IP device (Original-Unicast-NPDU), answered by an I-Am. */
async function whoIs(port: number): Promise<void> {
  const s = createSocket('udp4');
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', () => resolve()));
  const answered = new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('no I-Am')), 3000);
    s.once('message', () => {
      clearTimeout(t);
      resolve();
    });
  });
  s.send(Buffer.from([0x81, 0x0a, 0x00, 0x08, 0x01, 0x00, 0x10, 0x08]), port, '127.0.0.1');
  try {
    await answered;
  } finally {
    s.close();
  }
}

interface Row {
  subsystem: DebugSubsystem;
  /** A real action that goes through the subsystem. */
  act?: () => Promise<void>;
  /** A line written at start (lifecycle), before any clear. */
  atStart: RegExp;
  /** A line the action writes at info (or worse) whatever the switch says. */
  actInfo?: RegExp;
  /** The action's debug line, written only with the switch on. */
  debug?: RegExp;
}

describe('system log: every subsystem writes on its own code paths', () => {
  let m: TestModule;
  let token: string;
  let smtp: SmtpPeer;
  let broker: Broker;
  let ntp: NtpPeer;
  let http: Server;
  let httpPort: number;
  let snmpPort: number;
  const clock = { t: T0 };
  const file = (s: DebugSubsystem) => join(m.dataDir, 'syslog', syslogFileName(s));
  const lines = (s: DebugSubsystem) => (existsSync(file(s)) ? readFileSync(file(s), 'utf8') : '');
  const ok = async (method: 'PUT' | 'PATCH' | 'GET', url: string, body?: unknown) => {
    const r = await m.call(method, url, { token, body });
    assert.equal(r.status, 200, `${method} ${url}: ${r.raw}`);
    return r.body.data;
  };
  const switches = (on?: DebugSubsystem) => ok('PUT', '/api/settings/syslogConfig', { ...syslogConfigAll(DEBUG_LOG_OFF), ...(on ? { [on]: { logLevel: DEBUG_LOG_ON } } : {}) });
  const mbpoll = async () => {
    const r = await run('mbpoll', ['-m', 'tcp', '-p', String(m.services.modbus.port()), '-0', '-1', '-o', '1', '-a', '1', '-r', String(0x2000), '-c', '4', '-t', '4', '127.0.0.1']);
    assert.equal(r.code, 0, r.err || r.out);
  };
  const tick = (ms: number) => {
    clock.t += ms;
    m.services.ticker.tickAt(clock.t);
  };

  before(async () => {
    [smtp, broker, ntp] = await Promise.all([startSmtpPeer({ mode: 'plain', auth: { user: SMTP_USER, password: SMTP_PASSWORD } }), startBroker(), startNtpPeer(0)]);
    http = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    httpPort = await new Promise<number>((r) => http.listen(0, '127.0.0.1', () => r((http.address() as AddressInfo).port)));
    snmpPort = await freeUdpPort();
    ({ m, admin: token } = await startModuleWithUsers({
      now: () => clock.t,
      env: {
        MODULE_NTP_PORT: String(ntp.port),
        MODULE_SNMP_PORT: String(snmpPort),
        MODULE_SNMP_TRAP_PORT: String(await freeUdpPort()),
        MODULE_DATALOG_INTERVAL_SECONDS: '2',
      },
      // BACnet/IP takes its settings at start: saved before the module is ready.
      beforeReady: (_app, s) => void s.sections.save(bacnetSection, { ...s.sections.document(bacnetSection), enable: 1, deviceInstance: 4711 }, 'admin'),
    }));
    const smtpCfg: SmtpConfig = {
      ...DEFAULT_SMTP_CONFIG(),
      enable: 1,
      smtpServer: '127.0.0.1',
      smtpPort: smtp.port,
      smtpFrom: 'meter@example.com',
      smtpSubject: 'Meter 7',
      smtpToAddress1: 'ops@example.com',
      sendStartTime: '2026-03-01 03:00',
      isAuthOn: 1,
      smtpUserName: SMTP_USER,
      smtpPassword: SMTP_PASSWORD,
    };
    await ok('PUT', '/api/settings/communication/smtpConfig', smtpCfg);
    const snmp = await ok('GET', '/api/settings/communication/snmpConfig');
    await ok('PUT', '/api/settings/communication/snmpConfig', { ...snmp, enable: 1, readOnlyCommunity: COMMUNITY });
    const post = await ok('GET', '/api/settings/communication/dataPostConfig');
    const info = {
      ...post.dataPost1.postChannelInfo,
      HTTPAddress: 'http://127.0.0.1/upload',
      HTTPPort: httpPort,
      HTTPMeterId: 'meter-7',
      HTTPAuthenticationMethod: 1,
      username: 'meter',
      password: POST_PASSWORD,
    };
    await ok('PUT', '/api/settings/communication/dataPostConfig', { ...post, dataPost1: { ...post.dataPost1, enable: true, postChannelInfo: info } });
    const ntpCfg = await ok('GET', '/api/settings/communication/ntpConfig');
    await ok('PUT', '/api/settings/communication/ntpConfig', { ...ntpCfg, enable: 1, ntpServer1: '127.0.0.1', ntpServer2: '', ntpServer3: '' });
    const mqtt = await ok('GET', '/api/settings/communication/mqttConfig');
    mqtt.mqttGenaral = { ...mqtt.mqttGenaral, mqttEnable: 1, brokerIpAddr: '127.0.0.1', brokerPort: broker.port, keepAlive: 5, facilityId: 'Plant-7' };
    mqtt.userCredential = { userName: broker.user, userPwd: broker.password };
    mqtt.topic = { ...mqtt.topic, topic: 'site/meter', qos: 1 };
    await ok('PUT', '/api/settings/communication/mqttConfig', mqtt);
    await until('the MQTT client to connect', () => m.services.mqtt.publisher.connected());
    await until('the SNMP agent to start', () => m.services.snmp.running());
  });

  after(async () => {
    await m?.close();
    await Promise.all([smtp?.close(), broker?.stop(), ntp?.close(), new Promise<void>((r) => (http ? (http.closeAllConnections(), http.close(() => r())) : r()))]);
  });

  const rows: Row[] = [
    {
      subsystem: 'Rtu Server',
      act: async () => {
        await mbpoll();
        await save(m, token, 'general', (b) => (b.meterBaud = b.meterBaud === 9600 ? 19200 : 9600));
      },
      actInfo: /INFO RS485 link reconfigured: Modbus RTU, meter address 1, (9600|19200) baud, parity [\w ]+ \(was Modbus RTU, meter address 1, (9600|19200) baud/,
      atStart: /INFO RS485 link to the meter: Modbus RTU, meter address 1, \d+ baud, parity [\w ]+ \(simulated meter: no serial port on this host\)/,
      debug: /DEBUG meter address 1: function 03 start 8192 count 4 -> 4 registers/,
    },
    {
      subsystem: 'App Config',
      act: async () => {
        const c = await ok('GET', '/api/settings/communication/smtpConfig');
        await ok('PUT', '/api/settings/communication/smtpConfig', { ...c, smtpSubject: c.smtpSubject === 'Meter 7' ? 'Meter 8' : 'Meter 7' });
      },
      atStart: /INFO smtpConfig saved by admin: \d+ change\(s\), applied/,
      actInfo: /INFO smtpConfig saved by admin: 1 change\(s\), applied/,
      debug: /DEBUG smtpConfig changes: .*Meter [78]/,
    },
    {
      subsystem: 'Time configurator',
      act: async () => {
        await ok('PATCH', '/api/command/syncTime', { value: 1 });
        // The ticks of other rows run the test's clock ahead: a step back of over a minute ends the sessions.
        token = await m.login();
      },
      atStart: /INFO time settings changed: NTP on \(servers 127\.0\.0\.1, UDP port \d+, hourly\)/,
      actInfo: /INFO Time synchronised from NTP server 127\.0\.0\.1 \(offset -?\d+\.\d{3} s\)/,
      debug: /DEBUG SNTP reply from 127\.0\.0\.1: stratum 3, offset/,
    },
    {
      subsystem: 'Reading Source',
      act: async () => {
        clock.t += 1000;
        await ok('GET', '/api/readings/realtime/system');
      },
      atStart: /INFO simulated reading source started: wiring code \d+, rated \d+ V L-N, 18 inputs/,
      debug: /DEBUG reading at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z: f \d+\.\d{3} Hz, V L-N avg/,
    },
    {
      subsystem: 'Database',
      act: async () => {
        tick(1000);
        tick(60_000);
      },
      atStart: /INFO module\.sqlite opened: schema version \d+ \(migrated from 0\), WAL[\s\S]*INFO trends\.sqlite opened/,
      debug: /DEBUG trend store: minute \d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z rolled up/,
    },
    {
      subsystem: 'Data Log',
      act: async () => {
        const path = '/api/settings/communication/dataLogConfig';
        const c = await ok('GET', path);
        await ok('PUT', path, { ...c, dataLog1: { ...c.dataLog1, enable: false } });
        tick(2000);
        await ok('PUT', path, { ...c, dataLog1: { ...c.dataLog1, enable: true } });
        tick(2000);
        tick(2000);
      },
      atStart: /^$/,
      actInfo: /INFO data log 1 stopped\n.*INFO data log 1 running: interval code \d+, \d+ columns, CSV/,
      debug: /DEBUG data log 1: row of \d{4}-\d\d-\d\dT[\d:.]+Z written to datalog1_\w+\.csv/,
    },
    {
      subsystem: 'Data Post',
      act: async () => void (await ok('PATCH', '/api/command/testPoster', { channel: 1 })),
      atStart: /^$/,
      actInfo: new RegExp(`INFO Post Channel 1: test_\\w+\\.csv sent to 127\\.0\\.0\\.1:${'\\d+'} by HTTP`),
      debug: /DEBUG Post Channel 1: sending test_\w+\.csv \(\d+ bytes\) by HTTP/,
    },
    {
      subsystem: 'Email',
      act: async () => {
        const before = smtp.received.length;
        await ok('PATCH', '/api/command/testEmail', { channel: 1 });
        await smtp.waitFor(before + 1);
      },
      atStart: /^$/,
      actInfo: /INFO test mail by admin sent through 127\.0\.0\.1:\d+ to ops@example\.com: 250/,
      debug: /DEBUG test mail by admin: connecting to 127\.0\.0\.1:\d+ \(no encryption, AUTH as meter@example\.com\), 1 recipient\(s\)/,
    },
    { subsystem: 'Mudp', atStart: /INFO UDP discovery \(Mudp\) is not present on this module/ },
    {
      subsystem: 'Modbus Server',
      act: mbpoll,
      atStart: /INFO Modbus TCP server listening on [\d.]+:\d+, unit id 1/,
      debug: /DEBUG request from 127\.0\.0\.1:\d+: transaction \d+ unit 1 function 03 start 8192 count 4 -> 4 registers/,
    },
    {
      subsystem: 'BACnet',
      act: async () => whoIs(m.services.bacnet.port()!),
      atStart: /INFO BACnet\/IP device 4711 listening on UDP [\d.]+:\d+/,
      debug: /DEBUG Who-Is from 127\.0\.0\.1:\d+ answered with I-Am/,
    },
    {
      subsystem: 'SNMP',
      act: async () => {
        const r = await run('snmpget', ['-v2c', '-c', COMMUNITY, '-t', '2', '-r', '1', '-Oqv', `udp:127.0.0.1:${snmpPort}`, '1.3.6.1.2.1.1.5.0']);
        assert.equal(r.code, 0, r.err);
      },
      atStart: /INFO SNMP v2c agent listening on UDP [\d.]+:\d+; traps off/,
      debug: /DEBUG datagram from 127\.0\.0\.1:\d+ \(\d+ bytes\)$/m,
    },
    {
      subsystem: 'MQTT',
      act: async () => void (await ok('PATCH', '/api/command/testMqtt', { value: 1 })),
      atStart: /INFO connecting to mqtt:\/\/127\.0\.0\.1:\d+ \(MQTT 3\.1\.1, client id \w+, user meter\)[\s\S]*INFO connected to mqtt:\/\/127\.0\.0\.1:\d+/,
      debug: /DEBUG published \d+ bytes to site\/meter \(QoS 1\)/,
    },
  ];

  test('the table covers every subsystem that had no lines before', () => {
    const before = ['Common', 'Web Server', 'App Supervisor', 'Meter'];
    assert.deepEqual(rows.map((r) => r.subsystem).sort(), DEBUG_SUBSYSTEMS.filter((s) => !before.includes(s)).sort());
  });

  test('lifecycle lines: each subsystem says how it started, at info, with no debug line while the switches are off', () => {
    for (const r of rows) {
      const text = lines(r.subsystem);
      assert.match(text, r.atStart, `${r.subsystem}:\n${text}`);
      assert.doesNotMatch(text, / DEBUG /, `${r.subsystem} wrote debug with its switch off`);
    }
  });

  for (const r of rows) {
    test(`${r.subsystem}: off, no debug line; on, its debug line in its own file`, async () => {
      await ok('PATCH', '/api/command/clearSysLog', {});
      await switches();
      await r.act?.();
      const off = lines(r.subsystem);
      assert.doesNotMatch(off, / DEBUG /, `${r.subsystem} with its switch off:\n${off}`);
      if (r.actInfo) assert.match(off, r.actInfo, `${r.subsystem}:\n${off}`);
      if (!r.debug) {
        await switches(r.subsystem);
        assert.doesNotMatch(lines(r.subsystem), / DEBUG /);
        return;
      }
      await switches(r.subsystem);
      await r.act!();
      await until(`${r.subsystem}'s debug line`, () => r.debug!.test(lines(r.subsystem)), 5000).catch(() => assert.match(lines(r.subsystem), r.debug!));
      // The other subsystems' switches stayed off.
      for (const other of DEBUG_SUBSYSTEMS.filter((s) => s !== r.subsystem)) assert.doesNotMatch(lines(other), / DEBUG /, `${other} wrote debug while only ${r.subsystem} was on`);
      await switches();
    });
  }

  test('no secret the actions used appears in any system log line, with every switch on', async () => {
    await ok('PUT', '/api/settings/syslogConfig', syslogConfigAll(DEBUG_LOG_ON));
    // New secrets saved with App Config's debug on: its change lines must mask them.
    const changed = { smtp: 'Smtp-Secr3t-88', community: 'snmpCommSecret8', post: 'Post-Secr3t-92' };
    const smtpCfg = await ok('GET', '/api/settings/communication/smtpConfig');
    await ok('PUT', '/api/settings/communication/smtpConfig', { ...smtpCfg, smtpPassword: changed.smtp });
    // And back, so the test mail still signs in.
    await ok('PUT', '/api/settings/communication/smtpConfig', { ...smtpCfg, smtpPassword: SMTP_PASSWORD });
    const snmp = await ok('GET', '/api/settings/communication/snmpConfig');
    await ok('PUT', '/api/settings/communication/snmpConfig', { ...snmp, readOnlyCommunity: changed.community });
    await until('the SNMP agent to restart', () => lines('SNMP').includes('SNMP settings changed'));
    await until('the SNMP agent to run', () => m.services.snmp.running());
    const post = await ok('GET', '/api/settings/communication/dataPostConfig');
    await ok('PUT', '/api/settings/communication/dataPostConfig', {
      ...post,
      dataPost1: { ...post.dataPost1, postChannelInfo: { ...post.dataPost1.postChannelInfo, password: changed.post } },
    });
    assert.match(lines('App Config'), /DEBUG snmpConfig changes: /);
    for (const r of rows.filter((x) => x.subsystem !== 'SNMP')) await r.act?.();
    // A sign-in with the password, a tokened download: the Web Server's lines see both.
    const again = await m.login('admin', ADMIN_PASSWORD);
    await m.call('GET', `/api/settings/syslogConfig?token=${again}`);
    const text = readdirSync(join(m.dataDir, 'syslog'))
      .map((f) => readFileSync(join(m.dataDir, 'syslog', f), 'utf8'))
      .join('');
    assert.match(text, / DEBUG /, 'debug lines were written');
    for (const secret of [SMTP_PASSWORD, COMMUNITY, POST_PASSWORD, ...Object.values(changed), broker.password, ADMIN_PASSWORD, token, again]) {
      assert.ok(!text.includes(secret), `a secret reached the system log: ${secret.slice(0, 3)}…`);
    }
    await switches();
  });
});
