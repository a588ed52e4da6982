/**
 * The first day on a phone (issue 28), at 390 px: the readings tables keep the parameter names and
 * the System column in view while the phases scroll sideways, with a shade on the right edge while
 * more lies there; the Communication sub-pages are one select (the desktop keeps the pills); both
 * screens axe clean in light and dark.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { routeByName } from '@meter/contract';
import { axeViolations } from '../lib/axe.ts';
import { newPage, signInToMain, USER_PASSWORD, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const BASIC = routeByName('Reading, Metering, Basic').path;
const COMMUNICATION = routeByName('Settings, Communication').path;

describe('the first day on a phone', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m));

  async function open(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const { page } = await newPage(browser, server.baseUrl, { colorScheme, viewport: DESKTOP });
    // Signed in wide (Logout sits in the collapsed top bar on a phone), then narrowed.
    await signInToMain(page, 'boss', USER_PASSWORD);
    await page.setViewportSize(viewport);
    return page;
  }

  const headers = (table: Locator) => table.locator('thead th').allTextContents();
  const inside = (inner: { x: number; width: number }, outer: { x: number; width: number }) => inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1;

  test('390 px: the System table keeps Parameter and System in view after a sideways scroll, with a scroll cue while more lies right', async () => {
    const p = await open(PHONE);
    await p.goto(BASIC);
    const region = p.getByRole('region', { name: 'System', exact: true });
    const table = region.getByRole('table', { name: 'System' });
    // Filled: the first reply has replaced the skeleton's blanks.
    await table.locator('tbody td').first().filter({ hasText: /\d/ }).waitFor();
    assert.deepEqual(await headers(table), ['Parameter', 'System', 'Phase A', 'Phase B', 'Phase C']);
    const cue = region.locator('xpath=..').locator('.scroll-cue');
    await cue.waitFor();

    await region.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await cue.waitFor({ state: 'detached' });
    const box = (await region.boundingBox())!;
    const at = async (name: string) => (await table.getByRole('columnheader', { name, exact: true }).boundingBox())!;
    const scrolled = await region.evaluate((el) => el.scrollLeft);
    assert.ok(scrolled > 0, 'the table is wider than the phone');
    for (const name of ['Parameter', 'System', 'Phase C']) assert.ok(inside(await at(name), box), `${name} in view: ${JSON.stringify({ col: await at(name), box })}`);
    // A phase column has gone under the sticky ones (its left edge is behind System's right edge).
    const system = await at('System');
    assert.ok((await at('Phase A')).x < system.x + system.width - 1, 'Phase A scrolled under System');
    // A row's values stay with their names: the frequency row has its System value in view.
    const frequency = table.getByRole('row', { name: /^Frequency/ });
    assert.ok(inside((await frequency.locator('td').first().boundingBox())!, box));
    await p.context().close();
  });

  test('desktop: the reply order (Phase A … System) and nothing sticky', async () => {
    const p = await open(DESKTOP);
    await p.goto(BASIC);
    const table = p.getByRole('table', { name: 'System' });
    await table.locator('tbody td').first().filter({ hasText: /\d/ }).waitFor();
    assert.deepEqual(await headers(table), ['Parameter', 'Phase A', 'Phase B', 'Phase C', 'System']);
    assert.equal(
      await table
        .locator('thead th')
        .first()
        .evaluate((el) => getComputedStyle(el).position),
      'static',
    );
    await p.context().close();
  });

  test('390 px: the Communication sub-pages are one select that navigates; the desktop keeps the pills', async () => {
    const p = await open(PHONE);
    await p.goto(COMMUNICATION);
    const select = p.getByRole('combobox', { name: 'Communication', exact: true });
    await select.waitFor();
    // Communication itself forwards to its first page, and the select is drawn only once it has: a
    // choice made before the forward would be replaced by it (a full run chose SNMP and stayed on Network).
    assert.equal(new URL(p.url()).pathname, routeByName('Settings, Communication, Network').path, 'the select waits for the forward');
    assert.equal(await p.getByRole('navigation', { name: 'Pills' }).isVisible(), false, 'no pills on a phone');
    const snmp = routeByName('Settings, Communication, SNMP');
    await select.selectOption({ label: 'SNMP' });
    await p.waitForURL((u) => u.pathname === snmp.path);
    await p.getByRole('heading', { level: 1, name: 'SNMP', exact: true }).waitFor();
    assert.equal(await select.inputValue(), snmp.path, 'the select shows the open page');

    await p.setViewportSize(DESKTOP);
    await p.getByRole('navigation', { name: 'Pills' }).waitFor();
    assert.equal(await select.isVisible(), false, 'no select on a desktop');
    assert.equal(await p.getByRole('navigation', { name: 'Pills' }).getByRole('link', { name: 'SNMP' }).getAttribute('aria-current'), 'page');
    await p.context().close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`390 px, ${scheme}: Basic Metering and Communication are axe clean`, async () => {
      const p = await open(PHONE, scheme);
      for (const path of [BASIC, routeByName('Settings, Communication, Network').path]) {
        await p.goto(path);
        await p.locator('main h1').waitFor();
        if (path === BASIC) await p.getByRole('table', { name: 'System' }).locator('tbody td').first().filter({ hasText: /\d/ }).waitFor();
        assert.deepEqual(await axeViolations(p), [], path);
      }
      await p.context().close();
    });
  }
});
