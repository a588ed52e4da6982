/**
 * Settings › Communication › SNMP in Chromium against the real module: the §5.7 rules under the
 * fields, "SNMP config saved", the community never shown again, the agent then answering
 * Debian's snmpget, the MIB download and its failure text, and read-only for a view user.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { snmpTexts } from '@meter/contract';
import { alertWith, freeUdpPort, openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { still } from '../lib/screens.ts';

const PATH = '/setting/communication/snmp';
let server: ModuleServer;
let browser: Browser;
let snmpPort: number;

// Picked inside the module's before hook: a file-level before of its own is not awaited first on Node 20.
useModuleAndBrowser((m) => ({ server, browser } = m), {
  env: async () => {
    snmpPort = await freeUdpPort();
    return { MODULE_SNMP_PORT: String(snmpPort) };
  },
});

test('enable with a community: the rules, "SNMP config saved", the community not shown again, snmpget answered', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  await page.getByLabel('Enable SNMP').check();
  await page.getByLabel('Read Only Community').fill('short');
  await page.getByLabel('Port', { exact: true }).fill('200');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Read Only Community must be at least 6 characters', { exact: true }).waitFor();
  await page.getByText('Port must be 161, or between 16100 and 16199', { exact: true }).waitFor();
  await page.getByLabel('Read Only Community').fill('plantRO7');
  await page.getByLabel('Port', { exact: true }).fill('16100');
  assert.ok(await page.getByLabel('Report Buffer Size').isDisabled());
  // The refused save's messages can still be moving the form as the box is clicked: wait for it to stand still.
  const trap = page.getByLabel('Enable Trap');
  await still(page);
  await trap.check();
  assert.ok(await trap.isChecked());
  await page.getByLabel('Trap Target 1').fill('127.0.0.1');
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, snmpTexts.saved).waitFor();
  await page.reload();
  await page.getByLabel('Read Only Community').waitFor();
  assert.equal(await page.getByLabel('Read Only Community').inputValue(), '');
  assert.equal(await page.getByLabel('Trap Target 1').inputValue(), '127.0.0.1');

  const out = await new Promise<string>((resolve, reject) =>
    execFile('snmpget', ['-v2c', '-c', 'plantRO7', '-t', '2', '-r', '2', '-Oqv', `udp:127.0.0.1:${snmpPort}`, '1.3.6.1.2.1.1.5.0'], (e, o, err) =>
      e ? reject(new Error(err)) : resolve(o),
    ),
  );
  assert.equal(out.trim().replace(/^"|"$/g, ''), 'Main Electrical Room');
  await keep(page);
});

test('the MIB download gives the SMIv2 module; a failed download says "Error: File not found."', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: snmpTexts.downloadMib }).click()]);
  assert.match(readFileSync((await file.path())!, 'utf8'), /^ACCUMETER-MIB DEFINITIONS ::= BEGIN/);
  await page.route('**/api/download/snmpMib/**', (r) => r.fulfill({ status: 404, contentType: 'application/json', body: '{"data":{"value":"Not found"}}' }));
  await page.getByRole('button', { name: snmpTexts.downloadMib }).click();
  await alertWith(page, snmpTexts.fileNotFound).waitFor();
  await keep(page);
});

test('a view user sees the SNMP settings read-only, at 390 px too', async () => {
  const page = await openAs(browser, server, PATH, 'viewer');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByLabel('Enable SNMP').waitFor();
  assert.ok(await page.getByLabel('Enable SNMP').isDisabled());
  assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `horizontal overflow ${overflow}px`);
  await keep(page);
});
