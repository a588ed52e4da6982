/**
 * Settings › Emergency, Step 1 (002 §2.16, §4.10) in Chromium on a module started in system mode 2:
 * the root leads to the wizard, Export Config downloads a real .conf.an of the current settings,
 * Download Diagnostic File the archive, and the page is held while an export runs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { alertWith, launchBrowser, openAs, startModuleWithUsers, type ModuleServer } from '../lib/harness.ts';

describe('emergency mode', () => {
  let server: ModuleServer;
  let browser: Browser;
  before(async () => {
    ({ server } = await startModuleWithUsers({ MODULE_SYSTEM_MODE: '2' }));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('step 1: the root leads here; Export Config and the diagnostic file download', async () => {
    const page = await openAs(browser, server, '/', 'boss');
    await page.waitForURL('**/setting/emergency/step1');
    await page.getByRole('heading', { name: 'Step 1: Export configuration and diagnostic file' }).waitFor();
    const config = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Config' }).click();
    const file = await config;
    assert.match(file.suggestedFilename(), /\.conf\.an$/);
    const saved = await file.path();
    assert.ok(readFileSync(saved, 'utf8').length > 100);
    await alertWith(page, 'Configuration exported').waitFor();
    const diag = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Diagnostic File' }).click();
    assert.match((await diag).suggestedFilename(), /\.tar\.gz$/);
    await page.context().close();
  });

  test('leaving while an export runs is refused with the spec text', async () => {
    const page = await openAs(browser, server, '/setting/emergency/step1', 'boss');
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    // The module's reply is held back a moment (not replaced), so the export is still running when the user tries to leave.
    await page.route('**/api/command/diagnosticFile/**', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Download Diagnostic File' }).click();
    await page.getByRole('button', { name: 'Export Config' }).and(page.locator(':disabled')).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'About' }).click();
    await alertWith(page, 'Emergency mode is exporting. Please stay on the current page').waitFor();
    assert.equal(new URL(page.url()).pathname, '/setting/emergency/step1');
    const diag = page.waitForEvent('download');
    release();
    await diag;
    await page.getByRole('button', { name: 'Export Config' }).and(page.locator(':enabled')).waitFor();
    await page.context().close();
  });
});
