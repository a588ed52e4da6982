/**
 * Settings › Communication › AcuCloud in Chromium (001 "Communication, AcuCloud", §4, §5, §8):
 * Enable shows the serial number with Copy, the token and the link; the address only with
 * ?showAdvanced=true behind Edit / Confirm / Reset; the spec's address message without a PUT; a
 * save with the reboot prompt that a reload shows (the token never comes back); Test posts a
 * real file to an HTTPS server started here and shows the Test Result; Clear Post Logs asks
 * first; a view-only user sees it read-only; the page fits a phone.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ACUCLOUD_DEFAULT_ADDRESS, acuCloudTexts as t } from '@meter/contract';
import { alertWith, openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { startListeningHttpsPeer, type HttpsPeer } from '../../test-peers/https-peer.ts';

const PATH = '/setting/communication/acucloud';
const TOKEN = 'e2e-cloud-token';
let server: ModuleServer;
let admin: string;
let browser: Browser;
let peer: HttpsPeer;

// The peer starts inside the module's before hook: a file-level before of its own is not awaited first on Node 20.
useModuleAndBrowser((m) => ({ server, browser, admin } = m), {
  env: async () => {
    peer = await startListeningHttpsPeer();
    return { MODULE_TRUSTED_CA: peer.tls.ca, MODULE_POST_TIMEOUT_SECONDS: '5' };
  },
});
after(async () => {
  await peer?.close();
});

async function open(user = 'boss', query = ''): Promise<Page> {
  const page = await openAs(browser, server, PATH + query, user);
  await page.getByRole('form', { name: t.settingsTitle }).getByLabel('Disable').waitFor();
  return page;
}

test('AcuCloud: enable, the advanced address, the rule, save, reload, Test and Clear Post Logs', async () => {
  const serial = (await server.api('GET', '/settings/deviceInfo', undefined, admin)).body.data.meterSerialNumber as string;
  const page = await open('boss', '?showAdvanced=true');
  const form = page.getByRole('form', { name: t.settingsTitle });
  assert.equal(await page.getByLabel(t.labels.acuCloudToken).count(), 0, 'nothing but Enable/Disable while disabled');
  await form.getByLabel('Enable', { exact: true }).check();
  const serialInput = page.getByLabel(t.labels.moduleSerialNumber, { exact: true });
  assert.equal(await serialInput.inputValue(), serial);
  assert.equal(await serialInput.isDisabled(), true);
  await page.getByRole('button', { name: `${t.copy} ${t.labels.moduleSerialNumber}` }).waitFor();
  const address = page.getByLabel(t.labels.acuCloudAddress);
  assert.equal(await address.inputValue(), ACUCLOUD_DEFAULT_ADDRESS);
  assert.equal(await address.isDisabled(), true, 'locked until Edit');

  let puts = 0;
  page.on('request', (r) => void (r.method() === 'PUT' && puts++));
  await page.getByRole('button', { name: t.edit, exact: true }).click();
  await address.fill('ftp://127.0.0.1/cloud');
  await page.getByRole('button', { name: t.confirm, exact: true }).click();
  assert.equal(await address.isDisabled(), true);
  await page.getByLabel(t.labels.acuCloudToken).fill(TOKEN);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(t.addressRule, { exact: true }).waitFor();
  assert.equal(puts, 0);

  await page.getByRole('button', { name: t.edit, exact: true }).click();
  const url = `https://127.0.0.1:${peer.port}/api/upload`;
  await address.fill(url);
  await page.getByRole('button', { name: t.confirm, exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, t.saved).waitFor();
  const dialog = page.getByRole('dialog', { name: 'Action Required' });
  await dialog.getByText('Do you want to reboot the module now?', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();

  await page.reload();
  await form.getByLabel('Enable', { exact: true }).waitFor();
  assert.equal(await form.getByLabel('Enable', { exact: true }).isChecked(), true);
  assert.equal(await address.inputValue(), url);
  assert.equal(await page.getByLabel(t.labels.acuCloudToken).inputValue(), '', 'the token never comes back');
  assert.equal(await page.getByRole('link', { name: t.cloudLink }).getAttribute('href'), `https://127.0.0.1:${peer.port}`);

  await page.getByRole('button', { name: t.test, exact: true }).click();
  const result = page.getByTestId('test-result');
  await result.waitFor();
  assert.match(await result.innerText(), new RegExp(`^Connected to 127\\.0\\.0\\.1:${peer.port}: test file test_${serial}_\\d+\\.json accepted$`));
  assert.equal(peer.received.at(-1)!.headers.authorization, `Bearer ${TOKEN}`);
  await page.getByText(`${t.testResult}:`).waitFor();

  await page.getByRole('button', { name: t.clearPostLogs, exact: true }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText(t.clearConfirm, { exact: true }).waitFor();
  await confirm.getByRole('button', { name: 'Yes, continue' }).click();
  await alertWith(page, t.cleared).waitFor();

  // Reset puts the cloud's own address back in the form.
  await page.getByRole('button', { name: t.reset, exact: true }).click();
  assert.equal(await address.inputValue(), ACUCLOUD_DEFAULT_ADDRESS);

  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize({ width: 1366, height: 900 });
  assert.ok(width <= 390, `page is ${width}px wide at 390px`);
  await page
    .getByRole('button', { name: 'Discard' })
    .click()
    .catch(() => undefined);
  await keep(page);
});

test('AcuCloud: without ?showAdvanced the address is not shown; a view-only user sees it read-only without Test or Clear Post Logs', async () => {
  const saved = (await server.api('GET', '/settings/communication/acuCloudConfig', undefined, admin)).body.data;
  const put = await server.api(
    'PUT',
    '/settings/communication/acuCloudConfig',
    { ...saved, enable: true, acuCloudAddress: `https://127.0.0.1:${peer.port}/api/upload`, acuCloudToken: TOKEN },
    admin,
  );
  assert.equal(put.status, 200, JSON.stringify(put.body));
  const page = await open('viewer');
  const form = page.getByRole('form', { name: t.settingsTitle });
  assert.equal(await form.getByLabel('Enable', { exact: true }).isDisabled(), true);
  assert.equal(await page.getByLabel(t.labels.acuCloudToken).isDisabled(), true);
  assert.equal(await page.getByLabel(t.labels.acuCloudAddress).count(), 0);
  assert.equal(await page.getByRole('button', { name: t.test, exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: t.clearPostLogs, exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  await keep(page);
});
