/**
 * IPv6 (002 §3.3, §5.2, §7.1): the rules with their messages and nothing changed by a refused save,
 * permissions, and getIpv6 from the configuration applied at start: link-local from the MAC (EUI-64),
 * global from the configured address or the advertised prefix, br0 in bridge mode.
 */
import { eui64 } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestModule, startModuleWithUsers, type TestModule } from '../../helper.ts';
import { USER_PASSWORD, addUser } from '../../users-helpers.ts';

const PATH = '/api/settings/communication/ipv6Config';
const STATE = '/api/command/ipv6Config/getIpv6';
type Res = { status: number; body: { data: { errors?: Record<string, string> } } };
const errors = (res: Res) => Object.values(res.body.data.errors ?? {}).sort();

test('EUI-64 (RFC 4291 appendix A): the universal/local bit flipped, ff:fe inserted', () => {
  assert.equal(eui64('00:1a:2b:3c:4d:5e'), '21a:2bff:fe3c:4d5e');
  assert.equal(eui64('02:00:00:00:00:01'), '0:ff:fe00:1');
  assert.throws(() => eui64('00:1a:2b'));
});

describe('IPv6 settings', () => {
  let m: TestModule;
  let admin: string;
  before(async () => ({ m, admin } = await startModuleWithUsers()));
  after(() => m.close());

  const get = async () => (await m.call('GET', PATH, { token: admin })).body.data;
  const put = async (change: (c: any) => void): Promise<Res> => {
    const before = await get();
    const body = structuredClone(before);
    change(body);
    const res = await m.call('PUT', PATH, { token: admin, body });
    if (res.status !== 200) assert.deepEqual(await get(), before, 'a refused save changes nothing');
    return res;
  };
  const refused = async (change: (c: any) => void, messages: string[]) => {
    const res = await put(change);
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.deepEqual(errors(res), [...messages].sort());
  };

  test('defaults: off, both Ethernet ports Auto with /64, no DNS', async () => {
    const auto = { isAuto: true, ip: '', prefixLength: 64, gateway: '' };
    assert.deepEqual(await get(), { isIPv6Enabled: false, eth0: auto, eth1: auto, dns1: '', dns2: '' });
  });

  test('isIPv6Enabled and isAuto are required; manual needs ip, gateway and a prefix length of at most 128', async () => {
    await refused((c) => (c.isIPv6Enabled = null), ['Please provide IPv6']);
    await refused((c) => Object.assign(c, { isIPv6Enabled: true, eth0: { ...c.eth0, isAuto: null } }), ['Please provide IP Mode']);
    await refused(
      (c) => Object.assign(c, { isIPv6Enabled: true, eth0: { isAuto: false, ip: '', prefixLength: 129, gateway: '' } }),
      ['Please provide IPv6 Address', 'Prefix Length must be between 1 and 128', 'Please provide Gateway'],
    );
    await refused(
      (c) => Object.assign(c, { isIPv6Enabled: true, eth1: { isAuto: false, ip: '2001:db8::zz', prefixLength: 64, gateway: '10.0.0.1' } }),
      ['IPv6 Address must be a valid IPv6 address', 'Gateway must be a valid IPv6 address'],
    );
    await refused((c) => Object.assign(c, { dns1: '8.8.8.8' }), ['DNS 1 must be a valid IPv6 address']);
    const ok = await put((c) =>
      Object.assign(c, { isIPv6Enabled: true, eth0: { isAuto: false, ip: '2001:db8:10::5', prefixLength: 48, gateway: '2001:db8:10::1' }, dns1: '2001:4860:4860::8888' }),
    );
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  test('a view-only user reads but does not save (403)', async () => {
    await addUser(m, admin, 'v6viewer');
    const viewer = await m.login('v6viewer', USER_PASSWORD);
    const res = await m.call('GET', PATH, { token: viewer });
    assert.equal(res.status, 200);
    assert.equal((await m.call('PUT', PATH, { token: viewer, body: res.body.data })).status, 403);
    assert.equal((await m.call('GET', STATE, { token: viewer })).status, 200);
  });
});

test('getIpv6 answers the configuration applied at start', async () => {
  const { m, admin } = await startModuleWithUsers();
  const id = m.services.device.identity();
  assert.deepEqual((await m.call('GET', STATE, { token: admin })).body.data, {
    status: 'Disabled',
    br0LinkGlobal: '',
    br0LinkLocal: '',
    eth0LinkGlobal: '',
    eth0LinkLocal: '',
    eth0Status: 'Disabled',
    eth1LinkGlobal: '',
    eth1LinkLocal: '',
    eth1Status: 'Disabled',
  });
  const body = {
    isIPv6Enabled: true,
    eth0: { isAuto: false, ip: '2001:db8:10::5', prefixLength: 48, gateway: '2001:db8:10::1' },
    eth1: { isAuto: true, ip: '', prefixLength: 64, gateway: '' },
    dns1: '',
    dns2: '',
  };
  assert.equal((await m.call('PUT', PATH, { token: admin, body })).status, 200);
  assert.equal((await m.call('GET', STATE, { token: admin })).body.data.status, 'Disabled', 'applied at the next start');
  await m.close(true);

  let again = await createTestModule({ dataDir: m.dataDir });
  let token = await again.login();
  const iid0 = eui64(id.moduleEth0MacAddress);
  const iid1 = eui64(id.moduleEth1MacAddress);
  assert.deepEqual((await again.call('GET', STATE, { token })).body.data, {
    status: 'Enabled',
    br0LinkGlobal: '',
    br0LinkLocal: '',
    eth0LinkGlobal: '2001:db8:10::5/48',
    eth0LinkLocal: `fe80::${iid0}/64`,
    eth0Status: 'Manual',
    eth1LinkGlobal: `2001:db8:0:2:${iid1}/64`,
    eth1LinkLocal: `fe80::${iid1}/64`,
    eth1Status: 'Auto',
  });
  // Bridge mode: br0 carries Ethernet 1's addresses.
  const net = (await again.call('GET', '/api/settings/communication/networkConfig', { token })).body.data;
  assert.equal((await again.call('PUT', '/api/settings/communication/networkConfig', { token, body: { ...net, brEnable: 1, defaultInterface: 'br0' } })).status, 200);
  await again.close(true);
  again = await createTestModule({ dataDir: m.dataDir });
  try {
    token = await again.login();
    const s = (await again.call('GET', STATE, { token })).body.data;
    assert.equal(s.br0LinkGlobal, '2001:db8:10::5/48');
    assert.equal(s.br0LinkLocal, `fe80::${iid0}/64`);
    assert.equal(s.eth0Status, 'Bridged');
    assert.equal(s.eth1LinkGlobal, '');
  } finally {
    await again.close();
  }
});
