/** Settings › Config Management (002 §2.15, §7.8, §8) in Chromium against the real module. */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { alertWith, openAs, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PATH = '/setting/config_management';

describe('config management', () => {
  let server: ModuleServer;
  let admin: string;
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'e2e-conf-'));
  useModuleAndBrowser((m) => ({ server, browser, admin } = m));
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  const rows = (page: Page) => page.getByRole('table', { name: 'Local Configuration List' }).getByRole('row');
  const policyLength = async () => (await server.api('GET', '/settings/passwordPolicy', undefined, admin)).body.data.pwdLength as number;

  test('backup, change, apply with the reboot prompt; download, import, a modified file refused, delete', async () => {
    const page = await openAs(browser, server, PATH, 'boss');
    await page.getByRole('button', { name: 'Backup' }).click();
    await page.getByText('Please provide Description').waitFor();
    await page.getByLabel('Description').fill('Before commissioning');
    await page.getByRole('button', { name: 'Backup' }).click();
    await alertWith(page, 'Config backup successful').waitFor();
    await page.getByRole('rowheader', { name: 'Before commissioning' }).waitFor();

    const policy = (await server.api('GET', '/settings/passwordPolicy', undefined, admin)).body.data;
    assert.equal((await server.api('PUT', '/settings/passwordPolicy', { ...policy, pwdLength: 9 }, admin)).status, 200);
    await page.getByRole('button', { name: 'Apply Before commissioning' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await confirm.getByText('The configuration replaces the current settings. Apply it?').waitFor();
    await confirm.getByRole('button', { name: 'Yes, continue' }).click();
    await alertWith(page, 'Config applied successful').waitFor();
    const prompt = page.getByRole('dialog', { name: 'Action Required' });
    await prompt.getByText('Do you want to reboot the module now?').waitFor();
    await prompt.getByRole('button', { name: 'Reboot Later' }).click();
    await prompt.getByRole('button', { name: 'OK' }).click();
    assert.equal(await policyLength(), 8);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Before commissioning' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^AR[0-9A-F]{8}_\d{14}\.conf\.an$/);
    const saved = join(dir, file.suggestedFilename());
    await file.saveAs(saved);
    assert.ok(!readFileSync(saved, 'utf8').includes('scrypt'), 'no password hash in clear');

    await page.getByLabel('Configuration File').setInputFiles(saved);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await alertWith(page, 'Configuration file imported').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2);

    const modified = join(dir, 'modified.conf.an');
    writeFileSync(modified, readFileSync(saved, 'utf8').replace(/"pwdLength": \d+/, '"pwdLength": 20'));
    await page.getByLabel('Configuration File').setInputFiles(modified);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await alertWith(page, 'Configuration file upload failed: The configuration file is damaged or has been modified').waitFor();

    await page.getByRole('button', { name: 'Delete Before commissioning' }).first().click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Yes, continue' }).click();
    await alertWith(page, 'Files deleted').waitFor();
    assert.equal((await server.api('GET', '/config/localInfo', undefined, admin)).body.data.length, 1);
    assert.equal(await rows(page).count(), 2, 'header and one row');
    await page.context().close();
  });

  test('a view user sees the list with Detail and Download only', async () => {
    const page = await openAs(browser, server, PATH, 'viewer');
    await page.getByRole('rowheader', { name: 'Before commissioning' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Backup' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Apply Before commissioning' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Delete Before commissioning' }).count(), 0);
    await page.getByRole('button', { name: 'Detail Before commissioning' }).click();
    await page
      .getByRole('dialog', { name: 'Detail' })
      .getByText(/^Model: /)
      .waitFor();
    await page.context().close();
  });
});
