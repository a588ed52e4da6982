/**
 * axe-core over every page of the route table, light and dark, on a desktop and on a phone: any
 * violation fails. Dark runs the colour rules (contrast, links in text): the rest do not depend on
 * the scheme and ran in light at the same size. Plus the states a page list does not reach: the
 * drawer, the user menu, a modal.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { COLOUR_RULES, axeViolations } from '../lib/axe.ts';
import { newPage, signInToMain, USER_PASSWORD, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { prepareSweep, settle, still, sweepPaths } from '../lib/screens.ts';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

describe('accessibility (axe-core)', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m));
  before(async () => {
    await prepareSweep(server, await server.login());
  });

  async function open(colorScheme: 'light' | 'dark', viewport: { width: number; height: number }): Promise<Page> {
    const { page } = await newPage(browser, server.baseUrl, { colorScheme, viewport: DESKTOP });
    await signInToMain(page, 'boss', USER_PASSWORD);
    await page.setViewportSize(viewport);
    return page;
  }

  /** `colourOnly`: the dark sweeps check the colour rules; the light sweep at the same size checked every rule. */
  async function sweep(colorScheme: 'light' | 'dark', viewport: { width: number; height: number }, colourOnly = false) {
    const page = await open(colorScheme, viewport);
    const seen = new Set<string>();
    const failures: string[] = [];
    for (const path of sweepPaths()) {
      await page.goto(path);
      await settle(page);
      // Redirects and Page Not Found land on pages already checked.
      assert.notEqual(new URL(page.url()).pathname, '/login', `still signed in at ${path}`);
      const landed = new URL(page.url()).pathname + ((await page.getByText('Page Not Found').count()) > 0 ? '#404' : '');
      if (seen.has(landed)) continue;
      seen.add(landed);
      for (const v of await axeViolations(page, colourOnly ? COLOUR_RULES : undefined)) failures.push(`${landed}: ${v}`);
    }
    await page.context().close();
    assert.ok(seen.size > 20, `the sweep reached the screens (${seen.size})`);
    assert.deepEqual(failures, []);
  }

  test('every page, light, desktop', () => sweep('light', DESKTOP));
  test('every page, dark, desktop (the colour rules)', () => sweep('dark', DESKTOP, true));
  test('every page, light, phone', () => sweep('light', PHONE));
  test('every page, dark, phone (the colour rules)', () => sweep('dark', PHONE, true));

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
