/** Dark mode: follows prefers-color-scheme, a choice in the user menu overrides it and is remembered; charts follow. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage, signInToMain, USER_PASSWORD, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

describe('colour mode', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m));

  async function open(colorScheme: 'light' | 'dark'): Promise<Page> {
    const { page } = await newPage(browser, server.baseUrl, { colorScheme });
    await signInToMain(page, 'boss', USER_PASSWORD);
    return page;
  }
  const theme = (p: Page) => p.evaluate(() => document.documentElement.getAttribute('data-bs-theme'));
  const background = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
  /** Pixels of the chart drawn near-white: the axis text of the dark mode, absent in the light one. */
  const lightInk = (p: Page, figure = 'Voltage Harmonics chart') =>
    p
      .getByRole('figure', { name: figure })
      .locator('canvas')
      .first()
      .evaluate((c: HTMLCanvasElement) => {
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i]! > 200 && d[i + 1]! > 200 && d[i + 2]! > 200 && d[i + 3]! > 200) n++;
        return n;
      });

  test('the trend chart takes the dark ink too', async () => {
    const page = await open('dark');
    await page.goto('/reading/log/trend_log/realtime');
    const chart = page.getByRole('figure', { name: 'Realtime log chart' });
    // The module records from its start: a frame ending now holds its first seconds.
    for (let tries = 0; (await chart.locator('canvas').count()) === 0; tries++) {
      assert.ok(tries < 20, 'the realtime chart draws');
      await page.getByRole('button', { name: 'Last 10 Minutes' }).click();
      await page.waitForTimeout(500);
    }
    await page.waitForTimeout(300);
    assert.ok((await lightInk(page, 'Realtime log chart')) > 50, 'light axis text on a dark page');
    await page.context().close();
  });

  test('the system preference decides until the user picks a mode', async () => {
    const dark = await open('dark');
    assert.equal(await theme(dark), 'dark');
    assert.equal(await background(dark), 'rgb(33, 37, 41)');
    const light = await open('light');
    assert.equal(await theme(light), 'light');
    assert.equal(await background(light), 'rgb(255, 255, 255)');
    await dark.context().close();
    await light.context().close();
  });

  test('the user menu switches to dark, the choice survives a reload, and the charts follow', async () => {
    const page = await open('light');
    await page.goto('/reading/metering/harmonics');
    const chart = page.getByRole('figure', { name: 'Voltage Harmonics chart' });
    await chart.locator('canvas').first().waitFor();
    await page.waitForTimeout(300);
    assert.equal(await lightInk(page), 0, 'dark axis text on a light page');

    await page.getByRole('button', { name: 'boss' }).click();
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    assert.equal(await theme(page), 'dark');
    await page.waitForTimeout(300);
    assert.ok((await lightInk(page)) > 50, 'light axis text on a dark page');

    await page.reload();
    await chart.locator('canvas').first().waitFor();
    assert.equal(await theme(page), 'dark', 'remembered in this browser');
    await page.getByRole('button', { name: 'boss' }).click();
    await page.getByRole('button', { name: 'Theme: Dark (current)' }).waitFor();
    await page.getByRole('button', { name: 'Theme: System' }).click();
    assert.equal(await theme(page), 'light', 'back to the system preference');
    await page.context().close();
  });
});
