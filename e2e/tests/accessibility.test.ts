/**
 * axe-core on the states a sweep of the pages does not reach, light and dark: the drawer, the user
 * menu, a confirm dialog, the sign-in page with its errors. Any violation fails. Every page of the
 * route table: every-page.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../lib/axe.ts';
import { newPage, signInToMain, USER_PASSWORD, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { settle, still } from '../lib/screens.ts';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

describe('accessibility (axe-core)', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m));
  async function open(colorScheme: 'light' | 'dark', viewport: { width: number; height: number }): Promise<Page> {
    const { page } = await newPage(browser, server.baseUrl, { colorScheme, viewport: DESKTOP });
    await signInToMain(page, 'boss', USER_PASSWORD);
    await page.setViewportSize(viewport);
    return page;
  }

  test('the sign-in page, the drawer, the user menu and a confirm dialog', async () => {
    const failures: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const page = await open(scheme, PHONE);
      await page.goto('/reading/metering/basic_metering');
      await settle(page);
      await page.getByRole('button', { name: 'Reading menu' }).click();
      await page.getByRole('dialog', { name: 'Reading' }).waitFor();
      await still(page);
      for (const v of await axeViolations(page)) failures.push(`${scheme} drawer: ${v}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Reading' }).waitFor({ state: 'hidden' });
      await page.setViewportSize(DESKTOP);
      await still(page);
      await page.getByRole('button', { name: 'boss' }).click();
      await page.getByRole('button', { name: 'Theme: System' }).waitFor();
      for (const v of await axeViolations(page)) failures.push(`${scheme} user menu: ${v}`);
      await page.getByRole('button', { name: 'Reboot' }).click();
      await page.getByRole('dialog').waitFor();
      await still(page);
      for (const v of await axeViolations(page)) failures.push(`${scheme} confirm dialog: ${v}`);
      await page.context().close();

      const login = await browser.newContext({ baseURL: server.baseUrl, colorScheme: scheme, viewport: PHONE });
      const lp = await login.newPage();
      await lp.goto('/login');
      await lp.getByLabel('User Name').waitFor();
      await lp.getByRole('button', { name: 'Sign In' }).click();
      await still(lp);
      for (const v of await axeViolations(lp)) failures.push(`${scheme} sign-in with errors: ${v}`);
      await login.close();
    }
    assert.deepEqual(failures, []);
  });
});
