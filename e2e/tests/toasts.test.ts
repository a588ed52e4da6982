/**
 * Toasts never cover the page's heading, and an export's progress stays in view (issue 28), at
 * 390 px and on a desktop: an alert raised by a save sits at the bottom of the window, above the
 * save bar; while the trend log file is made and its card is scrolled away, its progress shows in
 * the toast area, clear of the heading.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { feedbackTexts, routeByName, shellTexts, trendTexts } from '@meter/contract';
import { alertWith, newPage, signInToMain, USER_PASSWORD, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { backfill } from '../lib/trend-history.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const onScreen = (b: Box, v: { width: number; height: number }) => b.x >= 0 && b.y >= 0 && b.x + b.width <= v.width + 1 && b.y + b.height <= v.height + 1;

describe('toasts and progress', () => {
  let server: ModuleServer;
  let browser: Browser;
  let admin: string;
  useModuleAndBrowser((m) => ({ server, browser, admin } = m), { prepareDataDir: (dir) => backfill(dir) });

  async function open(viewport: { width: number; height: number }, path: string): Promise<Page> {
    const { page } = await newPage(browser, server.baseUrl, { viewport: DESKTOP });
    await signInToMain(page, 'boss', USER_PASSWORD);
    await page.setViewportSize(viewport);
    await page.goto(path);
    return page;
  }
  const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;

  for (const [name, viewport] of [
    ['390 px', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`${name}: an alert covers neither the heading nor the save bar`, async () => {
      const p = await open(viewport, routeByName('Settings, Communication, SNMP').path);
      const heading = p.locator('main h1');
      await heading.waitFor();
      await p.getByRole('button', { name: 'Save' }).click();
      const alert = alertWith(p, shellTexts.nothingToSave);
      await alert.waitFor();
      const a = await box(alert);
      assert.ok(onScreen(a, viewport), `the alert is on screen: ${JSON.stringify(a)}`);
      assert.ok(!overlap(a, await box(heading)), `alert ${JSON.stringify(a)} over the heading ${JSON.stringify(await box(heading))}`);
      const save = await box(p.getByRole('button', { name: 'Save' }));
      if (onScreen(save, viewport)) assert.ok(!overlap(a, save), `alert ${JSON.stringify(a)} over Save ${JSON.stringify(save)}`);
      await p.context().close();
    });
  }

  for (const [name, viewport] of [
    ['390 px', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`${name}: the trend log file's progress stays in view while its card is scrolled away`, async (ctx) => {
      const p = await open(viewport, routeByName('Reading, Log, Trend Log Management').path);
      // A file left in the making by a failed run would hold the next one up.
      ctx.after(() => server.api('PATCH', '/command/trendlog/cancelExportLog', { value: 1 }, admin));
      const status = p.locator('[data-state]');
      await status.getByText(trendTexts.fileNotFound).waitFor();
      await p.getByLabel('Log Interval').selectOption({ label: '1 second' });
      await p.getByRole('group', { name: 'Real-Time' }).getByRole('checkbox', { name: 'Real-Time' }).check();
      // From the first recorded day: a day and more at 1 s takes long enough to watch.
      await p.getByLabel('Start time').fill((await p.getByLabel('Start time').getAttribute('min'))!);
      await p.getByRole('button', { name: trendTexts.generateFile }).click();
      await alertWith(p, trendTexts.generationStarted).waitFor();
      await p.locator('[data-state="generating"]').waitFor();

      // The card's own line in view: no second progress.
      await status.scrollIntoViewIfNeeded();
      const toast = p.locator('.alert-strip').getByRole('progressbar', { name: feedbackTexts.trendFileProgress });
      await toast.waitFor({ state: 'detached' });
      // Back to the top, where the heading is: the progress comes into the toast area.
      await p.evaluate(() => window.scrollTo(0, 0));
      const heading = p.locator('main h1');
      await toast.waitFor();
      const t = await box(toast);
      assert.ok(onScreen(t, viewport), `the progress is on screen: ${JSON.stringify(t)}`);
      assert.ok(!overlap(t, await box(heading)), `progress ${JSON.stringify(t)} over the heading ${JSON.stringify(await box(heading))}`);
      assert.match((await toast.getAttribute('aria-valuenow')) ?? '', /^\d+$/);

      // Stopped, the progress leaves.
      await status.scrollIntoViewIfNeeded();
      await p.getByRole('button', { name: 'Stop' }).click();
      await status.getByText(trendTexts.fileNotFound).waitFor({ timeout: 15_000 });
      await p.evaluate(() => window.scrollTo(0, 0));
      assert.equal(await toast.count(), 0);
      await p.context().close();
    });
  }
});
