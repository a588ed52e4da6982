/**
 * The SNMP agent against Debian's net-snmp tools: snmpget/snmpwalk read the system group and the
 * measurements (equal to the readings API at the same instant) with the read-only community, a
 * wrong community or an address off the enabled IP whitelist gets no answer; snmptranslate parses the downloaded MIB; snmptrapd receives
 * the v2c traps of meter system events, buffered per the buffer size and hold time; §5.7 rules.
 */
import { snmpTexts, type SnmpConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ALARM_OBJECT_OIDS, MEASUREMENTS, MEASUREMENTS_OID, measurementOid } from '../../../src/services/snmp/oid-table.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { save } from '../../meter-settings-helpers.ts';
import { freeUdpPort } from '../../../../../test-peers/free-ports.ts';
import { until } from '../../../../../test-peers/until.ts';

const PATH = '/api/settings/communication/snmpConfig';
const T0 = Date.parse('2026-06-01T12:00:00Z');
/** The module's clock: fixed, moved only where a test says so. */
let clock = T0;
const COMMUNITY = 'meterRO1';
const NET_SNMP_MIBS = join(dirname(createRequire(import.meta.url).resolve('net-snmp')), 'lib', 'mibs');

function run(cmd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => execFile(cmd, args, { timeout: 10_000 }, (e, out, err) => resolve({ code: e ? 1 : 0, out, err })));
}

async function put(m: TestModule, token: string, change: (c: SnmpConfig) => void) {
  const c = (await m.call('GET', PATH, { token })).body.data as SnmpConfig;
  change(c);
  return m.call('PUT', PATH, { token, body: c });
}

