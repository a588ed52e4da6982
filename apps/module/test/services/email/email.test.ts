/**
 * E-mail (001 "SMTP config", §5 rules, §7 smtpConfig and testEmail) against a real SMTP server
 * (the smtp-server package) on loopback ports: plain, STARTTLS and implicit TLS with a
 * certificate openssl makes here, AUTH, the periodic report with its attachment, real-time mails,
 * and the failures in words (wrong password, refused, no STARTTLS, a certificate of another CA)
 * that change nothing.
 */
import { DEFAULT_SMTP_CONFIG, DEMAND_KEYS, ENERGY_KEYS, emailTexts as t, isoWithOffset, type AlarmRecord, type SmtpConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { MINUTE, ROLE_USERS, T0, type RoleName } from '../../logs-helpers.ts';
import { makeTlsFiles, type TlsFiles } from '../../../../../test-peers/tls-files.ts';
import { startSmtpPeer, type SmtpPeer } from '../../peers/smtp-peer.ts';

const PATH = '/api/settings/communication/smtpConfig';
const USER = 'meter@example.com';
const PASSWORD = 'Secr3t-pass';

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('e-mail', () => {
  let m: TestModule;
  let tokens: Record<RoleName | 'admin', string>;
  let tls: TlsFiles;
  let tlsDir: string;
  const peers: SmtpPeer[] = [];
  const clock = { t: T0 };
  const get = async (token = tokens.admin) => m.call('GET', PATH, { token });
  const put = (body: unknown, token = tokens.admin) => m.call('PUT', PATH, { token, body });
  const testEmail = (channel: unknown, token = tokens.admin) => m.call('PATCH', '/api/command/testEmail', { token, body: { channel } });
  const stored = () => m.services.email.config();
  const config = (over: Partial<SmtpConfig>): SmtpConfig => ({
    ...DEFAULT_SMTP_CONFIG(),
    enable: 1,
    smtpServer: '127.0.0.1',
    smtpFrom: 'meter@example.com',
    smtpSubject: 'Meter 7',
    smtpToAddress1: 'ops@example.com',
    sendStartTime: '2026-03-01 03:00',
    ...over,
  });
  const save = async (over: Partial<SmtpConfig>) => {
    const res = await put(config(over));
    assert.equal(res.status, 200, res.raw);
  };
  const peer = async (...args: Parameters<typeof startSmtpPeer>) => {
    const p = await startSmtpPeer(...args);
    peers.push(p);
    return p;
  };
  const lastEvent = () => m.services.events.all().at(-1)!;

  before(async () => {
    tlsDir = mkdtempSync(join(tmpdir(), 'smtp-tls-'));
    tls = makeTlsFiles(tlsDir);
    ({ m, tokens } = await startModuleWithUsers({ ...ROLE_USERS, now: () => clock.t, env: { MODULE_EMAIL_TIMEOUT_SECONDS: '5', MODULE_TRUSTED_CA: tls.ca } }));
  });
  after(async () => {
    await Promise.all(peers.map((p) => p.close()));
    await m.close();
    rmSync(tlsDir, { recursive: true, force: true });
  });

  test('the defaults: SMTP off, port 25, interval 60 minutes, no password', async () => {
    const res = await get();
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, DEFAULT_SMTP_CONFIG());
  });

  test('view roles read but may not save or test; others may not read', async () => {
    assert.equal((await get(tokens.config)).status, 200);
    assert.equal((await get(tokens.nothing)).status, 403);
    assert.equal((await put(config({}), tokens.config)).status, 403);
    assert.equal((await testEmail(1, tokens.config)).status, 403);
    assert.equal(stored().enable, 0);
  });

  test('the rules of 001 §5 answer 400 with the form message and change nothing', async () => {
    const before = stored();
    const cases: [Partial<SmtpConfig> & Record<string, unknown>, string, string][] = [
      [{ sendStartTime: '' }, 'sendStartTime', 'Please provide Start Time'],
      [{ sendStartTime: '2026-13-01 03:00' }, 'sendStartTime', 'Start Time must be a date and time as YYYY-MM-DD HH:MM'],
      [{ smtpServer: '' }, 'smtpServer', 'Please provide SMTP Server'],
      [{ smtpServer: 'not a domain' }, 'smtpServer', 'SMTP Server must be a valid domain'],
      [{ smtpServer: `${'a'.repeat(37)}.com` }, 'smtpServer', 'SMTP Server cannot exceed 40 characters'],
      [{ smtpPort: 0 }, 'smtpPort', 'SMTP Port must be between 1 and 65535'],
      [{ smtpPort: 25.5 }, 'smtpPort', 'SMTP Port must be an integer'],
      [{ smtpFrom: '' }, 'smtpFrom', 'Please provide From'],
      [{ smtpFrom: 'x'.repeat(41) }, 'smtpFrom', 'From cannot exceed 40 characters'],
      [{ smtpSubject: '' }, 'smtpSubject', 'Please provide Subject'],
      [{ smtpSubject: 'x'.repeat(31) }, 'smtpSubject', 'Subject cannot exceed 30 characters'],
      [{ isAuthOn: 1, smtpUserName: '', smtpPassword: 'x' }, 'smtpUserName', 'Please provide User Name'],
      [{ isAuthOn: 1, smtpUserName: 'meter', smtpPassword: 'x' }, 'smtpUserName', 'User Name must be a valid email'],
      [{ isAuthOn: 1, smtpUserName: USER, smtpPassword: '' }, 'smtpPassword', 'Please provide Password'],
      [{ isAuthOn: 1, smtpUserName: USER, smtpPassword: 'x'.repeat(33) }, 'smtpPassword', 'Password cannot exceed 32 characters'],
      [{ isTLSSSLOn: 3 }, 'isTLSSSLOn', 'TLS/SSL must be one of the listed options'],
      [{ smtpToAddress1: '' }, 'smtpToAddress1', 'Please provide Recipient 1'],
      [{ smtpToAddress2: 'nobody' }, 'smtpToAddress2', 'Recipient 2 must be a valid email'],
      [{ smtpToAddress3: `${'a'.repeat(30)}@example.com` }, 'smtpToAddress3', 'Recipient 3 cannot exceed 40 characters'],
      [{ smtpSendingInterval: 4 }, 'smtpSendingInterval', 'Sending Interval must be between 5 and 1440'],
      [{ smtpSendingInterval: 1441 }, 'smtpSendingInterval', 'Sending Interval must be between 5 and 1440'],
      [{ alarmTriggered: 2 as never }, 'alarmTriggered', 'Alarm Triggered must be one of the listed options'],
      [{ extra: 1 }, '', 'Unknown field: extra'],
    ];
    for (const [over, field, message] of cases) {
      const res = await put(config(over));
      assert.equal(res.status, 400, `${JSON.stringify(over)}: ${res.raw}`);
      if (field) assert.equal(res.body.data.errors[field], message, JSON.stringify(over));
      else assert.match(res.body.data.value, /extra/);
    }
    assert.deepEqual(stored(), before);
    // With SMTP off the rest is not required (001 "when enabled").
    assert.equal((await put({ ...DEFAULT_SMTP_CONFIG(), smtpToAddress2: '' })).status, 200);
  });

  test('testEmail refuses a bad body with 400', async () => {
    for (const channel of [0, 4, 1.5, 'one', undefined]) assert.equal((await testEmail(channel)).status, 400, String(channel));
    assert.equal((await m.call('PATCH', '/api/command/testEmail', { token: tokens.admin, body: { channel: 1, to: 'x' } })).status, 400);
  });

  test('plain SMTP: the test mail reaches recipient 2 and the answer says so', async () => {
    const p = await peer({ mode: 'plain' });
    await save({ smtpPort: p.port, smtpToAddress2: 'second@example.com' });
    const res = await testEmail(2);
    assert.equal(res.status, 200);
    assert.equal(res.body.data.value, t.testOk('second@example.com', `127.0.0.1:${p.port}`));
    assert.equal(res.body.data.value, `Test email to second@example.com accepted by 127.0.0.1:${p.port}`);
    assert.equal(p.received.length, 1);
    const mail = p.received[0]!;
    assert.deepEqual(mail.to, ['second@example.com']);
    assert.equal(mail.from, 'meter@example.com');
    assert.equal(mail.header('Subject'), 'Meter 7 (test)');
    assert.match(mail.text(), /^This is a test email from meter \S+, sent at 2026-03-01T03:00:00-05:00\.$/);
    assert.equal(p.secured[0], false);
    assert.match(lastEvent().message, new RegExp(`^Email test to second@example.com: Test email to second@example.com accepted by 127.0.0.1:${p.port} \\(250 `));
    // An empty recipient and SMTP off answer in words, nothing is sent.
    assert.equal((await testEmail(3)).body.data.value, 'Recipient 3 is empty');
    await save({ enable: 0, smtpPort: p.port });
    assert.equal((await testEmail(1)).body.data.value, 'SMTP is disabled');
    assert.equal(p.received.length, 1);
  });

  test('STARTTLS with AUTH: the password is kept, never returned, never logged', async () => {
    const p = await peer({ mode: 'starttls', tls, auth: { user: USER, password: PASSWORD } });
    await save({ smtpPort: p.port, isTLSSSLOn: 2, isAuthOn: 1, smtpUserName: USER, smtpPassword: PASSWORD });
    const read = await get();
    assert.equal(read.body.data.smtpPassword, '');
    // Saving what the GET showed keeps the stored password.
    assert.equal((await put({ ...read.body.data, smtpSubject: 'Meter 8' })).status, 200);
    assert.equal(stored().smtpPassword, PASSWORD);
    const res = await testEmail(1);
    assert.equal(res.body.data.value, `Test email to ops@example.com accepted by 127.0.0.1:${p.port}`);
    assert.equal(p.received.length, 1);
    assert.equal(p.secured[0], true);
    assert.deepEqual(p.logins, [USER]);
    assert.equal(p.received[0]!.header('Subject'), 'Meter 8 (test)');
    assert.ok(!m.services.events.all().some((e) => e.message.includes(PASSWORD)), 'the password is in the module event log');
  });

  test('a wrong password answers authentication failed, is logged and changes nothing', async () => {
    const p = await peer({ mode: 'starttls', tls, auth: { user: USER, password: PASSWORD } });
    await save({ smtpPort: p.port, isTLSSSLOn: 2, isAuthOn: 1, smtpUserName: USER, smtpPassword: 'wrong-one' });
    const before = stored();
    const res = await testEmail(1);
    assert.equal(res.status, 200);
    assert.equal(res.body.data.value, `Connected to 127.0.0.1:${p.port}: authentication failed`);
    assert.equal(p.received.length, 0);
    assert.deepEqual(p.logins, [USER]);
    const e = lastEvent();
    assert.equal(e.level, 'Error');
    assert.equal(e.message, `Email test to ops@example.com: Connected to 127.0.0.1:${p.port}: authentication failed (test by admin)`);
    assert.ok(!e.message.includes('wrong-one'));
    assert.deepEqual(stored(), before);
  });

  test('implicit TLS (SSL/TLS) sends over TLS from the first byte', async () => {
    const p = await peer({ mode: 'tls', tls });
    await save({ smtpPort: p.port, isTLSSSLOn: 1 });
    assert.equal((await testEmail(1)).body.data.value, `Test email to ops@example.com accepted by 127.0.0.1:${p.port}`);
    assert.equal(p.secured[0], true);
  });

  test('a server whose certificate another CA signed: refused in words, nothing sent (STARTTLS and SSL/TLS)', async () => {
    // A second CA, made by openssl like the first; MODULE_TRUSTED_CA names only the first.
    const otherDir = mkdtempSync(join(tmpdir(), 'smtp-other-ca-'));
    try {
      const other = makeTlsFiles(otherDir);
      for (const [mode, isTLSSSLOn] of [
        ['starttls', 2],
        ['tls', 1],
      ] as const) {
        const p = await peer({ mode, tls: other, auth: { user: USER, password: PASSWORD } });
        await save({ smtpPort: p.port, isTLSSSLOn, isAuthOn: 1, smtpUserName: USER, smtpPassword: PASSWORD });
        const res = await testEmail(1);
        assert.equal(res.body.data.value, `Connected to 127.0.0.1:${p.port}: the server's certificate is not trusted, nothing was sent`, mode);
        assert.equal(p.received.length, 0, mode);
        assert.deepEqual(p.logins, [], `${mode}: the password was offered to an untrusted server`);
        assert.equal(lastEvent().level, 'Error');
      }
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  test('STARTTLS chosen but not offered: nothing goes in clear', async () => {
    const p = await peer({ mode: 'plain' });
    await save({ smtpPort: p.port, isTLSSSLOn: 2 });
    assert.equal((await testEmail(1)).body.data.value, `Connected to 127.0.0.1:${p.port}: the server does not offer STARTTLS`);
    assert.equal(p.received.length, 0);
  });

  test('an unreachable server answers could not connect', async () => {
    const port = await closedPort();
    await save({ smtpPort: port });
    const before = stored();
    assert.equal((await testEmail(1)).body.data.value, `Could not connect to 127.0.0.1:${port}`);
    assert.equal(lastEvent().level, 'Error');
    assert.deepEqual(stored(), before);
  });

  test('the periodic report goes out at the start time and every interval, with the selected contents attached', async () => {
    const p = await peer({ mode: 'plain' });
    // 2026-03-01 03:05 device time (America/New_York) = T0 + 5 min; every 15 minutes.
    await save({
      smtpPort: p.port,
      smtpToAddress2: 'second@example.com',
      sendStartTime: '2026-03-01 03:05',
      smtpSendingInterval: 15,
      realTimeSending: 1,
      energySending: 1,
      sysEventSending: 1,
      diSending: 1,
    });
    const email = m.services.email;
    clock.t = T0 + 4 * MINUTE;
    await email.tick(clock.t);
    assert.equal(p.received.length, 0, 'before the start time');
    clock.t = T0 + 5 * MINUTE;
    m.services.meterEvents.write('cmdSyncDemand', clock.t - 1000);
    await email.tick(clock.t);
    await email.tick(clock.t + 1000);
    assert.equal(p.received.length, 1, 'once per slot');
    const mail = p.received[0]!;
    assert.deepEqual(mail.to, ['ops@example.com', 'second@example.com']);
    assert.equal(mail.header('Subject'), 'Meter 7 (report)');
    const text = mail.text();
    assert.match(text, /^Meter \S+ report at 2026-03-01T03:05:00-05:00\nPeriod from 2026-03-01T02:50:00-05:00\n/);
    for (const section of ['Real-Time Values:', 'Energy:', 'System Events:', 'Digital Inputs:']) assert.ok(text.includes(`\n${section}\n`), section);
    assert.ok(!text.includes('Demand:') && !text.includes('Alarms:'), 'unselected contents stay out');
    assert.match(text, /2026-03-01T03:04:59-05:00: Demand synchronised by command/);
    const name = `report_${m.services.device.identity().meterSerialNumber}_202603010305.csv`;
    const csv = mail.attachment(name);
    assert.ok(csv, `attachment ${name} in ${mail.raw.slice(0, 2000)}`);
    const lines = csv.split('\r\n');
    assert.equal(lines[0], 'Section,Name,Value,Unit');
    assert.match(csv, /\r\nReal-Time Values,Phase A Voltage,\d+\.\d,V\r\n/);
    assert.match(csv, /\r\nEnergy,Import Active Energy,\d+\.\d,kWh\r\n/);
    assert.match(csv, /\r\nDigital Inputs,DI1,/);
    assert.match(csv, /\r\nSystem Events,2026-03-01T03:04:59-05:00,Demand synchronised by command,\r\n/);
    // The next slot, 15 minutes on.
    clock.t = T0 + 20 * MINUTE + 3000;
    await email.tick(clock.t);
    assert.equal(p.received.length, 2);
    assert.match(p.received[1]!.text(), /report at 2026-03-01T03:20:00-05:00/);
    // A slot the module was away for is skipped, not caught up.
    clock.t = T0 + 50 * MINUTE + 2 * MINUTE;
    await email.tick(clock.t);
    assert.equal(p.received.length, 2);
  });

  test('the report carries what the module APIs answer: alarms, demand, energy, DI; unselected contents stay out', async () => {
    const p = await peer({ mode: 'plain' });
    // 04:00 device time, every 5 minutes; an alarm two minutes before, inside the first period.
    await save({ smtpPort: p.port, sendStartTime: '2026-03-01 04:00', smtpSendingInterval: 5, alarmSending: 1, demandSending: 1, energySending: 1, diSending: 1 });
    clock.t = T0 + 58 * MINUTE;
    m.services.alarms.record({ alarmId: 4, parameter: 'Phase B Current', condition: '>', setPoint: 80, value: 91.25, status: 'Triggered' as never, atMs: clock.t });
    clock.t = T0 + 60 * MINUTE;
    await m.services.email.tick(clock.t);
    assert.equal(p.received.length, 1);
    const csv = p.received[0]!.attachment(`report_${m.services.device.identity().meterSerialNumber}_202603010400.csv`)!;
    const rows = csv
      .split('\r\n')
      .slice(1)
      .filter((l) => l !== '');
    const section = (name: string) => rows.filter((r) => r.startsWith(`${name},`));
    const value = (sec: string, name: string) =>
      section(sec)
        .find((r) => r.startsWith(`${sec},${name},`))
        ?.split(',')[2];
    const api = async (path: string) => (await m.call('GET', `/api${path}`, { token: tokens.admin })).body.data;

    // Alarms: the alarm log's records of the period, oldest first.
    const since = (T0 + 55 * MINUTE) / 1000;
    const alarms = ((await api('/readings/alarm')) as AlarmRecord[]).filter((a) => a.Timestamp > since).reverse();
    assert.ok(alarms.length >= 1);
    assert.deepEqual(
      section('Alarms'),
      alarms.map((a) => `Alarms,${isoWithOffset('America/New_York', a.Timestamp)} Alarm ${a.Alarm} ${a.Parameter} ${a.Condition} ${a.Setpoint},${a.Value},${a.Status}`),
    );
    assert.ok(section('Alarms').some((r) => r.includes('Alarm 4 Phase B Current > 80,91.25,Triggered')));
    // Demand: the System row of the demand readings (3 decimals).
    const demand = ((await api('/readings/demand/system')) as Record<string, number | string>[]).find((r) => r.Name === 'System')!;
    for (const [name, g] of [
      ['Active Demand', DEMAND_KEYS.active],
      ['Reactive Demand', DEMAND_KEYS.reactive],
      ['Apparent Demand', DEMAND_KEYS.apparent],
    ] as const) {
      assert.equal(value('Demand', name), Number(demand[g.demand]).toFixed(3), name);
      assert.equal(value('Demand', `${name} Maximum`), Number(demand[g.peak]).toFixed(3), `${name} Maximum`);
    }
    // Energy: the System row of the energy readings (the report rounds to 1 decimal).
    const energy = ((await api('/readings/energy/system')) as Record<string, number | string>[]).find((r) => r.Name === 'System')!;
    for (const [name, key] of [
      ['Import Active Energy', ENERGY_KEYS.importActive],
      ['Export Active Energy', ENERGY_KEYS.exportActive],
      ['Import Reactive Energy', ENERGY_KEYS.importReactive],
      ['Export Reactive Energy', ENERGY_KEYS.exportReactive],
      ['Apparent Energy', ENERGY_KEYS.apparent],
    ] as const) {
      assert.ok(Math.abs(Number(value('Energy', name)) - Number(energy[key])) <= 0.051, `${name}: ${value('Energy', name)} vs ${energy[key]}`);
    }
    // Digital inputs: the IO readings, a counter as pulses, a status input Open or Closed.
    const io = (await api('/readings/io')) as { di: { type: number; status: number; counter: number }[] };
    assert.deepEqual(
      section('Digital Inputs'),
      io.di.map((d, i) => `Digital Inputs,DI${i + 1},${d.type === 1 ? `${d.counter},pulses` : `${d.status === 1 ? 'Closed' : 'Open'},`}`),
    );
    assert.deepEqual(section('Real-Time Values'), [], 'not selected');
    assert.deepEqual(section('System Events'), [], 'not selected');

    // Alarms and demand unselected: the next report has neither, though an alarm came in its period.
    await save({ smtpPort: p.port, sendStartTime: '2026-03-01 04:00', smtpSendingInterval: 5, energySending: 1 });
    clock.t = T0 + 63 * MINUTE;
    m.services.alarms.record({ alarmId: 4, parameter: 'Phase B Current', condition: '>', setPoint: 80, value: 92.5, status: 'Triggered' as never, atMs: clock.t });
    clock.t = T0 + 65 * MINUTE;
    await m.services.email.tick(clock.t);
    assert.equal(p.received.length, 2);
    const next = p.received[1]!;
    const text = next.text();
    assert.ok(!text.includes('Alarms:') && !text.includes('Demand:') && !text.includes('92.5'), text);
    assert.ok(text.includes('\nEnergy:\n'));
    const csv2 = next.attachment(`report_${m.services.device.identity().meterSerialNumber}_202603010405.csv`)!;
    assert.ok(!/\r\n(Alarms|Demand|Digital Inputs),/.test(csv2), csv2);
  });

  test('real-time mails on a system event and an alarm, when their switches are on', async () => {
    const p = await peer({ mode: 'plain' });
    await save({ smtpPort: p.port, sysEventTriggered: 1, alarmTriggered: 0 });
    const email = m.services.email;
    m.services.meterEvents.write('cmdSyncDemand', clock.t);
    m.services.alarms.record({ alarmId: 3, parameter: 'Phase A Voltage', condition: '>', setPoint: 250, value: 260.5, status: 'Triggered' as never, atMs: clock.t });
    await email.flushRealTime();
    assert.equal(p.received.length, 1);
    assert.equal(p.received[0]!.header('Subject'), 'Meter 7 (event)');
    assert.match(p.received[0]!.text(), /System event: Demand synchronised by command$/);
    assert.ok(!p.received[0]!.text().includes('Alarm 3'), 'alarm mails are off');
    await save({ smtpPort: p.port, sysEventTriggered: 0, alarmTriggered: 1 });
    m.services.alarms.record({ alarmId: 3, parameter: 'Phase A Voltage', condition: '>', setPoint: 250, value: 260.5, status: 'Triggered' as never, atMs: clock.t });
    await email.flushRealTime();
    assert.equal(p.received.length, 2);
    assert.match(p.received[1]!.text(), /Alarm 3 Triggered: Phase A Voltage > 250, value 260\.5/);
  });
});
