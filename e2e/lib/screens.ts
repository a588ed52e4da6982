/**
 * Every page of the route table, for the tests that sweep the whole console (phone layout, axe):
 * the contract's ROUTES with their parameters filled in, so a screen another area adds is swept
 * as soon as it is registered, and a route with no screen yet shows "Page Not Found" harmlessly.
 * Signed-in pages only.
 */
import { ROUTES } from '@meter/contract';
import type { Page, Request } from 'playwright-core';
import type { ModuleServer } from './harness.ts';

export const SWEEP_ROLE = 'auditor';

/** Gives the parameterised routes something to open: a role of its own (users 'boss' and 'viewer' exist). */
export async function prepareSweep(server: ModuleServer, admin: string): Promise<void> {
  const r = await server.api('POST', '/usermg/role/add', { name: SWEEP_ROLE, readingsAllow: 1, configurationAllow: 2, maintenanceAllow: 2, userConfigAllow: 1 }, admin);
  if (r.status !== 200) throw new Error(`add role: ${r.status}`);
}

const PARAMS: Readonly<Record<string, string>> = { username: 'viewer', roleName: SWEEP_ROLE };

export function sweepPaths(): string[] {
  const paths = ROUTES.filter((r) => !r.public && !r.redirect).map((r) =>
    r.path.replace(/:(\w+)/g, (_, name: string) => {
      const v = PARAMS[name];
      if (!v) throw new Error(`no value for :${name} in ${r.path}`);
      return v;
    }),
  );
  // Not /login: opening it signs the user out (000 §2), so it is checked on its own.
  return [...new Set(paths)];
}

/**
 * Opens a path through the console's router, without reloading the app, as the browser's Forward
 * button does: the entry is added with the router's own state (its index one past the current),
 * then the router is told the location changed. A screen that guards unsaved changes sees a
 * navigation it can block, as it would from a link. A sweep of every page then pays for each
 * screen, not for starting the console again on each.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const at = (history.state as { idx?: number } | null)?.idx ?? 0;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: at + 1 }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/** At a phone's width: how wide the page is, and what sticks out sideways or is cut off (OVERFLOW). */
export interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  offenders: string[];
  cut: string[];
}

/** What sticks out of the viewport and is not inside a box that scrolls or clips it. */
// A string, not a function: tsx would wrap named helpers inside it in a helper the page lacks.
export const OVERFLOW = `(() => {
  const doc = document.documentElement;
  // The nearest box that scrolls sideways (the value can be scrolled to) or clips (it cannot).
  const box = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') return 'scrolls';
      if (o === 'hidden' || o === 'clip') return p;
    }
    return null;
  };
  const name = (el) => el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' "' + (el.textContent ?? '').trim().slice(0, 40) + '"';
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.visually-hidden, [aria-hidden="true"], .offcanvas:not(.show)');
  };
  const all = [...document.body.querySelectorAll('*')].filter(shown);
  const offenders = all
    .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && box(el) === null)
    .slice(0, 5)
    .map(name);
  // Text cut off by a box that clips instead of scrolling: a value nobody can read.
  const cut = all
    .filter((el) => {
      const b = box(el);
      if (b === null || b === 'scrolls' || !el.childNodes.length || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) return false;
      const r = el.getBoundingClientRect();
      const c = b.getBoundingClientRect();
      return r.right > c.right + 1 || r.left < c.left - 1;
    })
    .slice(0, 5)
    .map(name);
  return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, offenders, cut };
})()`;

/** The page's open requests, counted from the first settle on, and who waits for them to end. */
interface Traffic {
  open: Set<Request>;
  idle: (() => void)[];
}
const traffic = new WeakMap<Page, Traffic>();

function trafficOf(page: Page): Traffic {
  const known = traffic.get(page);
  if (known) return known;
  const made: Traffic = { open: new Set(), idle: [] };
  const end = (r: Request) => {
    made.open.delete(r);
    if (made.open.size === 0) for (const wake of made.idle.splice(0)) wake();
  };
  page.on('request', (r) => made.open.add(r));
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  traffic.set(page, made);
  return made;
}

/** Counts the page's requests from now on, so a later `settle` waits for those begun before it too (a reload's). */
export function watchRequests(page: Page): void {
  trafficOf(page);
}

/** Settles when the page has no request open (those started before its first settle are not seen). */
async function requestsDone(t: Traffic, ms = 15_000): Promise<void> {
  if (t.open.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`requests still open after ${ms} ms: ${[...t.open].map((r) => r.url()).join(', ')}`)), ms);
  });
  try {
    await Promise.race([new Promise<void>((resolve) => t.idle.push(resolve)), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * In the page: settles after three animation frames in a row with no change to the DOM and no
 * finite animation running (a fade, a drawer sliding in). A spinner turns for ever and does not
 * count; a clock that ticks once a second leaves frames enough between its ticks. A string, so the
 * test's compiler adds no helper the page lacks.
 */
const DRAWN_AND_STILL = `new Promise((resolve) => {
  let still = 0;
  const watch = new MutationObserver(() => { still = 0; });
  watch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const frame = () => {
    const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    still = moving ? 0 : still + 1;
    if (still >= 3) { watch.disconnect(); resolve(true); } else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/**
 * Waits until the screen has drawn: the main column (or the login card) without a loading spinner,
 * no request of the page still open, then the DOM still for three frames with still none open.
 */
export async function settle(page: Page): Promise<void> {
  const t = trafficOf(page);
  await page.locator('main, form[aria-label="Login"], .card').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('.spinner-border').length === 0, undefined, { timeout: 5_000 }).catch(() => undefined);
  // A screen may ask in steps (an answer, drawn, then the next question): still again once its
  // last request has ended.
  do {
    await requestsDone(t);
    await still(page);
  } while (t.open.size > 0);
}

/** Settles after three frames in a row without a DOM change or a finite animation (a drawer has slid in, a dialog faded in). */
export async function still(page: Page): Promise<void> {
  await page.evaluate(DRAWN_AND_STILL);
}