describe('SNMP agent', () => {
  let m: TestModule;
  let admin: string;
  let port: number;
  let trapPort: number;
  let trapd: ChildProcess;
  let trapOut = '';
  let dir: string;
  const agent = () => `udp:127.0.0.1:${port}`;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'snmp-test-'));
    port = await freeUdpPort();
    trapPort = await freeUdpPort();
    writeFileSync(join(dir, 'snmptrapd.conf'), 'disableAuthorization yes\n');
    trapd = spawn('stdbuf', ['-oL', 'snmptrapd', '-f', '-Lo', '-On', '-C', '-c', join(dir, 'snmptrapd.conf'), '-p', join(dir, 'trapd.pid'), `udp:127.0.0.1:${trapPort}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    trapd.stdout!.on('data', (d: Buffer) => (trapOut += d.toString()));
    ({ m, admin } = await startModuleWithUsers({ now: () => clock, env: { MODULE_SNMP_PORT: String(port), MODULE_SNMP_TRAP_PORT: String(trapPort) } }));
  });
  after(async () => {
    await m.close();
    trapd.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  test('§5.7 rules: community 6 to 20, port 161 or 16100 to 16199, buffer 0 to 30, hold 0 to 300; the community is never returned', async () => {
    let res = await put(m, admin, (c) => {
      c.enable = 1;
      c.readOnlyCommunity = '';
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.data.value, snmpTexts.communityRequired);
    res = await put(m, admin, (c) => Object.assign(c, { enable: 1, readOnlyCommunity: 'short' }));
    assert.equal(res.body.data.errors.readOnlyCommunity, 'Read Only Community must be at least 6 characters');
    res = await put(m, admin, (c) => Object.assign(c, { enable: 1, readOnlyCommunity: 'x'.repeat(21) }));
    assert.equal(res.status, 400);
    res = await put(m, admin, (c) => Object.assign(c, { enable: 1, readOnlyCommunity: COMMUNITY, port: 162 }));
    assert.equal(res.status, 400);
    assert.equal(res.body.data.errors.port, 'Port must be 161, or between 16100 and 16199');
    res = await put(m, admin, (c) => Object.assign(c, { enable: 1, readOnlyCommunity: COMMUNITY, port: 16100, trapConfig: { ...c.trapConfig, enable: 1, reportBufferSize: 31 } }));
    assert.ok(res.body.data.errors['trapConfig.reportBufferSize'] ?? res.body.data.errors['trapConfig__reportBufferSize']);
    res = await put(m, admin, (c) => Object.assign(c, { enable: 1, readOnlyCommunity: COMMUNITY, port: 16100, trapConfig: { ...c.trapConfig, enable: 1, target1: 'not-an-ip' } }));
    assert.equal(res.status, 400);
    res = await put(m, admin, (c) =>
      Object.assign(c, {
        enable: 1,
        readOnlyCommunity: COMMUNITY,
        port: 161,
        trapConfig: { enable: 1, target1: '127.0.0.1', target2: '', target3: '', target4: '', reportBufferSize: 2, reportHoldTime: 300 },
      }),
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const got = await m.call('GET', PATH, { token: admin });
    assert.equal(got.body.data.readOnlyCommunity, '');
    assert.ok(!got.raw.includes(COMMUNITY));
    // '' keeps the stored community.
    res = await put(m, admin, (c) => (c.trapConfig.reportHoldTime = 300));
    assert.equal(res.status, 200);
    await new Promise((r) => setTimeout(r, 100));
  });

  test('snmpget: sysDescr has the model and firmware, sysName is the device description; snmpwalk gives the measurements the readings API shows', async () => {
    const id = m.services.device.identity();
    let r = await run('snmpget', ['-v2c', '-c', COMMUNITY, '-t', '2', '-r', '1', '-On', '-Oqv', agent(), '1.3.6.1.2.1.1.1.0', '1.3.6.1.2.1.1.5.0']);
    assert.equal(r.code, 0, r.err);
    const [descr, name] = r.out.trim().split('\n');
    assert.equal(descr!.replace(/^"|"$/g, ''), `${id.moduleModel} firmware ${id.moduleFirmwareVersion}`);
    assert.equal(name!.replace(/^"|"$/g, ''), m.services.device.state().deviceDescription);
    // sysUpTime: hundredths of a second since the agent started, counting.
    const upTime = async () => {
      const u = await run('snmpget', ['-v2c', '-c', COMMUNITY, '-t', '2', '-r', '1', '-On', '-Oqv', '-Ot', agent(), '1.3.6.1.2.1.1.3.0']);
      assert.equal(u.code, 0, u.err);
      return Number(u.out.trim());
    };
    const up1 = await upTime();
    clock += 5000;
    const up2 = await upTime();
    clock -= 5000;
    assert.ok(Number.isInteger(up1) && up2 - up1 === 500, `sysUpTime ${up1} then ${up2}`);

    r = await run('snmpwalk', ['-v2c', '-c', COMMUNITY, '-t', '2', '-r', '1', '-On', agent(), MEASUREMENTS_OID]);
    assert.equal(r.code, 0, r.err);
    const walked = new Map([...r.out.matchAll(/^\.?([\d.]+) = \w+: (-?\d+)$/gm)].map((x) => [x[1], Number(x[2])]));
    assert.equal(walked.size, MEASUREMENTS.length);
    const token = admin;
    const rows = (await m.call('GET', '/api/readings/realtime/system', { token })).body.data as Record<string, number>[];
    const sys = rows[3]!;
    const at = (name: string) => walked.get(`${measurementOid(MEASUREMENTS.find((x) => x.name === name)!)}.0`)!;
    assert.ok(Math.abs(at('meterFrequency') / 100 - sys['Frequency Hz']!) <= 0.0051);
    assert.ok(Math.abs(at('meterVoltageAN') / 10 - rows[0]!['Line-to-Neutral Voltage V']!) <= 0.051);
    assert.ok(Math.abs(at('meterActivePower') / 1000 - sys['Active Power kW']!) <= 0.0011);
    assert.ok(Math.abs(at('meterPowerFactor') / 1000 - sys['Power Factor']!) <= 0.0011);
  });

  test('a wrong community gets no answer', async () => {
    const r = await run('snmpget', ['-v2c', '-c', 'wrong-community', '-t', '1', '-r', '0', agent(), '1.3.6.1.2.1.1.1.0']);
    assert.notEqual(r.code, 0);
    assert.match(r.out + r.err, /Timeout/);
  });

  test('the MIB download is an SMIv2 module snmptranslate parses, naming exactly the served OIDs', async () => {
    const res = await m.app.inject({ method: 'GET', url: '/api/download/snmpMib/ACCUMETER-MIB.txt', headers: { authorization: `Bearer ${admin}` } });
    assert.equal(res.statusCode, 200);
    writeFileSync(join(dir, 'ACCUMETER-MIB.txt'), res.body);
    // Debian ships no IETF MIBs (they are non-free there): the SMI modules it imports come from net-snmp's copies.
    for (const base of ['SNMPv2-SMI', 'SNMPv2-TC', 'SNMPv2-CONF']) copyFileSync(join(NET_SNMP_MIBS, `${base}.mib`), join(dir, `${base}.txt`));
    const translate = (...args: string[]) => run('snmptranslate', ['-M', dir, '-m', 'ACCUMETER-MIB', ...args]);
    for (const x of MEASUREMENTS) {
      const r = await translate('-On', `ACCUMETER-MIB::${x.name}`);
      assert.equal(r.out.trim(), `.${measurementOid(x)}`, `${x.name}: ${r.err}`);
    }
    // -Pu: warnings too; the module must parse without one.
    const tree = await translate('-Pu', '-Tp', '-IR', 'accuMeter');
    assert.equal(tree.err, '');
    assert.equal(tree.out.match(/-R-- /g)?.length, MEASUREMENTS.length);
    assert.match(tree.out, /meterSystemEvent\(1\)/);
    assert.match(tree.out, /meterAlarm\(2\)/);
    for (const [name, oid] of [
      ['meterAlarmId', ALARM_OBJECT_OIDS.id],
      ['meterAlarmParameter', ALARM_OBJECT_OIDS.parameter],
      ['meterAlarmCondition', ALARM_OBJECT_OIDS.condition],
      ['meterAlarmSetpoint', ALARM_OBJECT_OIDS.setPoint],
      ['meterAlarmValue', ALARM_OBJECT_OIDS.value],
      ['meterAlarmStatus', ALARM_OBJECT_OIDS.status],
    ]) {
      assert.equal((await translate('-On', `ACCUMETER-MIB::${name}`)).out.trim(), `.${oid}`, name);
    }
  });

  test('traps: buffered to the buffer size (2), then sent to the target as v2c with the event text', async () => {
    m.services.meterEvents.write('resetEnergy', T0);
    // No trap yet: a negative with no event to wait for, so a moment passes first.
    await new Promise((r) => setTimeout(r, 500));
    assert.ok(!trapOut.includes('Energy reset'), 'one event waits for the second');
    m.services.meterEvents.write('resetDiPulseCounter', T0);
    await until('both traps', () => trapOut.includes('Energy reset') && trapOut.includes('DI pulse counter reset'), 5000);
    assert.match(trapOut, /Energy reset/);
    assert.match(trapOut, /DI pulse counter reset/);
    assert.match(trapOut, /\.1\.3\.6\.1\.4\.1\.99999\.2\.0\.1/);
  });

  test('traps: a held event goes out after the hold time', async () => {
    const res = await put(m, admin, (c) => (c.trapConfig = { ...c.trapConfig, reportBufferSize: 10, reportHoldTime: 1 }));
    assert.equal(res.status, 200);
    await new Promise((r) => setTimeout(r, 200));
    m.services.meterEvents.write('setClk', T0);
    // Held, not sent at once: a negative with no event to wait for, so part of the hold time passes first.
    await new Promise((r) => setTimeout(r, 400));
    assert.ok(!trapOut.includes('Meter clock set'));
    await until('the held trap', () => trapOut.includes('Meter clock set'), 4000);
    assert.match(trapOut, /Meter clock set/);
  });

  test('traps: every target gets them (a second snmptrapd on 127.0.0.2 as target 2)', async () => {
    const second = spawn('stdbuf', ['-oL', 'snmptrapd', '-f', '-Lo', '-On', '-C', '-c', join(dir, 'snmptrapd.conf'), '-p', join(dir, 'trapd2.pid'), `udp:127.0.0.2:${trapPort}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    second.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    try {
      // snmptrapd prints its banner once it listens.
      await until("the second snmptrapd's banner", () => /NET-SNMP version/.test(out), 5000);
      const res = await put(m, admin, (c) => (c.trapConfig = { ...c.trapConfig, target2: '127.0.0.2', reportBufferSize: 0, reportHoldTime: 0 }));
      assert.equal(res.status, 200, res.raw);
      await new Promise((r) => setTimeout(r, 200));
      const seen = trapOut.length;
      m.services.meterEvents.write('resetDeviceRunTime', T0);
      await until('the trap at both targets', () => /Device run time reset/.test(out) && /Device run time reset/.test(trapOut.slice(seen)), 5000);
      assert.match(out, /Device run time reset/, 'target 2');
      assert.match(trapOut.slice(seen), /Device run time reset/, 'target 1');
    } finally {
      second.kill();
      await put(m, admin, (c) => (c.trapConfig = { ...c.trapConfig, target2: '' }));
    }
  });

  test('traps: an alarm limit that triggers, and recovers, sends meterAlarm with the Alarm Log columns', async () => {
    const res = await put(m, admin, (c) => (c.trapConfig = { ...c.trapConfig, reportBufferSize: 0 }));
    assert.equal(res.status, 200);
    await new Promise((r) => setTimeout(r, 200));
    const seen = trapOut.length;
    // Phase A voltage above 90 % of the rated voltage, at once: the simulated meter runs near 100 %.
    await save(m, admin, 'alarm', (b) => {
      b.enable = true;
      b.alarmId4 = { enable: true, alarmChannelType: 0, alarmChannelParam: 1, setting: 1, setPoint: 90, delay: 0, output: 0 };
    });
    m.services.ticker.tickAt(T0 + 1000);
    const [rec] = (await m.call('GET', '/api/readings/alarm', { token: admin })).body.data as Record<string, string | number>[];
    assert.equal(rec!.Status, 'Triggered');
    // Answers whether it arrived; the assertion names what did.
    const arrived = async (text: RegExp) => {
      await until(`the trap ${text}`, () => text.test(trapOut.slice(seen)), 5000).catch(() => undefined);
      return text.test(trapOut.slice(seen));
    };
    const oid = (o: string) => `\\.${o.replace(/\./g, '\\.')}`;
    const trap = (status: string) =>
      new RegExp(
        [
          `\\.1\\.3\\.6\\.1\\.4\\.1\\.99999\\.2\\.0\\.2`,
          `${oid(ALARM_OBJECT_OIDS.id)} = INTEGER: 4`,
          `${oid(ALARM_OBJECT_OIDS.parameter)} = STRING: "Phase A Voltage"`,
          `${oid(ALARM_OBJECT_OIDS.condition)} = STRING: ">"`,
          `${oid(ALARM_OBJECT_OIDS.setPoint)} = STRING: "90%"`,
          `${oid(ALARM_OBJECT_OIDS.value)} = STRING: "${String(rec!.Value).replace('.', '\\.')}"`,
          `${oid(ALARM_OBJECT_OIDS.status)} = STRING: "${status}"`,
        ].join('.*'),
        's',
      );
    assert.ok(await arrived(trap('Triggered')), trapOut.slice(seen));
    // Switching the limit off ends it: Recovered, and its trap.
    await save(m, admin, 'alarm', (b) => (b.alarmId4 = { ...b.alarmId4, enable: false }));
    assert.ok(await arrived(/STRING: "Recovered"/), trapOut.slice(seen));
  });

  test('the IP whitelist: a request from an address not on the enabled list gets no answer; a listed one is answered', async () => {
    const WL = '/api/settings/communication/ipWhitelistConfig';
    const from = (client: string) => run('snmpget', ['-v2c', '-c', COMMUNITY, '-t', '1', '-r', '0', `--clientaddr=${client}`, '-Oqv', agent(), '1.3.6.1.2.1.1.5.0']);
    assert.equal((await from('127.0.0.2')).code, 0, 'answered while the whitelist is off');
    let res = await m.call('PUT', WL, { token: admin, body: { whiteListEnable: true, whiteList: [{ ipv4: '127.0.0.1', ipv6: '', description: 'this host' }] } });
    assert.equal(res.status, 200, res.raw);
    const refused = await from('127.0.0.2');
    assert.notEqual(refused.code, 0);
    assert.match(refused.out + refused.err, /Timeout/);
    const listed = await from('127.0.0.1');
    assert.equal(listed.code, 0, listed.err);
    res = await m.call('PUT', WL, { token: admin, body: { whiteListEnable: false, whiteList: [] } });
    assert.equal(res.status, 200, res.raw);
    assert.equal((await from('127.0.0.2')).code, 0, 'answered again once the whitelist is off');
  });
});
