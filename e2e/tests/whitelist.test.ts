/**
 * Settings › Communication › Whitelist Management (002 §2.10, §4.5, §5.9): the add form's rule,
 * add and Save, the CSV export downloaded and imported back after a delete, and a view-only user
 * without the editing controls.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { whitelistTexts as t } from '@meter/contract';
import { alertWith, openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PATH = '/setting/communication/access_control';
let server: ModuleServer;
let browser: Browser;
let admin: string;

useModuleAndBrowser((m) => ({ server, browser, admin } = m));

test('Whitelist: add, enable and save; export, delete, import restores the list', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  const add = page.getByRole('button', { name: t.add, exact: true });
  await add.waitFor();
  // Enabled with an empty list: the rule's own message, checked before sending (issue 28).
  await page.getByRole('radio', { name: t.enabled }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, t.atLeastOne).waitFor();
  assert.equal((await server.api('GET', '/settings/communication/ipWhitelistConfig', undefined, admin)).body.data.whiteListEnable, false);
  await add.click();
  await page.getByText(t.bothEmpty, { exact: true }).waitFor();
  await page.getByLabel('IPv4', { exact: true }).fill('127.0.0.1');
  await page.getByLabel('Description', { exact: true }).fill('me');
  await add.click();
  await page.getByLabel('IPv6', { exact: true }).fill('2001:db8::7');
  await add.click();
  // A refusal the console did not foresee: the module's message, never only "An error has occurred.".
  await page.route('**/api/settings/communication/ipWhitelistConfig', (r) =>
    r.request().method() === 'PUT' ? r.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ data: { value: t.maxEntries } }) }) : r.fallback(),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, t.maxEntries).waitFor();
  await page.unroute('**/api/settings/communication/ipWhitelistConfig');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, t.saved).waitFor();
  const saved = await server.api('GET', '/settings/communication/ipWhitelistConfig', undefined, admin);
  assert.deepEqual(saved.body.data, {
    whiteListEnable: true,
    whiteList: [
      { ipv4: '127.0.0.1', ipv6: '', description: 'me' },
      { ipv4: '', ipv6: '2001:db8::7', description: '' },
    ],
  });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.exportCsv, exact: true }).click();
  const file = await (await downloading).path();
  assert.match(readFileSync(file, 'utf8'), /^ipv4,ipv6,description\r\n127\.0\.0\.1,,me\r\n,2001:db8::7,\r\n$/);

  await page.getByRole('button', { name: 'Delete 2' }).click();
  assert.equal(await page.getByRole('button', { name: 'Delete 2' }).count(), 0);
  await page.getByLabel(t.importCsv).setInputFiles(file);
  await alertWith(page, t.imported).waitFor();
  await page.getByRole('button', { name: 'Delete 2' }).waitFor();
  await keep(page);
});

test('Whitelist: a view-only user sees the list without editing controls', async () => {
  const page = await openAs(browser, server, PATH, 'viewer');
  await page.getByRole('table', { name: t.title }).getByText('2001:db8::7').waitFor();
  for (const name of ['Save', t.add, t.importCsv]) assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, name);
  assert.ok(await page.getByRole('radio', { name: t.enabled }).isDisabled());
  await keep(page);
});
