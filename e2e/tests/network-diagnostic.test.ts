/** Settings › Network Diagnostic (002 §2.14, §5.10) in Chromium: real tools behind the module, live output. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const BASE = '/setting/network_diagnostic';

describe('network diagnostic', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m));

  test('host lookup: the rule refuses a shell command; ping shows its output as it runs', async () => {
    const page = await openAs(browser, server, `${BASE}/host_lookup`, 'boss');
    const domain = page.getByLabel('Domain');
    await domain.fill('127.0.0.1; id');
    await page.getByRole('button', { name: 'Lookup' }).click();
    await page.getByText('Domain valid IP address or domain', { exact: true }).waitFor();
    await domain.fill('127.0.0.1');
    await page.getByLabel('nslookup').uncheck();
    await page.getByRole('button', { name: 'Lookup' }).click();
    await page.getByText('Please select at lease one', { exact: true }).waitFor();
    await page.getByLabel('ping').check();
    await page.getByRole('button', { name: 'Lookup' }).click();
    const output = page.getByLabel('Output');
    await output
      .getByText(/bytes from 127\.0\.0\.1/)
      .first()
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Lookup' }).isDisabled(), true, 'one run at a time');
    await output.getByText(/4 packets transmitted/).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Lookup' }).and(page.locator(':enabled')).waitFor();
    await keep(page);
  });

  test('networking status on arrival and on Refresh; the connection test lists every step', async () => {
    const page = await openAs(browser, server, `${BASE}/network_status`, 'boss');
    await page
      .getByLabel('Output')
      .getByText(/\$ ip address show/)
      .waitFor();
    await page
      .getByLabel('Output')
      .getByText(/\$ ss -s/)
      .waitFor();
    await page.getByRole('button', { name: 'Refresh' }).and(page.locator(':enabled')).waitFor();
    await page.goto(`${BASE}/connection_test`);
    await page.getByRole('button', { name: 'Begin Test' }).click();
    const table = page.getByRole('table', { name: 'Connection Test' });
    await table.getByRole('rowheader', { name: 'Name resolution' }).waitFor();
    await page.waitForFunction(() => !document.body.innerText.includes('RUNNING'), undefined, { timeout: 20_000 });
    assert.equal(await table.getByRole('row').count(), 6);
    await keep(page);
  });

  test('a view user reads but runs nothing', async () => {
    const page = await openAs(browser, server, `${BASE}/host_lookup`, 'viewer');
    await page.getByLabel('Domain').waitFor();
    assert.equal(await page.getByLabel('Domain').isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Lookup' }).count(), 0);
    await keep(page);
  });
});
