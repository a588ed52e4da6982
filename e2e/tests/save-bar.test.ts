/**
 * The form layer's save bar, on a settings form (Password Policy) and a section screen (Settings ›
 * Meter › Alarm): Save, Discard and the number of changed fields, kept in view on a long form.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { still } from '../lib/screens.ts';

const POLICY_PATH = '/setting/user_management/password_policy';
const ALARM_PATH = '/setting/meter/alarm';

describe('save bar', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m));

  const status = (p: Page) => p.locator('.save-bar [role=status]');

  test('counts the changed fields, Discard restores the loaded values, Save keeps them', async () => {
    const page = await openAs(browser, server, POLICY_PATH, 'boss');
    const history = page.getByLabel('Password History');
    await history.waitFor();
    const loaded = await history.inputValue();
    const discard = page.getByRole('button', { name: 'Discard' });
    assert.equal(await status(page).textContent(), 'No changes');
    assert.equal(await discard.isDisabled(), true);

    await history.fill(loaded === '5' ? '6' : '5');
    await page.getByText('1 changed field', { exact: true }).waitFor();
    await page.getByLabel('Special Character').click();
    await page.getByText('2 changed fields', { exact: true }).waitFor();
    await discard.click();
    await page.getByText('No changes', { exact: true }).waitFor();
    assert.equal(await history.inputValue(), loaded);
    assert.equal(await discard.isDisabled(), true);

    await history.fill('7');
    await page.getByText('1 changed field', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('No changes', { exact: true }).waitFor();
    await page.reload();
    await history.waitFor();
    assert.equal(await history.inputValue(), '7');
    await keep(page);
  });

  test('on a long section form the bar stays at the bottom of the window, on a desktop and on a phone', async () => {
    const page = await openAs(browser, server, ALARM_PATH, 'boss');
    const save = page.getByRole('button', { name: 'Save' });
    await save.waitFor();
    // Enabling the alarm shows its ten limit rows.
    await page.getByLabel('Enable', { exact: true }).check();
    await page.getByText('1 changed field', { exact: true }).waitFor();
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      // Drawn at the new size: the window that wide and back at the top (Bootstrap scrolls smoothly), then still.
      await page.waitForFunction((width) => window.innerWidth === width && window.scrollY === 0, viewport.width);
      await still(page);
      const long = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.5);
      assert.ok(long, 'the alarm form is longer than the window');
      const box = await save.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, `Save in view at the top of the page (${viewport.width}): ${JSON.stringify(box)}`);
    }
    await keep(page);
  });

  test('read-only users get no bar', async () => {
    const page = await openAs(browser, server, '/setting/meter/general', 'viewer');
    await page.getByLabel('Rated Voltage').waitFor();
    assert.equal(await page.getByLabel('Rated Voltage').isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Discard' }).count(), 0);
    assert.equal(await page.getByText('No changes', { exact: true }).count(), 0);
    await keep(page);
  });
});
