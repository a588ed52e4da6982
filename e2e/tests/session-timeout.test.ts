/**
 * Session timeout (issue 28; docs/decisions/users-first-day-password-change-and-session-timeout.md, "Session timeout"): an open console whose screen
 * polls the module still times out; a minute before the end a warning offers "Stay signed in",
 * which extends the session; at the end the console returns to Login with the page remembered.
 * A minute of the timeout lasts 4 s here (MODULE_SESSION_MINUTE_SECONDS): sessionTimeout 3 is 12 s,
 * the warning comes 4 s before the end. The warning also on a phone in dark mode, axe clean.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, alertWith, newPage, signOut, type ModuleServer } from '../lib/harness.ts';
import { axeViolations } from '../lib/axe.ts';
import { useModuleAndBrowser, type BareModuleAndBrowser } from '../lib/module-and-browser.ts';

const PAGE = '/reading/metering/energy';
const WARNING_TITLE = 'Session about to end';
const ENDED = 'Your session ended after a time without activity. Sign in again to go on.';
const TIMEOUT_MS = 12_000;
const WARNING_MS = 4_000;

/** On Login, signs admin in and waits for the page asked for (at 390 px Logout is in the drawer). */
async function signInToPage(page: Page): Promise<void> {
  await page.getByLabel('User Name').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === PAGE);
}

let server: ModuleServer;
let browser: Browser;
useModuleAndBrowser(
  async (m: BareModuleAndBrowser) => {
    ({ server, browser } = m);
    const admin = await server.login();
    assert.equal((await server.api('PUT', '/usrmg/general/config', { maxLoginUser: 10, sessionTimeout: 3 }, admin)).status, 200);
    await server.api('POST', '/users/logout', {}, admin);
  },
  { bare: true, env: { MODULE_SESSION_MINUTE_SECONDS: '4' } },
);

test('polling does not keep the session; the warning, "Stay signed in" extends it; the end returns to Login with the page kept', async () => {
  const { page } = await newPage(browser, server.baseUrl);
  page.setDefaultTimeout(30_000);
  const marks: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/readings/')) marks.push(r.headers()['x-user-activity'] ?? 'none');
  });
  await page.goto(PAGE);
  await page.waitForURL((u) => u.pathname === '/login');
  await signInToPage(page);
  const signedInAt = Date.now();
  const token = JSON.parse((await page.evaluate(() => sessionStorage.getItem('user')))!).token as string;

  // Nothing pressed: the screen polls, and the warning still comes a "minute" before the end.
  const dialog = page.getByRole('dialog', { name: WARNING_TITLE });
  await dialog.waitFor();
  const warnedAfter = Date.now() - signedInAt;
  assert.ok(warnedAfter >= TIMEOUT_MS - WARNING_MS - 1_500, `warned after ${warnedAfter} ms`);
  await dialog.getByText(/^You have done nothing for a while\. Your session ends in \d s\.$/).waitFor();
  // The readings were polled meanwhile, each poll saying it is not the user's doing.
  assert.ok(marks.filter((m) => m === '0').length >= 2, `polls: ${marks.join(',')}`);
  assert.ok(!marks.slice(1).includes('1'), `polls: ${marks.join(',')}`);

  // "Stay signed in": one action, and the module's clock for this session starts again.
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const stayedAt = Date.now();
  const left = (await server.api('GET', '/users/session', undefined, token)).body.data.remainingSeconds as number;
  assert.ok(left > (TIMEOUT_MS - 2_000) / 1000, `left ${left} s`);

  // Nothing again: the warning, then Login with the page asked for remembered.
  await dialog.waitFor();
  assert.ok(Date.now() - stayedAt >= TIMEOUT_MS - WARNING_MS - 1_500);
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === PAGE);
  assert.ok(Date.now() - stayedAt >= TIMEOUT_MS - 1_000, 'not before the end');
  await alertWith(page, ENDED).waitFor();
  assert.equal((await server.api('GET', '/users/session', undefined, token)).status, 401);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('user')), null);

  await signInToPage(page);
  await signOut(page);
});

test('the warning on a phone in dark mode: within the screen, axe clean', async () => {
  const { page } = await newPage(browser, server.baseUrl, { viewport: { width: 390, height: 800 }, colorScheme: 'dark' });
  page.setDefaultTimeout(30_000);
  await page.goto(PAGE);
  await page.waitForURL((u) => u.pathname === '/login');
  await signInToPage(page);
  const dialog = page.getByRole('dialog', { name: WARNING_TITLE });
  await dialog.getByRole('button', { name: 'Stay signed in' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme')), 'dark');
  const box = (await dialog.boundingBox())!;
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `dialog from ${box.x} to ${box.x + box.width}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `horizontal overflow ${overflow}px`);
  assert.deepEqual(await axeViolations(page), []);
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const token = JSON.parse((await page.evaluate(() => sessionStorage.getItem('user')))!).token as string;
  await page.context().close();
  assert.equal((await server.api('POST', '/users/logout', {}, token)).status, 200);
});
