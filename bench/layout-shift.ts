/**
 * Cumulative layout shift of Basic Metering's first load (issue target: ≤ 0.05), measured in
 * Chromium the way Lighthouse scores it: every layout-shift entry without recent input, summed,
 * on a link with 150 ms of latency so the readings arrive after the screen has drawn. Needs the
 * built console (`npm run build`).
 */
import type { CDPSession } from 'playwright-core';
import { report } from './lib/stats.ts';
import { USER_PASSWORD, launchBrowser, newPage, signInToMain, startModuleWithUsers } from '../e2e/lib/harness.ts';

const TARGET = 0.05;
const RUNS = 3;

declare global {
  interface Window {
    __cls?: number;
  }
}

export async function layoutShiftBench(missed: string[]): Promise<void> {
  const { server } = await startModuleWithUsers({ MODULE_LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    const scores: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { context, page } = await newPage(browser, server.baseUrl);
      await signInToMain(page, 'boss', USER_PASSWORD);
      await page.addInitScript(() => {
        window.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) window.__cls! += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const cdp: CDPSession = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 });
      await page.goto('/reading/metering/basic_metering');
      await page.getByRole('table', { name: 'System' }).getByRole('rowheader').first().waitFor();
      // Past the first refresh (5 s), which must not move anything either.
      await page.waitForTimeout(6000);
      scores.push(await page.evaluate(() => window.__cls ?? 0));
      await context.close();
    }
    const worst = Math.max(...scores);
    console.log(`basic metering first load CLS (150 ms latency, ${RUNS} runs): ${scores.map((s) => s.toFixed(3)).join(', ')}`);
    report('CLS of the first load (worst)', worst, TARGET, (x) => x.toFixed(3), missed);
  } finally {
    await browser.close();
    await server.stop();
  }
}
