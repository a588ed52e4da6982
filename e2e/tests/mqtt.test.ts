/**
 * Settings › Communication › MQTT in Chromium against the real module and Debian's mosquitto:
 * the five tabs, the status (Disconnected, then Connected after a save), Generate, Test, the
 * per-tab success texts, the rules, the SSL files, and read-only tabs for a non-admin.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { mqttTexts } from '@meter/contract';
import { alertWith, openAs, until, type ModuleServer, freePort, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const BASE = '/setting/communication/mqtt';
let server: ModuleServer;
let browser: Browser;
let broker: ChildProcess;
let brokerPort: number;
let brokerDir: string;

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

before(async () => {
  brokerDir = mkdtempSync(join(tmpdir(), 'e2e-mosquitto-'));
  brokerPort = await freePort();
  writeFileSync(join(brokerDir, 'mosquitto.conf'), `listener ${brokerPort} 127.0.0.1\nallow_anonymous true\n`);
  chmodSync(brokerDir, 0o755);
  broker = spawn('mosquitto', ['-c', join(brokerDir, 'mosquitto.conf')], { stdio: 'ignore' });
  await until('mosquitto to listen', () => listening(brokerPort));
});
useModuleAndBrowser((m) => ({ server, browser } = m));
after(async () => {
  broker?.kill();
  rmSync(brokerDir, { recursive: true, force: true });
});

const status = (page: Page) => page.getByTestId('mqtt-status');
const tabLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name, exact: true });

test('General: Disconnected on load; enable, broker, Generate, MQTT 5.0, Save → "MQTT General Saved", Refresh → Connected, Test publishes', async () => {
  const page = await openAs(browser, server, BASE, 'boss');
  await page.waitForURL((u) => u.pathname === `${BASE}/general`);
  for (const tab of ['General', 'User Credentials', 'SSL/TLS', 'Last Will and Testament', 'Topic and Parameter Selection']) {
    await tabLink(page, tab).waitFor();
  }
  await status(page).filter({ hasText: mqttTexts.disconnected }).waitFor();
  assert.match(await page.getByLabel('Client ID').inputValue(), /^[A-Za-z0-9]{23}$/);
  await page.getByLabel('Enable MQTT').check();
  await page.getByLabel('Broker Address').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Please provide Broker Address', { exact: true }).waitFor();

  await page.getByLabel('Broker Address').fill('127.0.0.1');
  await page.getByLabel('Broker Port').fill(String(brokerPort));
  const before = await page.getByLabel('Client ID').inputValue();
  await page.getByRole('button', { name: /Generate/ }).click();
  const generated = await page.getByLabel('Client ID').inputValue();
  assert.match(generated, /^[A-Za-z0-9]{23}$/);
  assert.notEqual(generated, before);
  assert.equal(await page.getByTestId('mqtt-broker-url').textContent(), `mqtt://127.0.0.1:${brokerPort}`);
  assert.equal(await page.getByLabel('Protocol Version').inputValue(), '4');
  await page.getByLabel('Protocol Version').selectOption({ label: 'MQTT 5.0' });
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, mqttTexts.generalSaved).waitFor();

  // The module connects to the broker a moment after the save: once it says so, Refresh shows it.
  const token = await server.login();
  await until('the module connected to mosquitto', async () => (await server.api('GET', '/command/checkMqttStatus', undefined, token)).body.data.value === mqttTexts.connected, 15_000);
  await page.getByRole('button', { name: mqttTexts.refresh }).click();
  await status(page).filter({ hasText: mqttTexts.connected }).waitFor();
  await page.getByRole('button', { name: mqttTexts.test }).click();
  await alertWith(page, mqttTexts.testPublished('meter/data')).waitFor();
  // Connected above is an MQTT 5 session with mosquitto.
  assert.equal((await server.api('GET', '/settings/communication/mqttConfig', undefined, token)).body.data.mqttGenaral.protocolVersion, 5);
  await keep(page);
});

test('Topic, Last Will and User Credentials save their own part with their own texts; the rules show under the fields', async () => {
  const page = await openAs(browser, server, `${BASE}/topic`, 'boss');
  await page.getByLabel('Topic', { exact: true }).fill('plant/+/meter');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(mqttTexts.noWildcards('Topic'), { exact: true }).waitFor();
  await page.getByLabel('Topic', { exact: true }).fill('plant/meter');
  await page.getByLabel('Interval').selectOption({ label: '30 seconds' });
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, mqttTexts.topicSaved).waitFor();

  await tabLink(page, 'Last Will and Testament').click();
  await page.getByLabel('Enable Last Will').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Please provide Last Will Topic', { exact: true }).waitFor();
  await page.getByLabel('Last Will Topic').fill('plant/meter/status');
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, mqttTexts.lastWillSaved).waitFor();

  await tabLink(page, 'User Credentials').click();
  assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '');
  await page.getByLabel('User Name').fill('meter');
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, mqttTexts.userCredentialsSaved).waitFor();

  // Each tab replaced only its part: the General settings are still there.
  const token = await server.login();
  const config = (await server.api('GET', '/settings/communication/mqttConfig', undefined, token)).body.data;
  assert.equal(config.mqttGenaral.brokerPort, brokerPort);
  assert.equal(config.topic.topic, 'plant/meter');
  assert.equal(config.topic.interval, 2);
  assert.equal(config.lastWill.topic, 'plant/meter/status');
  assert.equal(config.userCredential.userName, 'meter');
  await keep(page);
});

test('SSL/TLS: file status, the extension rule, and SSL refused while files are missing', async () => {
  const page = await openAs(browser, server, `${BASE}/ssl_tls`, 'boss');
  await page.getByTestId('mqtt-file-mqttCA-status').filter({ hasText: mqttTexts.fileMissing }).waitFor();
  await page.locator('#mqtt-file-mqttCA').setInputFiles({ name: 'ca.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from('x') });
  await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
  await alertWith(page, mqttTexts.caUploadFailed(mqttTexts.wrongExtension('.crt or .cer'))).waitFor();
  await page.locator('#mqtt-file-mqttCA').setInputFiles({ name: 'ca.crt', mimeType: 'application/x-x509-ca-cert', buffer: Buffer.from('not a certificate') });
  await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
  await alertWith(page, mqttTexts.caUploadFailed(mqttTexts.notPem('certificate'))).waitFor();
  await page.getByLabel('Enable SSL/TLS').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, 'Please provide CA File').waitFor();
  await keep(page);
});

test('a non-admin sees the tabs read-only, no password field and no Test button, also at 390 px', async () => {
  const page = await openAs(browser, server, `${BASE}/general`, 'viewer');
  await page.setViewportSize({ width: 390, height: 800 });
  await status(page).waitFor();
  assert.ok(await page.getByLabel('Broker Address').isDisabled());
  assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
  assert.equal(await page.getByRole('button', { name: mqttTexts.test }).count(), 0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `horizontal overflow ${overflow}px`);
  await tabLink(page, 'User Credentials').click();
  await page.getByLabel('User Name').waitFor();
  assert.ok(await page.getByLabel('User Name').isDisabled());
  assert.equal(await page.getByLabel('Password', { exact: true }).count(), 0);
  await tabLink(page, 'SSL/TLS').click();
  await page.getByTestId('mqtt-file-mqttCA-status').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Upload', exact: true }).count(), 0);
  await keep(page);
});
