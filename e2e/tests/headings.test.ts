/**
 * One h1 per page, and no screen repeating its title (issue 28): every page of the route table,
 * signed in as admin, at 390 px and on a desktop, plus Page Not Found under each area and section
 * (an unknown path below a real one). The h1 is the page's name; no visible heading, card header,
 * legend or table caption says it again.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ROUTES, segmentsOf, shellTexts } from '@meter/contract';
import { ADMIN_PASSWORD, newPage, signInToMain, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { prepareSweep, settle, sweepPaths } from '../lib/screens.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** An unknown page under each area and section of the menus. */
const unknownPaths = (): string[] => [
  '/no_such_page',
  ...ROUTES.filter((r) => !r.public && !r.path.includes(':') && segmentsOf(r.path).length <= 2 && r.path !== '/').map((r) => `${r.path}/no_such_page`),
];

/** The h1s of the page, and the visible headings (and heading-like boxes) that say the h1's words again. */
// A string, not a function: tsx would wrap named helpers inside it in a helper the page lacks.
const HEADINGS = `(() => {
  const norm = (s) => (s ?? '').replace(/\\s+/g, ' ').trim().toLowerCase();
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.visually-hidden, [aria-hidden="true"], .offcanvas:not(.show), .modal:not(.show)');
  };
  const h1s = [...document.querySelectorAll('h1')].map((h) => (h.textContent ?? '').trim());
  const title = norm(h1s[0]);
  const repeats = [...document.querySelectorAll('h2, h3, h4, h5, h6, [role="heading"], .card-header, legend, caption')]
    .filter((el) => shown(el) && title && norm(el.textContent) === title)
    .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : ''));
  return { h1s, repeats };
})()`;

describe('headings', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m));
  before(async () => {
    await prepareSweep(server, await server.login());
  });

  async function sweep(viewport: { width: number; height: number }) {
    const { page } = await newPage(browser, server.baseUrl, { viewport: DESKTOP });
    await signInToMain(page, 'admin', ADMIN_PASSWORD);
    await page.setViewportSize(viewport);
    const failures: string[] = [];
    const seen = new Set<string>();
    let notFound = 0;
    const check = async (p: Page, path: string, unknown: boolean) => {
      await p.goto(path);
      await settle(p).catch((e: unknown) => {
        throw new Error(`${path}: ${String(e)}`);
      });
      const landed = new URL(p.url()).pathname;
      assert.notEqual(landed, '/login', `still signed in at ${path}`);
      seen.add(landed);
      const { h1s, repeats } = await p.evaluate<{ h1s: string[]; repeats: string[] }>(HEADINGS);
      if (h1s.length !== 1) failures.push(`${path}: ${h1s.length} h1 (${h1s.join(' | ')})`);
      if (repeats.length) failures.push(`${path}: "${h1s[0]}" again in ${repeats.join(', ')}`);
      if (unknown) {
        if (h1s[0] === shellTexts.pageNotFound) notFound++;
        else failures.push(`${path}: h1 "${h1s[0]}", not ${shellTexts.pageNotFound}`);
      }
    };
    for (const path of sweepPaths()) await check(page, path, false);
    for (const path of unknownPaths()) await check(page, path, true);
    await page.context().close();
    assert.ok(seen.size > 60, `the sweep reached the screens (${seen.size})`);
    assert.ok(notFound >= 5, `Page Not Found under the areas (${notFound})`);
    assert.deepEqual(failures, []);
  }

  test('every page and Page Not Found under each area, desktop: one h1, its title not repeated', () => sweep(DESKTOP));
  test('every page and Page Not Found under each area, 390 px: one h1, its title not repeated', () => sweep(PHONE));
});
