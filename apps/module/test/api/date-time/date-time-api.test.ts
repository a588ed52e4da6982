/**
 * Date and time (001 §3, §5, §7): the NTP section's rules, the device clock synchronised from a
 * real NTP server (chronyd on loopback, shifted with faketime), the manual time, the re-login
 * rule and permissions.
 */
import { dateTimeTexts, ntpConfigData, timeData } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { startNtpPeer, type NtpPeer } from '../../ntp-peer.ts';
import { USER_PASSWORD, addUser, eventLog } from '../../users-helpers.ts';

const NTP = '/api/settings/communication/ntpConfig';
const OFFSET_S = 3600;

describe('date and time API', () => {
  let peer: NtpPeer;
  let m: TestModule;
  let token: string;
  before(async () => {
    peer = await startNtpPeer(OFFSET_S);
    ({ m, admin: token } = await startModuleWithUsers({ env: { MODULE_NTP_PORT: String(peer.port) } }));
  });
  after(async () => {
    await m.close();
    await peer.close();
  });

  const config = async () => ntpConfigData.parse((await m.call('GET', NTP, { token })).body.data);
  const deviceTime = async (t = token) => timeData.parse((await m.call('GET', '/api/command/getTime', { token: t })).body.data);

  test('the section answers its defaults; broken rules are refused with the form messages and nothing changes', async () => {
    const cfg = await config();
    assert.deepEqual(cfg, { enable: 0, ntpServer1: 'pool.ntp.org', ntpServer2: '', ntpServer3: '', timeZone: 'America/New_York', lastUpdateTimestamp: 0 });
    const cases: [Record<string, unknown>, string][] = [
      [{ enable: 1, ntpServer1: '' }, 'Please provide NTP Server 1'],
      [{ ntpServer2: 'x'.repeat(41) }, 'NTP Server 2 cannot exceed 40 characters'],
      [{ timeZone: '' }, 'Please provide Time Zone'],
      [{ timeZone: 'Mars/Olympus' }, dateTimeTexts.unknownZone('Mars/Olympus')],
    ];
    for (const [patch, message] of cases) {
      const r = await m.call('PUT', NTP, { token, body: { ...cfg, ...patch } });
      assert.equal(r.status, 400, r.raw);
      assert.equal(r.body.data.value, message);
    }
    assert.deepEqual(await config(), cfg);
    // Server 1 may be empty while NTP is off.
    assert.equal((await m.call('PUT', NTP, { token, body: { ...cfg, ntpServer1: '' } })).status, 200);
  });

  test('a time zone saved is the zone of the device clock everywhere', async () => {
    const cfg = await config();
    const r = await m.call('PUT', NTP, { token, body: { ...cfg, timeZone: 'Asia/Tokyo' } });
    assert.equal(r.status, 200, r.raw);
    assert.equal((await deviceTime()).timeZone, 'Asia/Tokyo');
    assert.equal((await m.call('GET', '/api/command/homePageInfo', { token })).body.data.timeZone, 'Asia/Tokyo');
    assert.ok(
      eventLog(m).some((e) => e.message === 'Date & Time settings changed: Time Zone "America/New_York" → "Asia/Tokyo"'),
      JSON.stringify(eventLog(m).slice(-3)),
    );
  });

  test('a view-only role reads but can not save, sync or set the time', async () => {
    await addUser(m, token, 'viewer');
    const viewer = await m.login('viewer', USER_PASSWORD);
    assert.equal((await m.call('GET', NTP, { token: viewer })).status, 200);
    assert.equal((await m.call('GET', '/api/command/getTime', { token: viewer })).status, 200);
    assert.equal((await m.call('PUT', NTP, { token: viewer, body: await config() })).status, 403);
    assert.equal((await m.call('PATCH', '/api/command/syncTime', { token: viewer, body: { value: 1 } })).status, 403);
    assert.equal((await m.call('PATCH', '/api/command/setMeterTime', { token: viewer, body: { timestamp: 1_800_000_000 } })).status, 403);
  });

  test('Sync while NTP is off is refused', async () => {
    const r = await m.call('PATCH', '/api/command/syncTime', { token, body: { value: 1 } });
    assert.equal(r.status, 400);
    assert.equal(r.body.data.value, dateTimeTexts.ntpDisabled);
  });

  test('a manual time: a small step keeps the sessions, a step over a minute ends them', async () => {
    const bad = await m.call('PATCH', '/api/command/setMeterTime', { token, body: { timestamp: 'soon' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.data.value, dateTimeTexts.badTimestamp);
    const now = (await deviceTime()).currentTime;
    const small = await m.call('PATCH', '/api/command/setMeterTime', { token, body: { timestamp: now + 20 } });
    assert.deepEqual(small.body, { data: { value: 'Success' } });
    assert.ok(Math.abs((await deviceTime()).currentTime - (now + 20)) <= 1);
    const big = await m.call('PATCH', '/api/command/setMeterTime', { token, body: { timestamp: now - 86_400 } });
    assert.deepEqual(big.body, { data: { value: 'Success. Re-login required due to time changed.' } });
    assert.equal((await m.call('GET', '/api/command/getTime', { token })).status, 401);
    token = await m.login();
    assert.ok(Math.abs((await deviceTime()).currentTime - (now - 86_400)) <= 2);
    // The meter records the step as its own event (001 §3), not as a restart.
    assert.ok(m.services.meterEvents.all().some((e) => e.Event === 'Meter clock set'));
  });

  test('NTP: the module skips a server that does not answer within 5 s, then synchronises from the real server', async () => {
    const cfg = await config();
    // 127.0.0.2 is loopback too, but nothing answers there: the first server times out.
    const r = await m.call('PUT', NTP, { token, body: { ...cfg, enable: 1, ntpServer1: '127.0.0.2', ntpServer2: '127.0.0.1', ntpServer3: '' } });
    assert.equal(r.status, 200, r.raw);
    // Enabling starts a sync; Sync joins it and answers when it is done.
    const t0 = Date.now();
    const sync = await m.call('PATCH', '/api/command/syncTime', { token, body: { value: 1 } });
    assert.ok(Date.now() - t0 >= 4500, 'the silent server was waited for');
    assert.equal(sync.status, 200, sync.raw);
    // The clock was a day behind: moving it ends the sessions.
    assert.deepEqual(sync.body, { data: { value: dateTimeTexts.timeChanged } });
    token = await m.login();
    const { currentTime } = await deviceTime();
    const expected = Date.now() / 1000 + OFFSET_S;
    assert.ok(Math.abs(currentTime - expected) <= 2, `device time ${currentTime}, server time ${expected}`);
    const after = await config();
    assert.ok(Math.abs(after.lastUpdateTimestamp - expected) <= 2);
    const log = eventLog(m).map((e) => e.message);
    assert.ok(
      log.some((e) => e.startsWith('NTP server 127.0.0.2 failed: no answer within 5 s')),
      log.join('\n'),
    );
    // The offset the peer's faked clock gives, within what a loaded machine adds (the text's own format).
    const synced = log.map((e) => /^Time synchronised from NTP server 127\.0\.0\.1 \(offset (-?\d+\.\d{3}) s\)$/.exec(e)).find((m) => m);
    assert.ok(synced && Math.abs(Number(synced[1]) - OFFSET_S) < 1, log.join('\n'));
    // A second Sync finds the clock right: nothing moves, the session stays.
    assert.equal((await m.call('PUT', NTP, { token, body: { ...after, ntpServer1: '127.0.0.1', ntpServer2: '' } })).status, 200);
    const again = await m.call('PATCH', '/api/command/syncTime', { token, body: { value: 1 } });
    assert.deepEqual(again.body, { data: { value: 'Success' } });
    assert.equal((await m.call('GET', '/api/command/getTime', { token })).status, 200);
  });
});
