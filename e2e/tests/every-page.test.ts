/**
 * Every page of the route table, swept once per colour scheme and size, each page opened the way
 * the console's own links open it (the router, no reload), with every check that reads a whole page:
 * - axe-core: every rule in light; in dark the colour rules (contrast, links in text), since the
 *   page's structure, names and roles do not change with the scheme;
 * - headings (issue 28): one h1 per page, its title not said again by a visible heading, card
 *   header, legend or caption; and Page Not Found under each area and section (an unknown path
 *   below a real one), in light at both sizes;
 * - at 390 px: no sideways page scroll, no value cut off by a box that clips it, and the section
 *   menu opening as a drawer with the entry the heading names marked.
 * Signed in with the admin role (user boss), so every screen is reached. The states a page list
 * does not reach (the drawer, the user menu, a dialog, the sign-in errors) are in
 * accessibility.test.ts; the phone's other layout checks in phone-layout.test.ts.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ROUTES, segmentsOf, shellTexts } from '@meter/contract';
import { COLOUR_RULES, axeViolations } from '../lib/axe.ts';
import { newPage, signInToMain, USER_PASSWORD, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { openInApp, OVERFLOW, prepareSweep, settle, sweepPaths, type Overflow } from '../lib/screens.ts';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

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

describe('every page of the route table', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m));
  before(async () => {
    await prepareSweep(server, await server.login());
  });

  async function open(colorScheme: 'light' | 'dark', viewport: { width: number; height: number }): Promise<Page> {
    // Signed in wide (Logout sits in the collapsed top bar on a phone), then sized.
    const { page } = await newPage(browser, server.baseUrl, { colorScheme, viewport: DESKTOP });
    await signInToMain(page, 'boss', USER_PASSWORD);
    await page.setViewportSize(viewport);
    return page;
  }

  /** One h1, the page's name, not said again; under an unknown path it is Page Not Found. */
  async function headings(page: Page, at: string, unknown: boolean): Promise<string[]> {
    const failures: string[] = [];
    const { h1s, repeats } = await page.evaluate<{ h1s: string[]; repeats: string[] }>(HEADINGS);
    if (h1s.length !== 1) failures.push(`${at}: ${h1s.length} h1 (${h1s.join(' | ')})`);
    if (repeats.length) failures.push(`${at}: "${h1s[0]}" again in ${repeats.join(', ')}`);
    if (unknown && h1s[0] !== shellTexts.pageNotFound) failures.push(`${at}: h1 "${h1s[0]}", not ${shellTexts.pageNotFound}`);
    return failures;
  }

  /** Nothing sticks out sideways or is cut off, and the section menu opens as a drawer on the page's own entry. */
  async function phoneLayout(page: Page, at: string): Promise<{ failures: string[]; drawer: boolean }> {
    const failures: string[] = [];
    const o = await page.evaluate<Overflow>(OVERFLOW);
    if (o.scrollWidth > o.clientWidth || o.offenders.length > 0) failures.push(`${at}: ${o.scrollWidth} > ${o.clientWidth}; ${o.offenders.join(', ')}`);
    if (o.cut.length > 0) failures.push(`${at}: cut off: ${o.cut.join(', ')}`);
    const opener = page.locator('button[aria-controls="section-menu"]');
    if ((await opener.count()) === 0) {
      if ((await page.getByText('Page Not Found').count()) === 0 && (await page.locator('main h1').count()) === 0) failures.push(`${at}: no heading`);
      return { failures, drawer: false };
    }
    const drawer = page.getByRole('dialog', { name: (await opener.textContent())!.replace(/ menu$/, '') });
    await opener.click();
    await drawer.waitFor();
    // It slides in: settled when its box is inside the screen.
    const inside = await page
      .waitForFunction(
        (width) => {
          const r = document.getElementById('section-menu')?.getBoundingClientRect();
          return !!r && r.width > 0 && Math.abs(r.left) < 1 && r.right <= width + 1;
        },
        PHONE.width,
        { timeout: 5_000 },
      )
      .then(
        () => true,
        () => false,
      );
    if (!inside) failures.push(`${at}: the drawer is off screen: ${JSON.stringify(await drawer.boundingBox())}`);
    // A route without a screen yet says Page Not Found under its section's heading: nothing to compare.
    const notFound = (await page.getByText('Page Not Found').count()) > 0;
    const heading = notFound ? undefined : (await page.locator('main h1').first().textContent())?.trim();
    const current = (await drawer.locator('a[aria-current="page"]').allTextContents()).map((t) => t.trim());
    if (heading && !current.includes(heading)) failures.push(`${at}: heading "${heading}" is not the marked menu entry (${current.join(', ')})`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    return { failures, drawer: true };
  }

  async function sweep(colorScheme: 'light' | 'dark', viewport: typeof DESKTOP) {
    const page = await open(colorScheme, viewport);
    const light = colorScheme === 'light';
    const phone = viewport === PHONE;
    const failures: string[] = [];
    const screens = new Set<string>();
    let notFound = 0;
    let drawers = 0;
    const visits = [...sweepPaths().map((path) => ({ path, unknown: false })), ...(light ? unknownPaths().map((path) => ({ path, unknown: true })) : [])];
    for (const { path, unknown } of visits) {
      await openInApp(page, path);
      await settle(page).catch((e: unknown) => {
        throw new Error(`${path}: ${String(e)}`);
      });
      const landed = new URL(page.url()).pathname;
      assert.notEqual(landed, '/login', `still signed in at ${path}`);
      const at = `${path} (now ${landed})`;
      if (light) {
        const wrong = await headings(page, at, unknown);
        failures.push(...wrong);
        if (unknown && wrong.length === 0) notFound++;
      }
      if (unknown) continue;
      // Redirects and Page Not Found land on pages already checked.
      const screen = landed + ((await page.getByText('Page Not Found').count()) > 0 ? '#404' : '');
      if (screens.has(screen)) continue;
      screens.add(screen);
      for (const v of await axeViolations(page, light ? undefined : COLOUR_RULES)) failures.push(`${screen}: ${v}`);
      if (phone && light) {
        const layout = await phoneLayout(page, at);
        failures.push(...layout.failures);
        if (layout.drawer) drawers++;
      }
    }
    await page.context().close();
    assert.ok(screens.size > 60, `the sweep reached the screens (${screens.size})`);
    if (light) assert.ok(notFound >= 5, `Page Not Found under the areas (${notFound})`);
    if (phone && light) assert.ok(drawers > 20, `the drawer opened on the screens (${drawers})`);
    assert.deepEqual(failures, []);
  }

  test('light, desktop: axe (every rule); one h1, its title not repeated; Page Not Found under each area', () => sweep('light', DESKTOP));
  test('dark, desktop: axe (the colour rules)', () => sweep('dark', DESKTOP));
  test('light, 390 px: axe (every rule); one h1, its title not repeated; Page Not Found under each area; no sideways scroll, no value cut off, the drawer opens on the entry the heading names', () =>
    sweep('light', PHONE));
  test('dark, 390 px: axe (the colour rules)', () => sweep('dark', PHONE));
});
