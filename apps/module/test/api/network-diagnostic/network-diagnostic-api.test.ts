/**
 * Network Diagnostic (002 §2.14, §5.10, §7.7): real ping, nslookup, traceroute, ip and ss run by
 * argument list; hostile input is refused by the contract's rule and never reaches a shell.
 */
import { CONNECTION_TEST_STEPS } from '@meter/contract';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { addUser, USER_PASSWORD } from '../../users-helpers.ts';
import { until } from '../../../../../test-peers/until.ts';

describe('network diagnostic', () => {
  let m: TestModule;
  let admin: string;
  before(async () => ({ m, admin } = await startModuleWithUsers()));
  after(() => m.close());

  const lookup = (token: string, command: Record<string, unknown>) => m.call('PATCH', '/api/diagnose/hostLookupCMD', { token, body: { command } });
  const output = async (token: string, name: string): Promise<any> => {
    const r = await m.call('GET', `/api/diagnose/${name}Output`, { token });
    assert.equal(r.status, 200, r.raw);
    return r.body.data;
  };
  async function finished(token: string, name: string): Promise<any> {
    let last: any;
    await until(`${name} to end`, async () => !(last = await output(token, name)).running, 20_000);
    return last;
  }

  test("hostile hosts are refused with the rule's message and nothing runs", async () => {
    const marker = `/tmp/maint-diag-${randomBytes(4).toString('hex')}`;
    for (const domain of [
      `127.0.0.1; touch ${marker}`,
      `$(touch ${marker})`,
      `\`touch ${marker}\``,
      `-oProxyCommand=touch ${marker}`,
      `localhost && touch ${marker}`,
      `a|touch ${marker}`,
      '--help',
      '',
    ]) {
      const r = await lookup(admin, { domain, nslookup: true, ping: true, traceroute: true });
      assert.equal(r.status, 400, domain);
      assert.equal(r.body.data.errors['command.domain'], domain === '' ? 'Please provide Domain' : 'Domain valid IP address or domain', domain);
    }
    // Nothing runs, so no event to wait for: a moment for a command that did start to touch the file.
    await sleep(300);
    assert.equal(existsSync(marker), false, 'no file created');
    assert.deepEqual((await m.call('GET', '/api/diagnose/hostLookupOutput', { token: admin })).body.data, { running: false, output: '' });
    const none = await lookup(admin, { domain: 'localhost', nslookup: false, ping: false, traceroute: false });
    assert.equal(none.status, 400);
    assert.equal(none.body.data.errors['command.nslookup'], 'Please select at lease one');
  });

  test('ping: the real tool with an argument list, output while it runs, one run at a time per session', async () => {
    const r = await lookup(admin, { domain: '127.0.0.1', nslookup: false, ping: true, traceroute: false });
    assert.equal(r.status, 200, r.raw);
    const busy = await lookup(admin, { domain: '127.0.0.1', nslookup: false, ping: true, traceroute: false });
    assert.equal(busy.status, 409);
    assert.equal(busy.body.data.value, 'A diagnostic of this session is still running: wait for it to end');
    let partial: any;
    await until('a first reply in the output', async () => /bytes from 127\.0\.0\.1/.test((partial = await output(admin, 'hostLookup')).output));
    assert.equal(partial.running, true);
    assert.match(partial.output, /^\$ ping -c 4 -W 2 127\.0\.0\.1\n/);
    assert.match(partial.output, /bytes from 127\.0\.0\.1/);
    // Another session is not held up by this one.
    const other = await m.login();
    assert.equal((await m.call('PATCH', '/api/diagnose/networkStatusCMD', { token: other, body: { command: 'refresh' } })).status, 200);
    const done = await finished(admin, 'hostLookup');
    assert.match(done.output, /4 packets transmitted, 4 received/);
    await finished(other, 'networkStatus');
  });

  test('nslookup and traceroute run one after the other', async () => {
    assert.equal((await lookup(admin, { domain: 'localhost', nslookup: true, ping: false, traceroute: true })).status, 200);
    const done = await finished(admin, 'hostLookup');
    assert.match(done.output, /^\$ nslookup -timeout=2 -retry=1 localhost\n/);
    assert.match(done.output, /\$ traceroute -n -w 1 -q 1 -m 15 localhost\n/);
    assert.match(done.output, /traceroute to localhost \(127\.0\.0\.1\)/);
  });

  test('networking status: interfaces, routes, DNS and socket statistics', async () => {
    assert.equal((await m.call('PATCH', '/api/diagnose/networkStatusCMD', { token: admin, body: { command: 'refresh' } })).status, 200);
    const done = await finished(admin, 'networkStatus');
    assert.match(done.output, /\$ ip address show\n[\s\S]*\blo\b[\s\S]*127\.0\.0\.1/);
    assert.match(done.output, /\$ ip route show\n/);
    assert.match(done.output, /\$ cat \/etc\/resolv\.conf\n/);
    assert.match(done.output, /\$ ss -s\n[\s\S]*Total:/);
  });

  test('connection test: every step ends with a result', async () => {
    assert.equal((await m.call('PATCH', '/api/diagnose/connectionTestCMD', { token: admin, body: { command: 'begin' } })).status, 200);
    const done = await finished(admin, 'connectionTest');
    assert.deepEqual(
      done.steps.map((s: { name: string }) => s.name),
      [...CONNECTION_TEST_STEPS],
    );
    for (const s of done.steps) assert.ok(['PASS', 'FAIL', 'SKIPPED'].includes(s.result), JSON.stringify(s));
  });

  test('view users read the outputs but run nothing', async () => {
    await addUser(m, admin, 'viewer');
    const viewer = await m.login('viewer', USER_PASSWORD);
    assert.equal((await lookup(viewer, { domain: '127.0.0.1', nslookup: false, ping: true, traceroute: false })).status, 403);
    assert.equal((await m.call('GET', '/api/diagnose/hostLookupOutput', { token: viewer })).status, 200);
  });
});
