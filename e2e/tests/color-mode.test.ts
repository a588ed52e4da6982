/** Dark mode: follows prefers-color-scheme, a choice in the user menu overrides it and is remembered; charts follow. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage, signInToMain, until, USER_PASSWORD, type ModuleServer } from '../lib/harness.ts';
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
  /**
   * Pixels of the chart drawn in an axis text's ink: near-white ('light', the dark mode's) or
   * near-black ('dark', the light mode's). The palette's colours are neither, the grid is faint.
   */
  const ink = (p: Page, kind: 'light' | 'dark', figure = 'Voltage Harmonics chart') =>
    p
      .getByRole('figure', { name: figure })
      .locator('canvas')
      .first()
      .evaluate((c: HTMLCanvasElement, light: boolean) => {
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) {
          const [r, g, b, a] = [d[i]!, d[i + 1]!, d[i + 2]!, d[i + 3]!];
          if (a > 200 && (light ? r > 200 && g > 200 && b > 200 : r < 80 && g < 80 && b < 80)) n++;
        }
        return n;
      }, kind === 'light');

  test('the trend chart takes the dark ink too', async () => {
    const page = await open('dark');
    await page.goto('/reading/log/trend_log/realtime');
    const chart = page.getByRole('figure', { name: 'Realtime log chart' });
    // The module records from its start: a frame ending now holds its first seconds, and a recent
    // frame follows the live data (issue 28), so the chart comes once the first rows are there.
    await page.getByRole('button', { name: 'Last 10 Minutes' }).click();
    await chart.locator('canvas').first().waitFor({ timeout: 30_000 });
    // The canvas is drawn in the frames after it is added: wait for its ink, not for a time.
    await until('light axis text on a dark page', async () => (await ink(page, 'light', 'Realtime log chart')) > 50);
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
    // Drawn once its axis text is there in the light mode's ink; then none of the dark mode's.
    await until('dark axis text on a light page', async () => (await ink(page, 'dark')) > 50);
    assert.equal(await ink(page, 'light'), 0, 'no light axis text on a light page');

    await page.getByRole('button', { name: 'boss' }).click();
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    assert.equal(await theme(page), 'dark');
    // The chart is rebuilt in the new ink a frame or more after the switch.
    await until('light axis text on a dark page', async () => (await ink(page, 'light')) > 50);

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
