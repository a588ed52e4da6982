/** Settings › Config Management (002 §2.15, §7.4, §7.8, §8) in Chromium against the real module. */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, alertWith, openAs, startModule, type ModuleServer, keep } from '../lib/harness.ts';
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

    // 000 §7, issue 28: Import waits for a file; the upload (upload/local/configFile) shows its percentage.
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    assert.ok(await importButton.isDisabled(), 'Import is disabled until a file is chosen');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let uploaded = '';
    await page.route('**/api/upload/local/configFile', async (route) => {
      uploaded = route.request().headers()['content-type'] ?? '';
      await held;
      await route.continue();
    });
    await page.getByLabel('Configuration File').setInputFiles(saved);
    await importButton.click();
    // Held at the module's door: the bar is there with its percentage (0% is drawn zero wide, so attached, not visible).
    const bar = page.getByRole('progressbar', { name: 'Uploading' });
    await bar.waitFor({ state: 'attached' });
    assert.match((await bar.textContent()) ?? '', /^\d{1,3}%$/);
    assert.equal(`${await bar.getAttribute('aria-valuenow')}%`, await bar.textContent());
    release();
    await alertWith(page, 'Configuration file imported').waitFor();
    await page.unroute('**/api/upload/local/configFile');
    assert.match(uploaded, /^multipart\/form-data; boundary=/);
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
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
    // The list is read again after the success: its deleted row goes once the answer is drawn.
    await rows(page).nth(2).waitFor({ state: 'detached' });
    assert.equal(await rows(page).count(), 2, 'header and one row');
    await keep(page);
  });

  test('a file from another module: marked, Apply offered to admin only, a confirmation naming its serial number', async () => {
    const second = await startModule({ MODULE_SEED: '7' });
    try {
      const token = await second.login();
      assert.equal((await second.api('POST', '/config/backup', { description: 'From the old module' }, token)).status, 200);
      const [entry] = (await second.api('GET', '/config/localInfo', undefined, token)).body.data;
      const link = (await second.api('PATCH', '/config/export', { uuid: entry.uuid }, token)).body.data.value as string;
      const res = await fetch(`${second.baseUrl}/api/${link}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.status, 200);
      const moved = join(dir, link.split('/').pop()!);
      writeFileSync(moved, await res.text());
      const serial = entry.serialNumber as string;

      const page = await openAs(browser, server, PATH, 'admin', ADMIN_PASSWORD);
      await page.getByLabel('Configuration File').setInputFiles(moved);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await alertWith(page, 'Configuration file imported').waitFor();
      await page.getByRole('rowheader', { name: 'From the old module From another module' }).waitFor();
      await page.getByRole('button', { name: 'Apply From the old module' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmation' });
      await confirm
        .getByText(
          `This configuration comes from another module (serial number ${serial}). It could not be authenticated by this module; its passwords, keys and users are not applied. Apply it here?`,
        )
        .waitFor();
      await confirm.getByRole('button', { name: 'Yes, continue' }).click();
      await alertWith(page, 'Config applied successful').waitFor();
      const prompt = page.getByRole('dialog', { name: 'Action Required' });
      await prompt.getByRole('button', { name: 'Reboot Later' }).click();
      await prompt.getByRole('button', { name: 'OK' }).click();
      await keep(page);

      // The admin access level is not user admin: no Apply for a migration.
      const boss = await openAs(browser, server, PATH, 'boss');
      await boss.getByRole('rowheader', { name: 'From the old module From another module' }).waitFor();
      assert.equal(await boss.getByRole('button', { name: 'Apply From the old module' }).count(), 0);
      assert.equal(await boss.getByRole('button', { name: 'Apply Before commissioning' }).count(), 1);
      await keep(boss);
    } finally {
      await second.stop();
    }
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
    await keep(page);
  });
});
