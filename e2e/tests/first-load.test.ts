/**
 * First load (issue 14): the built console within its JS budgets, Login drawn from those files
 * only, the files sent precompressed with their cache lifetimes, and every screen working under
 * the module's Content-Security-Policy (no violation reported anywhere).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { BASIC_METERING_BUDGET, CONSOLE_DIST, LAZY_ROUTE_BUDGET, LOGIN_ROUTE_BUDGET, kb, measureBundle } from '../lib/bundle-budget.ts';
import { USER_PASSWORD, newPage, signInToMain, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { openInApp, prepareSweep, settle, sweepPaths } from '../lib/screens.ts';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects the page's CSP violations (the event the browser fires for each refused script, style, image or fetch). */
async function watchPolicy(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
}
const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

describe('first load', () => {
  let server: ModuleServer;
  let browser: Browser;
  let admin: string;
  useModuleAndBrowser((m) => ({ server, browser, admin } = m));
  before(async () => {
    await prepareSweep(server, admin);
  });

  test('the login route needs at most 150 KB of JS (gzip), Basic Metering at most 60 KB beyond it, each screen after the frame at most 60 KB', () => {
    const b = measureBundle();
    assert.ok(b.loginRoute.bytes <= LOGIN_ROUTE_BUDGET, `login route ${kb(b.loginRoute.bytes)}`);
    assert.ok(b.basicMetering.bytes <= BASIC_METERING_BUDGET, `Basic Metering beyond login ${kb(b.basicMetering.bytes)}`);
    assert.ok(b.lazyRoutes.length > 40, 'every screen is its own lazy chunk');
    for (const r of b.lazyRoutes) assert.ok(r.bytes <= LAZY_ROUTE_BUDGET, `${r.screen} ${kb(r.bytes)}`);
  });

  test('Login draws from the login route files alone, precompressed, under the policy', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await watchPolicy(page);
    const scripts: { url: string; encoding: string | undefined; cache: string | undefined }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push({ url: new URL(r.url()).pathname, encoding: r.headers()['content-encoding'], cache: r.headers()['cache-control'] });
    });
    const doc = await page.goto('/login');
    assert.equal(doc!.headers()['cache-control'], 'no-cache');
    assert.ok(doc!.headers()['content-security-policy']!.includes("frame-ancestors 'none'"));
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    const allowed = new Set(measureBundle().loginRoute.files.map((f) => `/${f}`));
    assert.deepEqual(
      scripts.map((s) => s.url).filter((u) => !allowed.has(u)),
      [],
      'only the login route files',
    );
    for (const s of scripts) {
      assert.equal(s.cache, 'public, max-age=31536000, immutable', s.url);
      // Chromium takes brotli; anything bigger than a packet comes compressed.
      if (readFileSync(join(CONSOLE_DIST, s.url)).length > 1024) assert.equal(s.encoding, 'br', s.url);
    }
    // The first paint (wordmark and spinner) is in the document itself.
    assert.match(readFileSync(join(CONSOLE_DIST, 'index.html'), 'utf8'), /class="first-paint"[^>]*>.*Meter Console/);
    assert.deepEqual(await violations(page), []);
    await context.close();
  });

  test('a client without brotli gets the gzip the build wrote', async () => {
    const file = measureBundle().loginRoute.files[0]!;
    const r = await fetch(`${server.baseUrl}/${file}`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(r.headers.get('content-encoding'), 'gzip');
    // fetch undoes the gzip itself: the body is the file.
    assert.equal(Buffer.from(await r.arrayBuffer()).length, readFileSync(join(CONSOLE_DIST, file)).length);
    assert.deepEqual(gunzipSync(readFileSync(join(CONSOLE_DIST, `${file}.gz`))), readFileSync(join(CONSOLE_DIST, file)));
  });

  test('signed in, Basic Metering loads no script beyond the login route and its budgeted files (no endpoint table)', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await watchPolicy(page);
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    await signInToMain(page, 'boss', USER_PASSWORD);
    await page.getByRole('table', { name: 'System' }).getByRole('rowheader').first().waitFor();
    await page.waitForLoadState('networkidle');
    const b = measureBundle();
    const budgeted = new Set([...b.loginRoute.files, ...b.basicMetering.files].map((f) => `/${f}`));
    assert.ok(
      scripts.some((u) => b.basicMetering.files.some((f) => u === `/${f}` && f.includes('basic-metering'))),
      'the screen came in its own chunk',
    );
    assert.deepEqual(
      scripts.filter((u) => !budgeted.has(u)),
      [],
      'only the login route and Basic Metering files',
    );
    assert.deepEqual(await violations(page), []);
    await context.close();
  });

  test('every screen works under the Content-Security-Policy', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await watchPolicy(page);
    await signInToMain(page, 'boss', USER_PASSWORD);
    const seen: string[] = [];
    // Each screen opened through the router: the policy is the document's, and each screen's
    // chunks, styles and requests meet it as they load.
    for (const path of sweepPaths()) {
      await openInApp(page, path);
      await settle(page);
      for (const v of await violations(page)) seen.push(`${path}: ${v}`);
    }
    assert.deepEqual(seen, []);
    await context.close();
  });
});
