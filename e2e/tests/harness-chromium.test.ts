/**
 * The Chromium the e2e files drive (harness.ts launchBrowser, lib/chromium.sh): every
 * --disable-features switch it is given counts, Playwright's list and the harness's, where Chromium
 * alone reads only the last; and a window has none of the address bar's WebUI popups.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { chromium, launchBrowser } from '../lib/harness.ts';

const WRAPPER = fileURLToPath(new URL('../lib/chromium.sh', import.meta.url));

/** The device APIs a secure page sees (http://localhost is one; the page is answered by the test). */
async function deviceApis(page: Page): Promise<{ usb: boolean; hid: boolean }> {
  await page.route('http://localhost/', (r) => r.fulfill({ contentType: 'text/html', body: '<title>t</title>' }));
  await page.goto('http://localhost/');
  return page.evaluate(() => ({ usb: 'usb' in navigator, hid: 'hid' in navigator }));
}

test('two --disable-features switches both count', async () => {
  for (const [args, expected] of [
    [[], { usb: true, hid: true }],
    [['--disable-features=WebUSB', '--disable-features=WebHID'], { usb: false, hid: false }],
  ] as const) {
    const browser = await chromium.launch({ executablePath: WRAPPER, headless: true, args: ['--no-sandbox', ...args] });
    try {
      assert.deepEqual(await deviceApis(await browser.newPage()), expected, args.join(' '));
    } finally {
      await browser.close();
    }
  }
});

test("launchBrowser's windows preload no address-bar popup", async () => {
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto('about:blank');
    const { targetInfos } = await (await browser.newBrowserCDPSession()).send('Target.getTargets');
    assert.deepEqual(
      targetInfos.map((t) => t.url),
      ['about:blank'],
    );
  } finally {
    await browser.close();
  }
});
