/**
 * Every host field accepts only an IP address or a domain (issue 25 item 9): shell-injection
 * strings and other junk in each one are refused at save with the spec's message (or, where the
 * spec gives a field none, the rule's), and nothing is stored. Today's attack was ntpServer2 = `a;id`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../helper.ts';

/** Strings a shell, a URL parser or a config file would treat as more than a host. */
const HOST_ATTACKS = ['a;id', '$(reboot)', '`reboot`', 'a|id', 'a&&id', "a'b", 'a"b', 'a b', '../etc/passwd', 'a\nb', 'host.example;rm -rf /', 'a%0aid'];
const urlAttacks = (scheme: string) => [
  `${scheme}://a;id/`,
  `${scheme}://$(reboot)/`,
  `${scheme}://x.example;id/`,
  `${scheme}://\`reboot\`/`,
  `${scheme}://x.example|id`,
  `${scheme}://x.example:99999/`,
  `${scheme}://x.example /a`,
  `${scheme}://[::1;id]/`,
  `${scheme}://x'.example/`,
  `${scheme}://`,
];

type Body = Record<string, any>;
interface HostField {
  path: string;
  field: string;
  /** Puts the value in the body (turning on what the rule needs). */
  set: (b: Body, v: string) => void;
  attacks: string[];
  /** The spec's message for the field (by attack where an earlier rule of the field speaks first). */
  message: string | ((attack: string) => string);
}

const post = (method: 'HTTP' | 'FTP' | 'SFTP', key: string, extra: Body) => (b: Body, v: string) => {
  Object.assign(b.dataPost1, { enable: true, postMethod: method });
  Object.assign(b.dataPost1.postChannelInfo, extra, { [key]: v });
};

const FIELDS: HostField[] = [
  ...[1, 2, 3].map((n) => ({
    path: '/settings/communication/ntpConfig',
    field: `ntpServer${n}`,
    set: (b: Body, v: string) => Object.assign(b, { enable: 1, ntpServer1: 'pool.ntp.org', [`ntpServer${n}`]: v }),
    attacks: HOST_ATTACKS,
    // 001 §5: no spaces, then (decided) an IP address or a domain.
    message: (attack: string) => (/\s/.test(attack) ? `NTP Server ${n} cannot contain spaces` : `NTP Server ${n} valid IP address or domain`),
  })),
  {
    path: '/settings/communication/smtpConfig',
    field: 'smtpServer',
    set: (b, v) => Object.assign(b, { smtpServer: v }),
    attacks: HOST_ATTACKS,
    message: 'SMTP Server must be a valid domain',
  },
  {
    path: '/settings/communication/dataPostConfig',
    field: 'HTTPAddress',
    set: post('HTTP', 'HTTPAddress', { HTTPMeterId: 'm1', HTTPPort: 80 }),
    attacks: urlAttacks('http'),
    message: 'HTTP/HTTPS URL must begin with http:// or https://',
  },
  {
    path: '/settings/communication/dataPostConfig',
    field: 'FTPAddress',
    set: post('FTP', 'FTPAddress', { FTPUsername: 'u', FTPPassword: 'p', FTPPort: 21 }),
    attacks: urlAttacks('ftp'),
    message: 'FTP URL must begin with ftp://',
  },
  {
    path: '/settings/communication/dataPostConfig',
    field: 'SFTPAddress',
    set: post('SFTP', 'SFTPAddress', { SFTPUsername: 'u', SFTPPassword: 'p', SFTPPort: 22 }),
    attacks: urlAttacks('sftp'),
    message: 'SFTP URL must begin with sftp://',
  },
  {
    path: '/settings/communication/proxyServerConfig',
    field: 'url',
    set: (b, v) => Object.assign(b, { enable: 1, port: 3128, url: v }),
    attacks: [...HOST_ATTACKS, ...urlAttacks('http')],
    message: 'URL valid IP address or domain',
  },
  ...(['dns1', 'dns2'] as const).map((f) => ({
    path: '/settings/communication/networkConfig',
    field: f,
    set: (b: Body, v: string) => Object.assign(b, { [f]: v }),
    attacks: HOST_ATTACKS,
    message: `${f === 'dns1' ? 'DNS 1' : 'DNS 2'} must be a valid IP address`,
  })),
  {
    path: '/settings/communication/acuCloudConfig',
    field: 'acuCloudAddress',
    set: (b, v) => Object.assign(b, { enable: true, acuCloudToken: 't0ken', acuCloudAddress: v }),
    attacks: urlAttacks('https'),
    message: 'AcuCloud Address must begin with http:// or https://',
  },
  {
    path: '/settings/communication/remoteDeviceAccess',
    field: 'remoteServerUrl',
    set: (b, v) => Object.assign(b, { remoteServerUrl: v }),
    attacks: urlAttacks('https'),
    message: 'Remote Server URL must begin with http:// or https://',
  },
  {
    path: '/settings/communication/mqttConfig',
    field: 'brokerIpAddr',
    set: (b, v) => Object.assign(b.mqttGenaral, { brokerIpAddr: v }),
    attacks: HOST_ATTACKS,
    message: 'Broker Address valid IP address or domain',
  },
  {
    path: '/settings/firmware',
    field: 'moduleCheckUpdateUrl',
    set: (b, v) => Object.assign(b, { moduleCheckUpdateUrl: v }),
    attacks: urlAttacks('https'),
    message: 'Firmware Server URL must begin with http:// or https://',
  },
  {
    path: '/settings/communication/snmpConfig',
    field: 'target1',
    set: (b, v) => Object.assign(b.trapConfig, { target1: v }),
    attacks: HOST_ATTACKS,
    message: 'Trap Target 1 must be a valid IP address',
  },
  {
    path: '/settings/communication/bacNetConfig',
    field: 'BBMDIP',
    set: (b, v) => Object.assign(b.foreignDeviceConfig, { BBMDIP: v }),
    attacks: HOST_ATTACKS,
    message: 'BBMD IP must be a valid IP address',
  },
];

