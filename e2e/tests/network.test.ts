/**
 * Settings › Communication › Network in Chromium: the bridge switch (one card, the default
 * interface reset and restored), the port rules with the spec's message, a save that PUTs only the
 * changed sections and asks to reboot; WiFi: "Wifi is not ready." while the radio is off, then
 * after a reboot the status line, the SSID picker sorted by signal with its icons, Set, and the
 * 802.1X check that gates the Enterprise switch; read-only for a view user.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ipv6Texts, networkTexts as t, signalLevel } from '@meter/contract';
import { alertWith, openAs, until, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PATH = '/setting/communication/network';
let server: ModuleServer;
let admin: string;
let browser: Browser;

useModuleAndBrowser((m) => ({ server, browser, admin } = m), { env: { MODULE_REBOOT_SECONDS: '1' } });

const card = (page: Page, title: string) => page.locator('.card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();
const rebootLater = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Action Required' });
  await dialog.getByText('Do you want to reboot the module now?', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
};

test('the bridge shows one Ethernet card and resets the default interface, restored on the way back; ports are checked; only changed sections are saved', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  const general = card(page, t.cards.general);
  const defaultInterface = general.getByLabel(t.labels.defaultInterface);
  await defaultInterface.waitFor();
  await card(page, t.cards.ethernet2).waitFor();
  assert.equal(await defaultInterface.inputValue(), 'eth0');
  assert.equal(await card(page, t.cards.ethernet1).getByLabel(t.labels.ip).inputValue(), '192.168.1.254');

  await general.getByLabel(t.labels.bridge).check();
  await card(page, t.cards.bridge).waitFor();
  assert.equal(await card(page, t.cards.ethernet2).count(), 0);
  assert.equal(await defaultInterface.inputValue(), 'br0');
  assert.deepEqual(await defaultInterface.locator('option').allTextContents(), ['Bridge']);
  await general.getByLabel(t.labels.bridge).uncheck();
  await card(page, t.cards.ethernet2).waitFor();
  await general.getByLabel(t.labels.defaultInterface).selectOption('eth1');
  await general.getByLabel(t.labels.bridge).check();
  assert.equal(await defaultInterface.inputValue(), 'br0');
  await general.getByLabel(t.labels.bridge).uncheck();
  assert.equal(await defaultInterface.inputValue(), 'eth0', 'back to the original setting: the original value');
  // Ethernet 2 by DHCP shows its current address read-only.
  const eth2 = card(page, t.cards.ethernet2);
  const ip = (await server.api('GET', '/command/getIp', undefined, admin)).body.data;
  await eth2.getByText(t.currentIp(ip.eth1.ip)).waitFor();
  assert.equal(await eth2.getByLabel(t.labels.ip).count(), 0);

  const http = card(page, t.cards.http);
  await http.getByLabel(t.labels.httpsPort).fill('6666');
  await save(page);
  await page.getByText(t.reservedPorts, { exact: true }).waitFor();
  await http.getByLabel(t.labels.httpsPort).fill('5000');
  await save(page);
  await page.getByText('HTTPS Port must be 443, or between 6000 and 9999', { exact: true }).waitFor();
  await http.getByLabel(t.labels.httpsPort).fill('8443');
  await card(page, t.cards.modbus).getByLabel(t.labels.modbusPort).fill('5020');

  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(new URL(r.url()).pathname);
  });
  await save(page);
  await alertWith(page, t.saved).waitFor();
  await rebootLater(page);
  assert.deepEqual(puts.sort(), ['/api/settings/communication/modbusTcpConfig', '/api/settings/communication/webServerConfig']);
  assert.deepEqual((await server.api('GET', '/settings/communication/webServerConfig', undefined, admin)).body.data, { allowHttp: true, httpPort: 80, port: 8443 });
  assert.deepEqual((await server.api('GET', '/settings/communication/modbusTcpConfig', undefined, admin)).body.data, { port: 5020 });

  // The WiFi default interface rule, with the spec's message.
  const wifi = card(page, t.cards.wifi);
  await wifi.getByLabel(t.enable, { exact: true }).check();
  await wifi.getByLabel(t.sta, { exact: true }).check();
  await defaultInterface.selectOption('wlan0');
  await wifi.getByLabel(t.disable, { exact: true }).check();
  await save(page);
  await page.getByText(t.defaultInterfaceWifi, { exact: true }).waitFor();
  // The radio is off in the running configuration: the scan fails with the spec's alert.
  await wifi.getByLabel(t.enable, { exact: true }).check();
  await page.getByRole('button', { name: t.scan }).click();
  await alertWith(page, t.wifiNotReady).waitFor();
  await keep(page);
});

test('after a reboot with WiFi as a station: Connected, the SSID picker sorted by signal, Set, and the 802.1X check gating Enterprise', async () => {
  const cfg = (await server.api('GET', '/settings/communication/networkConfig', undefined, admin)).body.data;
  cfg.wlan0 = { ...cfg.wlan0, enable: 1, mode: 'STA', staConfig: { ...cfg.wlan0.staConfig, ssid: 'Plant-Floor', key: 'Secret123', dhcpEnable: 1 } };
  assert.equal((await server.api('PUT', '/settings/communication/networkConfig', cfg, admin)).status, 200);
  assert.equal((await server.api('PATCH', '/command/rebootSystem', { value: 1 }, admin)).status, 200);
  // Back from the reboot once the old session is refused: before the reboot it is accepted, during it
  // nobody answers, and the module built again knows no session.
  const before = admin;
  await until(
    'the module back from its reboot',
    async () => {
      try {
        return (await server.api('GET', '/command/homePageInfo', undefined, before)).status === 401;
      } catch {
        return false;
      }
    },
    40_000,
  );
  admin = await server.login();

  const page = await openAs(browser, server, PATH, 'boss');
  const wifi = card(page, t.cards.wifi);
  await page.getByText(`${t.wifiStatus}: ${t.connected} (Plant-Floor)`).waitFor();
  const ssid = wifi.getByLabel(t.labels.staSsid);
  const enterprise = wifi.getByLabel(t.labels.enterprise);
  assert.equal(await ssid.inputValue(), 'Plant-Floor');
  await until('the 802.1X check ends', async () => (await page.getByText(t.checking8021x).count()) === 0);
  assert.ok(await enterprise.isDisabled(), 'a PSK network: no 802.1X');

  await page.getByRole('button', { name: t.scan }).click();
  const dialog = page.getByRole('dialog', { name: t.pickSsid });
  await dialog.getByRole('row').nth(1).waitFor();
  const rows = dialog.getByRole('row');
  const names = (await rows.locator('td:nth-child(2)').allTextContents()).map((s) => s.trim());
  const scan = ((await server.api('GET', '/command/getSsid', undefined, admin)).body.data as { ssid: string; signal: number }[]).sort((a, b) => b.signal - a.signal);
  assert.deepEqual(
    names,
    scan.map((n) => n.ssid),
    'strongest first',
  );
  for (const n of scan) await dialog.getByRole('img', { name: t.signal(n.signal, signalLevel(n.signal)) }).waitFor();
  assert.deepEqual(new Set(scan.map((n) => signalLevel(n.signal))), new Set([1, 2, 3, 4]));
  await dialog.getByLabel('Corp-Secure').check();
  await dialog.getByRole('button', { name: t.set }).click();
  assert.equal(await ssid.inputValue(), 'Corp-Secure');
  await until('the 802.1X check ends', async () => (await page.getByText(t.checking8021x).count()) === 0);
  await until('Enterprise enabled for an 802.1X network', () => enterprise.isEnabled());

  await enterprise.check();
  await wifi.getByLabel(t.labels.username).fill('meter7');
  await wifi.getByLabel(t.labels.staKey).fill('EapSecret1');
  await save(page);
  await alertWith(page, t.saved).waitFor();
  await rebootLater(page);
  const saved = (await server.api('GET', '/settings/communication/networkConfig', undefined, admin)).body.data;
  assert.deepEqual(
    { ssid: saved.wlan0.staConfig.ssid, enterpriseEnable: saved.wlan0.staConfig.enterpriseEnable, username: saved.wlan0.staConfig.username, key: saved.wlan0.staConfig.key },
    { ssid: 'Corp-Secure', enterpriseEnable: 1, username: 'meter7', key: '' },
  );
  // Typing a PSK network's name re-checks and turns Enterprise off for it.
  await enterprise.uncheck();
  await ssid.fill('Warehouse');
  await until('Enterprise disabled for a PSK network', async () => (await enterprise.isDisabled()) && (await page.getByText(t.checking8021x).count()) === 0);

  await keep(page);
});

test('a view user sees the Network page read-only', async () => {
  const page = await openAs(browser, server, PATH, 'viewer');
  const dns = card(page, t.cards.dns).getByLabel(t.labels.dns1);
  await dns.waitFor();
  assert.ok(await dns.isDisabled());
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: t.scan }).count(), 0);
  await keep(page);
});

test('IPv6: the Ethernet blocks with the switch, the manual rules, a save with the reboot prompt, the current state per interface', async () => {
  const page = await openAs(browser, server, '/setting/communication/network_v6', 'boss');
  const L = ipv6Texts.labels;
  const general = card(page, ipv6Texts.cards.general);
  await general.getByLabel(L.enable).waitFor();
  await card(page, ipv6Texts.state).getByText(`${L.enable}: ${ipv6Texts.disabled}`).waitFor();
  assert.equal(await card(page, ipv6Texts.cards.ethernet1).count(), 0);
  await general.getByLabel(L.enable).check();
  const eth1 = card(page, ipv6Texts.cards.ethernet1);
  await eth1.getByLabel(ipv6Texts.manual, { exact: true }).check();
  await eth1.getByLabel(L.ip).fill('2001:db8::zz');
  await eth1.getByLabel(L.prefixLength).fill('129');
  await save(page);
  await page.getByText('IPv6 Address must be a valid IPv6 address', { exact: true }).waitFor();
  await page.getByText('Prefix Length must be between 1 and 128', { exact: true }).waitFor();
  await page.getByText('Please provide Gateway', { exact: true }).waitFor();
  await eth1.getByLabel(L.ip).fill('2001:db8:10::5');
  await eth1.getByLabel(L.prefixLength).fill('48');
  await eth1.getByLabel(L.gateway).fill('2001:db8:10::1');
  await save(page);
  await alertWith(page, ipv6Texts.saved).waitFor();
  await rebootLater(page);
  const saved = (await server.api('GET', '/settings/communication/ipv6Config', undefined, admin)).body.data;
  assert.equal(saved.isIPv6Enabled, true);
  assert.deepEqual(saved.eth0, { isAuto: false, ip: '2001:db8:10::5', prefixLength: 48, gateway: '2001:db8:10::1' });
  // The state is the running one: still disabled until the reboot.
  assert.equal((await server.api('GET', '/command/ipv6Config/getIpv6', undefined, admin)).body.data.status, 'Disabled');
  await keep(page);
});
