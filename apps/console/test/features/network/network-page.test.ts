/** The Network page's combined section: the prefixed fields of the four sections, their rules, and which sections a save sends. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_METER_CONTEXT, DEFAULT_NETWORK_CONFIG, networkTexts as t, sectionBody, sectionFields } from '@meter/contract';
import { changedSections, networkPageSection } from '../../../src/features/network/network-page.ts';

const page = () => ({
  networkConfig: DEFAULT_NETWORK_CONFIG('AcuRev-1'),
  webServerConfig: { allowHttp: true, httpPort: 80, port: 443 },
  modbusTcpConfig: { port: 502 },
  proxyServerConfig: { enable: 0, url: '', port: 8080 },
});

test('the page has the fields of all four sections, named by section', () => {
  const names = sectionFields(networkPageSection, DEFAULT_METER_CONTEXT).map((f) => f.name);
  for (const n of ['networkConfig__eth0__ip', 'networkConfig__wlan0__staConfig__ssid', 'webServerConfig__port', 'modbusTcpConfig__port', 'proxyServerConfig__url'])
    assert.ok(names.includes(n), n);
});

test("the page's schema carries every section's rules, reported under the section's path", () => {
  const body = sectionBody(networkPageSection, DEFAULT_METER_CONTEXT);
  assert.equal(body.safeParse(page()).success, true);
  const bad = page();
  bad.webServerConfig.port = 6697;
  bad.modbusTcpConfig.port = 6000;
  const r = body.safeParse(bad);
  assert.equal(r.success, false);
  assert.deepEqual(
    r.error!.issues.map((i) => [i.path.join('.'), i.message]),
    [
      ['webServerConfig.port', t.reservedPorts],
      ['modbusTcpConfig.port', 'Modbus Port must be 502, or between 2000 and 5999'],
    ],
  );
});

test('a save sends only the sections with a changed field', () => {
  const baseline = { networkConfig__dns1: '8.8.8.8', webServerConfig__port: 443, modbusTcpConfig__port: 502, proxyServerConfig__enable: 0 };
  assert.deepEqual(changedSections(baseline, baseline), []);
  assert.deepEqual(changedSections({ ...baseline, modbusTcpConfig__port: 5020 }, baseline), ['modbusTcpConfig']);
  assert.deepEqual(changedSections({ ...baseline, networkConfig__dns1: '1.1.1.1', proxyServerConfig__enable: 1 }, baseline), ['networkConfig', 'proxyServerConfig']);
});