describe('host fields', () => {
  let m: TestModule;
  let admin: string;
  before(async () => ({ m, admin } = await startModuleWithUsers()));
  after(() => m.close());

  for (const f of FIELDS) {
    test(`${f.path} ${f.field}: injection strings are refused with the field's message and nothing is stored`, async () => {
      const stored = await m.call('GET', `/api${f.path}`, { token: admin });
      assert.equal(stored.status, 200, stored.raw);
      for (const attack of f.attacks) {
        const body = structuredClone(stored.body.data);
        f.set(body, attack);
        const r = await m.call('PUT', `/api${f.path}`, { token: admin, body });
        assert.equal(r.status, 400, `${JSON.stringify(attack)} was accepted: ${r.raw}`);
        const message = typeof f.message === 'string' ? f.message : f.message(attack);
        assert.ok(Object.values(r.body.data.errors ?? {}).includes(message), `${JSON.stringify(attack)}: ${r.raw}`);
      }
      assert.deepEqual((await m.call('GET', `/api${f.path}`, { token: admin })).body, stored.body, 'nothing stored');
    });
  }

  test('good hosts still save: an IP, a domain, a URL with a port and a path', async () => {
    const ntp = (await m.call('GET', '/api/settings/communication/ntpConfig', { token: admin })).body.data;
    const r = await m.call('PUT', '/api/settings/communication/ntpConfig', { token: admin, body: { ...ntp, ntpServer2: '192.0.2.10', ntpServer3: 'time.example.org' } });
    assert.equal(r.status, 200, r.raw);
    const fw = await m.call('PUT', '/api/settings/firmware', { token: admin, body: { moduleCheckUpdateUrl: 'https://[2001:db8::1]:8443/fw/manifest.json?x=1' } });
    assert.equal(fw.status, 200, fw.raw);
  });
});
