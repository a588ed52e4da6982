/**
 * IP whitelist (002 §3.12, §5.9, §7.4): every rule with its message and nothing changed, the
 * lockout rule, permissions, the CSV round trip through the real upload, and the listener
 * refusing a second loopback address (127.0.0.2) while the listed one (127.0.0.1) gets through.
 */
import { whitelistTexts as t } from '@meter/contract';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { USER_PASSWORD, addUser, eventLog } from '../../users-helpers.ts';

const PATH = '/api/settings/communication/ipWhitelistConfig';
const entry = (ipv4: string, ipv6 = '', description = '') => ({ ipv4, ipv6, description });

/** A GET from a chosen local address: the status, or the network error's code. */
function getFrom(port: number, localAddress: string, path = '/api/systemMode'): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.setTimeout(3000, () => req.destroy(new Error('timeout')));
    req.end();
  });
}

describe('IP whitelist API', () => {
  let m: TestModule;
  let token: string;
  let base: string;
  let port: number;
  before(async () => {
    ({ m, admin: token, baseUrl: base } = await startModuleWithUsers({ listen: true }));
    port = (m.app.server.address() as AddressInfo).port;
  });
  after(() => m.close());

  const config = async () => (await m.call('GET', PATH, { token })).body.data;
  const put = (body: unknown, t2 = token) => m.call('PUT', PATH, { token: t2, body });

  test('every rule of §5.9 is refused with its message and nothing changes', async () => {
    const before = await config();
    assert.deepEqual(before, { whiteListEnable: false, whiteList: [] });
    const cases: [unknown, string][] = [
      [{ whiteListEnable: false, whiteList: [entry('')] }, t.bothEmpty],
      [{ whiteListEnable: false, whiteList: [entry('10.0.0.300')] }, 'IPv4 must be a valid IPv4 address'],
      [{ whiteListEnable: false, whiteList: [entry('', '2001:db8::zz')] }, 'IPv6 must be a valid IPv6 address'],
      [{ whiteListEnable: false, whiteList: [entry('10.0.0.1', '', 'x'.repeat(21))] }, 'Description cannot exceed 20 characters'],
      [{ whiteListEnable: false, whiteList: Array.from({ length: 21 }, (_, i) => entry(`10.0.0.${i + 1}`)) }, t.maxEntries],
      [{ whiteListEnable: true, whiteList: [] }, t.atLeastOne],
      [{ whiteList: [] }, 'Please provide Whitelist'],
    ];
    for (const [body, message] of cases) {
      const r = await put(body);
      assert.equal(r.status, 400, r.raw);
      assert.equal(r.body.data.value, message);
    }
    assert.deepEqual(await config(), before);
    // Twenty is allowed.
    const twenty = Array.from({ length: 20 }, (_, i) => entry(`10.0.0.${i + 1}`));
    assert.equal((await put({ whiteListEnable: false, whiteList: twenty })).status, 200);
    assert.equal((await config()).whiteList.length, 20);
  });

  test('a list that would shut out the address saving it is refused', async () => {
    const r = await put({ whiteListEnable: true, whiteList: [entry('10.0.0.1')] });
    assert.equal(r.status, 400);
    assert.equal(r.body.data.value, t.selfLockout('127.0.0.1'));
    assert.equal((await config()).whiteListEnable, false);
  });

  test('a view-only role reads but can not save or import', async () => {
    await addUser(m, token, 'viewer');
    const viewer = await m.login('viewer', USER_PASSWORD);
    assert.equal((await m.call('GET', PATH, { token: viewer })).status, 200);
    assert.equal((await put(await config(), viewer)).status, 403);
    const form = new FormData();
    form.append('file', new Blob([t.csvHeader + '\n10.0.0.9,,x\n']), 'list.csv');
    const up = await fetch(`${base}/api/upload/local/ipWhiteList`, { method: 'POST', body: form, headers: { authorization: `Bearer ${viewer}` } });
    assert.equal(up.status, 403);
  });

  test('CSV: export and import round-trip; a malformed file changes nothing', async () => {
    const list = [entry('127.0.0.1', '', 'me, here'), entry('', '2001:db8::1', 'v6 "lab"'), entry('10.1.2.3', 'fe80::1', '')];
    assert.equal((await put({ whiteListEnable: false, whiteList: list })).status, 200);
    const exp = await m.call('PATCH', '/api/command/exportIpWhitelist', { token, body: {} });
    assert.equal(exp.status, 200, exp.raw);
    const csv = await fetch(`${base}/api${exp.body.data.value}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(csv.status, 200);
    const text = await csv.text();
    assert.equal(text.split('\r\n')[0], 'ipv4,ipv6,description');
    // Empty the list, then bring it back from the file.
    assert.equal((await put({ whiteListEnable: false, whiteList: [] })).status, 200);
    const upload = async (body: string) => {
      const form = new FormData();
      form.append('file', new Blob([body], { type: 'text/csv' }), 'ipWhiteList.csv');
      const r = await fetch(`${base}/api/upload/local/ipWhiteList`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      return { status: r.status, body: (await r.json()) as { data: { value: string } } };
    };
    const ok = await upload(text);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual((await config()).whiteList, list);
    for (const [bad, message] of [
      ['address,description\n1.2.3.4,x\n', t.csvBadHeader],
      [`${t.csvHeader}\n1.2.3.4,x\n`, t.csvBadLine(2, 'expected 3 fields: ipv4,ipv6,description')],
      [`${t.csvHeader}\n999.1.1.1,,x\n`, 'IPv4 must be a valid IPv4 address'],
      [`${t.csvHeader}\n${Array.from({ length: 21 }, (_, i) => `10.9.0.${i + 1},,`).join('\n')}\n`, t.maxEntries],
    ] as const) {
      const r = await upload(bad);
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.data.value, message);
    }
    assert.deepEqual((await config()).whiteList, list);
    assert.ok(eventLog(m).some((e) => e.message === 'Whitelist imported from ipWhiteList.csv by admin'));
  });

  test('enabled, the listener refuses an address not in the list and serves the listed one', async () => {
    assert.equal(await getFrom(port, '127.0.0.2'), 200);
    const r = await put({ whiteListEnable: true, whiteList: [entry('127.0.0.1', '', 'me')] });
    assert.equal(r.status, 200, r.raw);
    assert.equal(await getFrom(port, '127.0.0.1'), 200);
    const refused = await getFrom(port, '127.0.0.2');
    assert.notEqual(refused, 200);
    assert.match(String(refused), /ECONNRESET|socket hang up|EPIPE/);
    // Listed by IPv6 only: the IPv4 loopback is refused too, so the rule protects the saver.
    const shut = await put({ whiteListEnable: true, whiteList: [entry('', '::1')] });
    assert.equal(shut.status, 400);
    assert.equal((await put({ whiteListEnable: false, whiteList: [entry('127.0.0.1')] })).status, 200);
    assert.equal(await getFrom(port, '127.0.0.2'), 200);
  });
});
