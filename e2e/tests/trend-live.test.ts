/**
 * Trend charts on a recent frame follow the live data (issue 28): on 'Last 10 Minutes' the chart
 * slides to newer rows without the user doing anything, under the readings' live badge; Pause
 * stops the slides, Resume starts them again, and a zoom ends the following.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page, Response } from 'playwright-core';
import { feedbackTexts } from '@meter/contract';
import { openAs, until, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { backfill } from '../lib/trend-history.ts';

const REALTIME = '/reading/log/trend_log/realtime';
const LIVE = /^live · (updated \d+ s ago|waiting for the first reading)$/;

describe('trend charts follow the live data', () => {
  let server: ModuleServer;
  let browser: Browser;

  useModuleAndBrowser((m) => ({ server, browser } = m), { prepareDataDir: (dir) => backfill(dir) });

  /** The newest row time of every chart reply, in order. */
  const newestRows = (p: Page): number[] => {
    const seen: number[] = [];
    p.on('response', (r: Response) => {
      if (!r.url().includes('/api/trendlog/realTime/') || r.status() !== 200) return;
      void r
        .json()
        .then((body: { data: { Timestamp: number }[] }) => seen.push(Math.max(0, ...body.data.map((row) => row.Timestamp))))
        .catch(() => undefined);
    });
    return seen;
  };

  test("'Last 10 Minutes': new rows come in without user action under the live badge; Pause stops them, Resume and a zoom", async () => {
    const p = await openAs(browser, server, REALTIME, 'viewer');
    const seen = newestRows(p);
    const endTime = p.getByLabel('End time');
    await p.getByRole('button', { name: 'Last 10 Minutes' }).click();
    const chart = p.getByRole('figure', { name: 'Realtime log chart' });
    await chart.locator('canvas').waitFor();
    const badge = p.getByText(LIVE);
    await badge.waitFor();
    await until('a first reply', async () => seen.length > 0);
    const first = { end: await endTime.inputValue(), newest: seen.at(-1)! };

    // Without user action: the frame slides and a reply brings a newer row.
    await until('a newer row', async () => (seen.at(-1) ?? 0) > first.newest, 20_000);
    assert.notEqual(await endTime.inputValue(), first.end, 'the frame ends later');
    await chart.locator('canvas').waitFor();
    assert.equal(await p.getByRole('button', { name: 'Last 10 Minutes' }).getAttribute('aria-pressed'), 'true', 'still on its preset');

    // Pause: the badge says so, and no reply or slide comes while its age passes two slides (10 s).
    await p.getByRole('button', { name: feedbackTexts.pause, exact: true }).click();
    await p.getByRole('button', { name: feedbackTexts.resume, exact: true }).waitFor();
    const paused = { end: await endTime.inputValue(), replies: seen.length };
    const pausedBadge = p.getByText(/^paused · updated \d+ s ago$/);
    await pausedBadge.waitFor();
    await until('ten seconds paused', async () => Number(/(\d+) s ago/.exec((await pausedBadge.textContent()) ?? '')?.[1]) >= 11, 20_000);
    assert.equal(await endTime.inputValue(), paused.end, 'paused: the frame stays');
    assert.equal(seen.length, paused.replies, 'paused: no new request');

    // Resume: it catches up at once.
    await p.getByRole('button', { name: feedbackTexts.resume, exact: true }).click();
    await until('the frame after Resume', async () => (await endTime.inputValue()) !== paused.end);
    await badge.waitFor();

    // A zoom leaves the live data: no badge, no Pause.
    const box = (await chart.locator('.u-over').boundingBox())!;
    const y = box.y + box.height / 2;
    await p.mouse.move(box.x + box.width * 0.3, y);
    await p.mouse.down();
    await p.mouse.move(box.x + box.width * 0.6, y, { steps: 10 });
    await p.mouse.up();
    await p.getByRole('button', { name: feedbackTexts.pause, exact: true }).waitFor({ state: 'detached' });
    assert.equal(await badge.count(), 0);
    await keep(p);
  });

  test('a frame that is not recent has no live badge', async () => {
    const p = await openAs(browser, server, REALTIME, 'viewer');
    await p.getByText(LIVE).waitFor();
    await p.getByRole('button', { name: 'Yesterday' }).click();
    await p.getByRole('figure', { name: 'Realtime log chart' }).locator('canvas').waitFor();
    assert.equal(await p.getByText(LIVE).count(), 0);
    assert.equal(await p.getByRole('button', { name: feedbackTexts.pause, exact: true }).count(), 0);
    await keep(p);
  });
});
