/**
 * Network page (002 §3.1, §3.2, §4.1, §5.1, §7.1): every rule of the four sections with its
 * message and nothing changed by a refused save, the default-interface and bridge rules, the
 * network-parameter seal, permissions, getIp from the configuration applied at start, the WiFi
 * scan and the 802.1X check, and the emergency SSH switch.
 */
import { DEFAULT_NETWORK_CONFIG, networkConfigSection, defaultInterfaceAfterBridge, defaultInterfaceOptions, networkTexts as t, signalLevel, type NetworkConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { defaultApSsid, dhcpLease } from '../../../src/services/network/network-service.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { save } from '../../meter-settings-helpers.ts';
import { USER_PASSWORD, addUser } from '../../users-helpers.ts';
import { freePort } from '../../../../../test-peers/free-ports.ts';
import { until } from '../../../../../test-peers/until.ts';

const BASE = '/api/settings/communication';
const NET = `${BASE}/networkConfig`;
const WEB = `${BASE}/webServerConfig`;
const MODBUS = `${BASE}/modbusTcpConfig`;
const PROXY = `${BASE}/proxyServerConfig`;
const RESERVED = t.reservedPorts;

type Res = { status: number; body: { data: { value?: string; errors?: Record<string, string> } } };
const errors = (res: Res) => Object.values(res.body.data.errors ?? {}).sort();

describe('Network page sections', () => {
  let m: TestModule;
  let admin: string;
  before(async () => ({ m, admin } = await startModuleWithUsers()));
  after(() => m.close());

  const get = async (path: string) => (await m.call('GET', path, { token: admin })).body.data;
  /** A PUT of the stored section with a change; a refused one must leave the stored section as it was. */
  const put = async (path: string, change: (c: any) => void): Promise<Res> => {
    const before = await get(path);
    const body = structuredClone(before);
    change(body);
    const res = await m.call('PUT', path, { token: admin, body });
    if (res.status !== 200) assert.deepEqual(await get(path), before, 'a refused save changes nothing');
    return res;
  };
  const refused = async (path: string, change: (c: any) => void, messages: string[]) => {
    const res = await put(path, change);
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.deepEqual(errors(res), [...messages].sort());
  };
  const accepted = async (path: string, change: (c: any) => void) => {
    const res = await put(path, change);
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };

  test('defaults: Ethernet 1 fixed, Ethernet 2 DHCP, WiFi off with the AP named after the serial; HTTP 80, HTTPS 443, Modbus 502, proxy off', async () => {
    const serial = m.services.device.identity().meterSerialNumber;
    assert.deepEqual(await get(NET), DEFAULT_NETWORK_CONFIG(defaultApSsid(serial)));
    assert.match(defaultApSsid(serial), new RegExp(serial));
    assert.deepEqual(await get(WEB), { allowHttp: true, httpPort: 80, port: 443 });
    assert.deepEqual(await get(MODBUS), { port: 502 });
    assert.deepEqual(await get(PROXY), { enable: 0, url: '', port: 8080 });
  });

  test('Ethernet: DHCP mode required; manual needs ip, mask and gateway, valid IPv4; Ethernet 2 is not checked in bridge mode', async () => {
    await refused(NET, (c) => (c.eth0.dhcpEnable = null), ['Please provide IP Mode']);
    await refused(NET, (c) => (c.eth0 = { dhcpEnable: 0, ip: '', mask: '', gateway: '' }), ['Please provide IP Address', 'Please provide Subnet Mask', 'Please provide Gateway']);
    await refused(NET, (c) => (c.eth1 = { dhcpEnable: 0, ip: '10.0.0.300', mask: '255.255.255.0', gateway: 'gw' }), [
      'IP Address must be a valid IPv4 address',
      'Gateway must be a valid IPv4 address',
    ]);
    await accepted(NET, (c) => (c.eth1 = { dhcpEnable: 1, ip: '', mask: '', gateway: '' }));
    await accepted(NET, (c) => Object.assign(c, { brEnable: 1, defaultInterface: 'br0', eth1: { dhcpEnable: 0, ip: '', mask: '', gateway: '' } }));
    await accepted(NET, (c) => Object.assign(c, { brEnable: 0, defaultInterface: 'eth0', eth1: { dhcpEnable: 1, ip: '', mask: '', gateway: '' } }));
  });

  test('WiFi AP: ssid at most 32 without spaces, key 8 to 63 without spaces, ip required and valid', async () => {
    const ap = (apConfig: object) => (c: any) => (c.wlan0 = { ...c.wlan0, enable: 1, mode: 'AP', apConfig });
    await refused(NET, (c) => (c.wlan0 = { ...c.wlan0, enable: 1, mode: '' }), ['Please provide Mode']);
    await refused(NET, (c) => (c.wlan0 = { ...c.wlan0, enable: 1, mode: 'MESH' }), ['Mode must be one of the listed options']);
    await refused(NET, ap({ ssid: 'x'.repeat(33), key: 'short', ip: '' }), ['SSID cannot exceed 32 characters', 'Key must be at least 8 characters', 'Please provide IP Address']);
    await refused(NET, ap({ ssid: 'my ap', key: 'has space in it', ip: '192.168.4.1' }), ['SSID cannot contain spaces', 'Key cannot contain spaces']);
    await refused(NET, ap({ ssid: 'ap', key: 'k'.repeat(64), ip: '192.168.4.1' }), ['Key cannot exceed 63 characters']);
    await refused(NET, ap({ ssid: 'ap', key: '', ip: '192.168.4.1' }), ['Please provide Key']);
    await accepted(NET, ap({ ssid: 'ap', key: 'k'.repeat(63), ip: '192.168.4.1' }));
    // The key is a secret: never returned; sent back empty it keeps the stored one.
    assert.equal((await get(NET)).wlan0.apConfig.key, '');
    await accepted(NET, (c) => (c.wlan0.apConfig.ssid = 'ap2'));
    assert.equal((m.services.sections.document(networkConfigSection) as NetworkConfig).wlan0.apConfig.key, 'k'.repeat(63));
  });

  test('WiFi station: ssid required at most 32, username with enterprise, key 8 to 63 without spaces, manual address rules', async () => {
    const sta = (staConfig: object) => (c: any) => (c.wlan0 = { ...c.wlan0, enable: 1, mode: 'STA', staConfig: { ...c.wlan0.staConfig, ...staConfig } });
    await refused(NET, sta({ ssid: '' }), ['Please provide SSID']);
    await refused(NET, sta({ ssid: 'x'.repeat(33) }), ['SSID cannot exceed 32 characters']);
    await refused(NET, sta({ ssid: 'Corp-Secure', enterpriseEnable: 1, username: '' }), ['Please provide Username']);
    await refused(NET, sta({ ssid: 'Corp-Secure', enterpriseEnable: 1, username: 'u'.repeat(33) }), ['Username cannot exceed 32 characters']);
    await refused(NET, sta({ ssid: 'Plant-Floor', key: 'seven77' }), ['Key must be at least 8 characters']);
    await refused(NET, sta({ ssid: 'Plant-Floor', dhcpEnable: 0, ip: '', mask: '1.2.3', gateway: '' }), [
      'Please provide IP Address',
      'Subnet Mask must be a valid IPv4 address',
      'Please provide Gateway',
    ]);
    await accepted(NET, sta({ ssid: 'Plant Floor 2', key: '', dhcpEnable: 1 }));
  });

  test('DNS must be valid addresses', async () => {
    await refused(NET, (c) => Object.assign(c, { dns1: 'dns.example', dns2: '' }), ['DNS 1 must be a valid IP address', 'Please provide DNS 2']);
    await accepted(NET, (c) => Object.assign(c, { dns1: '1.1.1.1', dns2: '2001:4860:4860::8888' }));
  });

  test('default interface: WiFi only as an enabled station, with the spec message; bridge allows br0 or wlan0, otherwise eth0, eth1 or wlan0', async () => {
    await refused(NET, (c) => Object.assign(c, { defaultInterface: 'wlan0', wlan0: { ...c.wlan0, enable: 0 } }), [t.defaultInterfaceWifi]);
    await refused(
      NET,
      (c) => Object.assign(c, { defaultInterface: 'wlan0', wlan0: { ...c.wlan0, enable: 1, mode: 'AP', apConfig: { ssid: 'a', key: '12345678', ip: '192.168.4.1' } } }),
      [t.defaultInterfaceWifi],
    );
    await refused(NET, (c) => Object.assign(c, { brEnable: 1, defaultInterface: 'eth1' }), [t.defaultInterfaceBridge]);
    await refused(NET, (c) => Object.assign(c, { brEnable: 0, defaultInterface: 'br0' }), [t.defaultInterfaceNoBridge]);
    await accepted(NET, (c) =>
      Object.assign(c, { defaultInterface: 'wlan0', wlan0: { ...c.wlan0, enable: 1, mode: 'STA', staConfig: { ...c.wlan0.staConfig, ssid: 'Plant-Floor', key: 'Secret123' } } }),
    );
  });

  test('the bridge switch resets the default interface to the first valid one and restores the original on the way back (002 §4.1)', () => {
    assert.deepEqual(defaultInterfaceOptions(0, false), ['eth0', 'eth1']);
    assert.deepEqual(defaultInterfaceOptions(0, true), ['eth0', 'eth1', 'wlan0']);
    assert.deepEqual(defaultInterfaceOptions(1, false), ['br0']);
    assert.deepEqual(defaultInterfaceOptions(1, true), ['br0', 'wlan0']);
    const original = { brEnable: 0, defaultInterface: 'eth1' };
    assert.equal(defaultInterfaceAfterBridge(1, 'eth1', original, false), 'br0');
    assert.equal(defaultInterfaceAfterBridge(0, 'br0', original, false), 'eth1');
    assert.equal(defaultInterfaceAfterBridge(1, 'wlan0', original, true), 'wlan0');
    assert.equal(defaultInterfaceAfterBridge(0, 'br0', { brEnable: 1, defaultInterface: 'br0' }, false), 'eth0');
  });

  test('web server ports: HTTPS 6000 to 9999 or 443, HTTP (when on) the same or 80, the reserved ports refused with the spec message', async () => {
    await refused(WEB, (c) => (c.port = 5999), ['HTTPS Port must be 443, or between 6000 and 9999']);
    await refused(WEB, (c) => (c.port = 10000), ['HTTPS Port must be 443, or between 6000 and 9999']);
    await refused(WEB, (c) => (c.port = null), ['Please provide HTTPS Port']);
    await refused(WEB, (c) => (c.port = 8443.5), ['HTTPS Port must be an integer']);
    for (const port of [6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697]) await refused(WEB, (c) => (c.port = port), [RESERVED]);
    await refused(WEB, (c) => (c.httpPort = 81), ['HTTP Port must be 80, or between 6000 and 9999']);
    await refused(WEB, (c) => (c.httpPort = 6666), [RESERVED]);
    await refused(WEB, (c) => Object.assign(c, { httpPort: 8443, port: 8443 }), [t.samePorts]);
    await refused(WEB, (c) => (c.allowHttp = 'yes'), ['Allow HTTP must be true or false']);
    // HTTP off: its port is not checked.
    await accepted(WEB, (c) => Object.assign(c, { allowHttp: false, httpPort: 81, port: 8443 }));
    await accepted(WEB, (c) => Object.assign(c, { allowHttp: true, httpPort: 8080, port: 443 }));
    await accepted(WEB, (c) => Object.assign(c, { allowHttp: true, httpPort: 80, port: 9999 }));
  });

  test('Modbus port: 2000 to 5999 or 502; proxy (when on) needs a url and a port 1 to 65535', async () => {
    await refused(MODBUS, (c) => (c.port = 1999), ['Modbus Port must be 502, or between 2000 and 5999']);
    await refused(MODBUS, (c) => (c.port = 6000), ['Modbus Port must be 502, or between 2000 and 5999']);
    await refused(MODBUS, (c) => (c.port = ''), ['Please provide Modbus Port']);
    await accepted(MODBUS, (c) => (c.port = 5020));
    await accepted(MODBUS, (c) => (c.port = 502));
    await refused(PROXY, (c) => Object.assign(c, { enable: 1, url: '', port: 0 }), ['Please provide URL', 'Port must be between 1 and 65535']);
    await refused(PROXY, (c) => Object.assign(c, { enable: 1, url: 'proxy.example', port: 65536 }), ['Port must be between 1 and 65535']);
    await accepted(PROXY, (c) => Object.assign(c, { enable: 1, url: 'proxy.example', port: 3128 }));
    await accepted(PROXY, (c) => Object.assign(c, { enable: 0, url: '', port: 3128 }));
  });

  test('a save is audited with the user and is answered Success', async () => {
    const res = await put(MODBUS, (c) => (c.port = 2502));
    assert.deepEqual(res.body, { data: { value: 'Success' } });
    const log = (m.services.ctx.db.prepare('SELECT message FROM module_event_log ORDER BY id DESC LIMIT 5').all() as { message: string }[]).map((r) => r.message);
    assert.ok(log.includes('Modbus TCP settings changed: Modbus Port 502 → 2502'), log.join('\n'));
    assert.ok(log.includes('Modbus TCP settings saved by admin'));
  });

  test('the network-parameter seal: DNS, HTTP and HTTPS ports and the Modbus port cannot change; the rest can', async () => {
    await save(m, admin, 'general', (b) => (b.optionalSealConfig = { ...b.optionalSealConfig, networkParam: 1 }));
    try {
      await refused(NET, (c) => (c.dns1 = '9.9.9.9'), ['DNS 1 cannot be changed while the meter is sealed']);
      await refused(WEB, (c) => (c.port = 8443), ['HTTPS Port cannot be changed while the meter is sealed']);
      await refused(MODBUS, (c) => (c.port = 3000), ['Modbus Port cannot be changed while the meter is sealed']);
      await accepted(WEB, (c) => (c.allowHttp = !c.allowHttp));
      await accepted(NET, (c) => (c.eth0.ip = '192.168.1.250'));
    } finally {
      await save(m, admin, 'general', (b) => (b.optionalSealConfig = { ...b.optionalSealConfig, networkParam: 0 }));
    }
  });

  test('a view-only user reads every section and command but saves nothing (403)', async () => {
    await addUser(m, admin, 'netviewer');
    const viewer = await m.login('netviewer', USER_PASSWORD);
    for (const path of [NET, WEB, MODBUS, PROXY]) {
      const res = await m.call('GET', path, { token: viewer });
      assert.equal(res.status, 200);
      assert.equal((await m.call('PUT', path, { token: viewer, body: res.body.data })).status, 403);
    }
    assert.equal((await m.call('GET', '/api/command/getIp', { token: viewer })).status, 200);
    assert.equal((await m.call('PATCH', '/api/command/check8021xSupport', { token: viewer, body: { input: 'x' } })).status, 200);
    assert.equal((await m.call('PATCH', '/api/command/emergency/sshEnable', { token: viewer })).status, 403);
  });
});

describe('Network commands', () => {
  test('getIp answers the configuration applied at start: manual addresses as set, DHCP leases from the MAC, the bridge on Ethernet 1; WiFi as a station is Connected only to a heard network', async () => {
    const { m, admin } = await startModuleWithUsers();
    const id = m.services.device.identity();
    let ip = (await m.call('GET', '/api/command/getIp', { token: admin })).body.data;
    assert.deepEqual(ip.eth0, { ip: '192.168.1.254', mask: '255.255.255.0', gateway: '192.168.1.1', dhcp: false, mac: id.moduleEth0MacAddress });
    assert.deepEqual(ip.eth1, { ...dhcpLease(id.moduleEth1MacAddress), dhcp: true, mac: id.moduleEth1MacAddress });
    assert.match(ip.eth1.ip, /^192\.168\.10\.\d+$/);
    assert.equal(ip.br0.enabled, false);
    assert.deepEqual(ip.wlan0, { ip: '', mask: '', gateway: '', enabled: false, mode: 'AP', ssid: '', status: 'Disconnected' });
    // A scan needs the radio on.
    const scan = await m.call('GET', '/api/command/getSsid', { token: admin });
    assert.equal(scan.status, 400);
    assert.equal(scan.body.data.value, t.wifiNotReady);

    const cfg = (await m.call('GET', NET, { token: admin })).body.data;
    const next = {
      ...cfg,
      brEnable: 1,
      defaultInterface: 'wlan0',
      eth0: { dhcpEnable: 0, ip: '10.1.2.3', mask: '255.255.0.0', gateway: '10.1.0.1' },
      wlan0: { ...cfg.wlan0, enable: 1, mode: 'STA', staConfig: { ...cfg.wlan0.staConfig, ssid: 'Plant-Floor', key: 'Secret123', dhcpEnable: 1 } },
    };
    assert.equal((await m.call('PUT', NET, { token: admin, body: next })).status, 200);
    // Saved, not applied: the interfaces change at the next start.
    ip = (await m.call('GET', '/api/command/getIp', { token: admin })).body.data;
    assert.equal(ip.br0.enabled, false);
    await m.close(true);

    const { m: again, admin: token } = await startModuleWithUsers({ dataDir: m.dataDir });
    try {
      ip = (await again.call('GET', '/api/command/getIp', { token })).body.data;
      assert.deepEqual(ip.br0, { ip: '10.1.2.3', mask: '255.255.0.0', gateway: '10.1.0.1', enabled: true });
      assert.equal(ip.eth0.ip, '');
      assert.deepEqual(ip.wlan0, { ...dhcpLease(id.moduleWlan0MacAddress), enabled: true, mode: 'STA', ssid: 'Plant-Floor', status: 'Connected' });

      const list = (await again.call('GET', '/api/command/getSsid', { token })).body.data as { ssid: string; signal: number }[];
      assert.ok(list.length >= 4);
      assert.ok(
        list.some((n) => n.ssid.includes(id.meterSerialNumber)),
        'one network is named after the meter serial number',
      );
      assert.deepEqual(new Set(list.map((n) => signalLevel(n.signal))), new Set([1, 2, 3, 4]), 'the scan spans the four signal icons');
      assert.deepEqual((await again.call('GET', '/api/command/getSsid', { token })).body.data, list, 'deterministic');

      const check = async (input: string) => (await again.call('PATCH', '/api/command/check8021xSupport', { token, body: { input } })).body.data.value;
      assert.equal(await check('Corp-Secure'), 1);
      assert.equal(await check('Plant-Floor'), 0);
      assert.equal(await check('Hidden-Net'), 1);
      assert.equal((await again.call('PATCH', '/api/command/check8021xSupport', { token, body: { input: 'x'.repeat(33) } })).status, 400);
    } finally {
      await again.close();
    }
  });

  test('the signal icon thresholds: below -90, -80, -70 and 0', () => {
    assert.deepEqual([-95, -90, -85, -80, -75, -70, -40].map(signalLevel), [1, 2, 2, 3, 3, 4, 4]);
  });

  test('emergency SSH: saves the SSH setting on (audited) and sshd answers on its port', async () => {
    const port = await freePort();
    const { m, admin } = await startModuleWithUsers({ env: { HOST: '127.0.0.1', MODULE_SSH_PORT: String(port) } });
    try {
      const res = await m.call('PATCH', '/api/command/emergency/sshEnable', { token: admin });
      assert.deepEqual(res.body, { data: { value: 'Success' } });
      assert.equal((await m.call('GET', '/api/settings/sshConfig', { token: admin })).body.data.enable, 1);
      assert.match(await banner(port), /^SSH-2\.0-/);
    } finally {
      await m.close();
    }
  });
});

/** The first line an SSH server sends, undefined when none comes. */
const firstLine = (port: number) =>
  new Promise<string | undefined>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.setTimeout(2000, () => s.destroy());
    s.once('data', (d) => {
      resolve(d.toString().split('\r\n')[0]);
      s.destroy();
    });
    s.once('error', () => resolve(undefined));
    s.once('close', () => resolve(undefined));
  });

/** The first line an SSH server sends, retried while sshd starts. */
async function banner(port: number): Promise<string> {
  let line: string | undefined;
  await until('sshd to answer', async () => Boolean((line = await firstLine(port))), 8000, 200);
  return line!;
}
