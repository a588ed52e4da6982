/**
 * The trend charts' zoom and export controls (issue 14) against a module with history: Back and
 * Reset zoom once zoomed, keyboard zoom and pan on the focused chart, Export PNG (a real PNG of the
 * chart, read back: signature, IHDR size, the background pixel in light and dark mode), at 390 px
 * and on a desktop, and 'Last 7 days' on 1 hour.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { inflateSync } from 'node:zlib';
import type { Browser, Download, Page, Response } from 'playwright-core';
import { chartTexts } from '@meter/contract';
import { newPage, USER_PASSWORD, openAs, signInToMain, signOut, until, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { backfill } from '../lib/trend-history.ts';

const REALTIME = '/reading/log/trend_log/realtime';
const ENERGY = '/reading/log/trend_log/energy';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Png {
  width: number;
  height: number;
  bytes: number;
  /** The top-left pixel as [r, g, b]. */
  corner: number[];
}

/** Reads a PNG the way a viewer would: signature, IHDR, and the first pixel out of the inflated IDAT. */
function readPng(file: Buffer): Png {
  assert.deepEqual(file.subarray(0, 8), PNG_SIGNATURE, 'PNG signature');
  assert.equal(file.subarray(12, 16).toString('latin1'), 'IHDR');
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  const bitDepth = file[24];
  const colorType = file[25]!;
  assert.equal(bitDepth, 8);
  assert.ok(colorType === 2 || colorType === 6, `colour type ${colorType}`);
  const idat: Buffer[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    const type = file.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'IDAT') idat.push(file.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const channels = colorType === 6 ? 4 : 3;
  assert.equal(raw.length, height * (1 + width * channels), 'inflated size');
  // The first row's first pixel is stored as is under every filter (no left or upper neighbour).
  return { width, height, bytes: file.length, corner: [...raw.subarray(1, 4)] };
}

/** The wall-clock seconds of a datetime-local value: differences are what the tests compare. */
const wall = (v: string) => Date.parse(`${v}Z`) / 1000;

describe('trend chart controls', () => {
  let server: ModuleServer;
  let browser: Browser;

  useModuleAndBrowser((m) => ({ server, browser } = m), { prepareDataDir: (dir) => backfill(dir) });

  const frameOf = async (p: Page) => {
    const start = await p.getByLabel('Start time').inputValue();
    const end = await p.getByLabel('End time').inputValue();
    return { start, end, span: wall(end) - wall(start), centre: (wall(start) + wall(end)) / 2 };
  };
  const frameChange = async (p: Page, from: { start: string; end: string }) => {
    await until('a new frame', async () => {
      const f = await frameOf(p);
      return f.start !== from.start || f.end !== from.end;
    });
    return frameOf(p);
  };
  const back = (p: Page) => p.getByRole('button', { name: chartTexts.back, exact: true });
  const reset = (p: Page) => p.getByRole('button', { name: chartTexts.resetZoom });
  const savePng = async (p: Page): Promise<{ name: string; png: Png }> => {
    const download = p.waitForEvent('download');
    await p.getByRole('button', { name: chartTexts.exportPng }).click();
    const file: Download = await download;
    return { name: file.suggestedFilename(), png: readPng(readFileSync((await file.path())!)) };
  };

  test('desktop: drag and keys zoom, Back undoes one step, Reset zoom returns to the preset; Export PNG', async () => {
    const p = await openAs(browser, server, REALTIME, 'viewer');
    const chart = p.getByRole('figure', { name: 'Realtime log chart' });
    await chart.locator('canvas').waitFor();
    // 'Last 1 Hour' follows the live data (trend-live.test.ts); paused, Reset zoom comes back to this very frame.
    await p.getByRole('button', { name: 'Pause', exact: true }).click();
    const base = await frameOf(p);
    assert.equal(base.span, 3600, 'Last 1 Hour');
    assert.equal(await back(p).count(), 0, 'not zoomed: no Back');
    assert.equal(await reset(p).count(), 0, 'not zoomed: no Reset zoom');

    // The chart is a focusable, named figure that describes its keys.
    assert.equal(await chart.getAttribute('tabindex'), '0');
    const hint = await chart.getAttribute('aria-describedby');
    assert.equal(await p.locator(`[id="${hint}"]`).textContent(), chartTexts.keyboardHint);

    // A drag zooms; Back and Reset zoom appear.
    const box = (await chart.locator('.u-over').boundingBox())!;
    const y = box.y + box.height / 2;
    await p.mouse.move(box.x + box.width * 0.3, y);
    await p.mouse.down();
    await p.mouse.move(box.x + box.width * 0.6, y, { steps: 10 });
    await p.mouse.up();
    const dragged = await frameChange(p, base);
    assert.ok(dragged.span < base.span * 0.5, JSON.stringify({ base, dragged }));
    await back(p).waitFor();
    await reset(p).waitFor();
    assert.equal(await p.getByRole('button', { name: 'Last 1 Hour' }).getAttribute('aria-pressed'), 'false');

    // + halves the span around the centre, the left arrow moves a quarter earlier.
    await chart.focus();
    await p.keyboard.press('+');
    const zoomedIn = await frameChange(p, dragged);
    assert.ok(Math.abs(zoomedIn.span - Math.round(dragged.span / 2)) <= 1, JSON.stringify({ dragged, zoomedIn }));
    assert.ok(Math.abs(zoomedIn.centre - dragged.centre) <= 1, 'around the centre');
    await p.keyboard.press('ArrowLeft');
    const panned = await frameChange(p, zoomedIn);
    assert.equal(panned.span, zoomedIn.span);
    assert.ok(Math.abs(wall(zoomedIn.start) - wall(panned.start) - Math.round(zoomedIn.span / 4)) <= 1, JSON.stringify({ zoomedIn, panned }));

    // Back undoes one step; Reset zoom returns to the preset's frame and hides both buttons.
    await back(p).click();
    assert.deepEqual(await frameChange(p, panned), zoomedIn);
    await reset(p).click();
    assert.deepEqual(await frameChange(p, zoomedIn), base);
    await back(p).waitFor({ state: 'detached' });
    assert.equal(await reset(p).count(), 0);
    assert.equal(await p.getByRole('button', { name: 'Last 1 Hour' }).getAttribute('aria-pressed'), 'true');
    assert.equal(await p.getByLabel('Time Interval').inputValue(), '1min');

    // - doubles the span (ending at the device time), Escape resets.
    await chart.focus();
    await p.keyboard.press('-');
    const zoomedOut = await frameChange(p, base);
    assert.ok(Math.abs(zoomedOut.span - 7200) <= 1, JSON.stringify(zoomedOut));
    await reset(p).waitFor();
    await p.keyboard.press('Escape');
    assert.deepEqual(await frameChange(p, zoomedOut), base);
    await back(p).waitFor({ state: 'detached' });

    // Export PNG: the chart with title and legend on the page's white background.
    await chart.locator('canvas').waitFor();
    const { name, png } = await savePng(p);
    assert.match(name, /^Realtime log VLN \d{8}-\d{6}_\d{8}-\d{6}\.png$/);
    const stamp = (v: string) => v.replace(/[-:]/g, '').replace('T', '-');
    assert.equal(name, `Realtime log VLN ${stamp(base.start)}_${stamp(base.end)}.png`);
    const plot = (await chart.locator('canvas').boundingBox())!;
    assert.equal(png.width, Math.round(plot.width) + 24, JSON.stringify({ png, plot }));
    assert.ok(png.height > plot.height + 60, 'room for the title and the legend');
    assert.ok(png.bytes > 8 * 1024, `${png.bytes} bytes`);
    assert.deepEqual(png.corner, [255, 255, 255]);
    await keep(p);
  });

  test('390 px, dark: keyboard zoom shows Back and Reset zoom within the screen; the PNG keeps the dark background', async () => {
    const { page: p } = await newPage(browser, server.baseUrl, { colorScheme: 'dark' });
    // Signed in wide (Logout sits in the collapsed top bar on a phone), then narrowed.
    await signInToMain(p, 'viewer', USER_PASSWORD);
    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto(REALTIME);
    const chart = p.getByRole('figure', { name: 'Realtime log chart' });
    await chart.locator('canvas').waitFor();
    const base = await frameOf(p);
    await chart.focus();
    await p.keyboard.press('+');
    await frameChange(p, base);
    for (const button of [back(p), reset(p), p.getByRole('button', { name: chartTexts.exportPng })]) {
      const b = (await button.boundingBox())!;
      assert.ok(b.x >= 0 && b.x + b.width <= 390, JSON.stringify(b));
    }
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `horizontal page scroll of ${overflow} px`);

    await chart.locator('canvas').waitFor();
    const { png } = await savePng(p);
    const plot = (await chart.locator('canvas').boundingBox())!;
    assert.ok(png.width <= 390 + 24 && png.width === Math.round(plot.width) + 24, JSON.stringify({ png, plot }));
    // Bootstrap's dark body background (#212529), not a transparent or white sheet.
    assert.deepEqual(png.corner, [0x21, 0x25, 0x29]);
    await p.setViewportSize({ width: 1366, height: 900 });
    await signOut(p);
  });

  test("'Last 7 days' selects 1 hour, and the module answers it (realtime and energy)", async () => {
    for (const path of [REALTIME, ENERGY]) {
      const p = await openAs(browser, server, path, 'viewer');
      await p.getByRole('button', { name: 'Last 7 days' }).waitFor();
      // The chart may ask again at once (its frame's end or its width moved on), and the query it
      // replaces is cancelled mid-reply: the 1hr call whose rows were read is the one that counts.
      const rows = async (r: Response) => ((await r.json().catch(() => undefined)) as { data?: unknown[] } | undefined)?.data?.length ?? 0;
      const reply = p.waitForResponse(async (r) => r.url().includes('/api/trendlog/') && decodeURIComponent(r.url()).includes('&1hr') && r.status() === 200 && (await rows(r)) > 0);
      await p.getByRole('button', { name: 'Last 7 days' }).click();
      assert.equal(await p.getByLabel('Time Interval').inputValue(), '1hr', path);
      await reply;
      assert.deepEqual(
        await p
          .getByLabel('Time Interval')
          .locator('option')
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
        ['1hr', '1day'],
      );
      await p
        .getByRole('figure', { name: /chart$/ })
        .locator('canvas')
        .waitFor();
      await keep(p);
    }
  });
});
