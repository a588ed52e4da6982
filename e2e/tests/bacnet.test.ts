/**
 * Settings › Communication › BACnet/IP in Chromium: the fields appear with Enable, the rules show
 * under the fields, a save says "BACnet/IP config saved" and asks to reboot; the EPICS download
 * (once enabled) and its failure text; read-only for a view user.
 */
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { bacnetTexts } from '@meter/contract';
import { alertWith, openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PATH = '/setting/communication/bacnet_ip';
let server: ModuleServer;
let admin: string;
let browser: Browser;

useModuleAndBrowser((m) => ({ server, browser, admin } = m));

test('Enable shows the settings; the rules; a save with the reboot prompt', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  const form = page.getByRole('form', { name: 'BACnet/IP settings' });
  await form.getByLabel('Disable').waitFor();
  assert.equal(await page.getByLabel('Device Instance').count(), 0);
  assert.equal(await page.getByRole('button', { name: bacnetTexts.downloadEpics }).count(), 0);
  await form.getByLabel('Enable').first().check();
  // The EPICS download comes with the other fields at once, before any save (issue 28).
  await page.getByRole('button', { name: bacnetTexts.downloadEpics }).waitFor();
  await page.getByLabel('Port', { exact: true }).fill('46999');
  await page.getByLabel('Device Name').fill('Meter 7');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Port must be between 47000 and 49000', { exact: true }).waitFor();
  await page.getByLabel('Port', { exact: true }).fill('47809');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, bacnetTexts.saved).waitFor();
  const dialog = page.getByRole('dialog', { name: 'Action Required' });
  await dialog.getByText('Do you want to reboot the module now?', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  const saved = (await server.api('GET', '/settings/communication/bacNetConfig', undefined, admin)).body.data;
  assert.equal(saved.enable, 1);
  assert.equal(saved.port, 47809);
  assert.equal(saved.deviceName, 'Meter 7');
  await keep(page);
});

test('the EPICS download describes the saved device; a failed download says "Error: File not found."', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  const button = page.getByRole('button', { name: bacnetTexts.downloadEpics });
  await button.waitFor();
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  assert.equal(file.suggestedFilename(), 'BACnet-EPICS.tpi');
  const text = readFileSync((await file.path())!, 'utf8');
  assert.match(text, /^PICS 0\n/);
  assert.match(text, /^ {4}object-name: "Meter 7"$/m);
  await page.route('**/api/download/bacnetEpics/**', (r) => r.fulfill({ status: 404, contentType: 'application/json', body: '{"data":{"value":"Not found"}}' }));
  await button.click();
  await alertWith(page, bacnetTexts.fileNotFound).waitFor();
  await keep(page);
});

test('a view user sees BACnet/IP read-only', async () => {
  const page = await openAs(browser, server, PATH, 'viewer');
  await page.getByLabel('Device Instance').waitFor();
  assert.ok(await page.getByLabel('Device Instance').isDisabled());
  // Reading the device's description is not a change: the download stays.
  await page.getByRole('button', { name: bacnetTexts.downloadEpics }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  await keep(page);
});
