/**
 * The first day (issue 28): the forced change of the generated default password. A deep link
 * survives the change and the one sign-in after it (name filled in); "Your password has expired"
 * is never shown for a default password; a success clears the error of the attempt before it; the
 * reasons are shown once (in the prompt, then on the page). The expired case says it has expired.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { alertWith, firstStartPassword, newPage, signOut } from '../lib/harness.ts';
import { useModuleAndBrowser, type BareModuleAndBrowser } from '../lib/module-and-browser.ts';
import type { Browser } from 'playwright-core';
import type { ModuleServer } from '../lib/harness.ts';

const EXPIRED_TEXT = 'Your password has expired. Change it to continue, or sign out.';
const DEFAULT_TEXT = 'You are using default password. Change it to continue, or sign out.';
const PROMPT_TEXT = 'You are using default password. Click continue to change your password.';
const WHY_RISK = 'Anyone who has read it can sign in as admin with every right, so choose a password only you know.';
const DEEP = '/reading/metering/energy';
const NEW_PASSWORD = 'Meter2026pw';

let server: ModuleServer;
let browser: Browser;
useModuleAndBrowser(
  (m: BareModuleAndBrowser) => {
    ({ server, browser } = m);
  },
  { bare: true, env: { MODULE_ADMIN_PASSWORD: '' } },
);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Records every text the page ever showed that matches, from the first document on. */
async function watchFor(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.addInitScript((t: string) => {
    const w = window as unknown as { __seen?: boolean };
    const look = () => {
      if (document.body?.innerText.includes(t)) w.__seen = true;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
  return async () => (await page.evaluate(() => (window as unknown as { __seen?: boolean }).__seen === true)) ?? false;
}

test('the default password: the deep link survives the change, one sign-in with the name filled in, no "expired", stale errors cleared, the reasons shown once', async () => {
  const initial = firstStartPassword(server);
  const { page } = await newPage(browser, server.baseUrl);
  const sawExpired = await watchFor(page, EXPIRED_TEXT);

  await page.goto(DEEP);
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === DEEP);
  // A wrong first try, then the right one: the refusal's alert goes with the success.
  await field(page, 'User Name').fill('admin');
  await field(page, 'Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await alertWith(page, 'Error: Incorrect username/password.').waitFor();
  await field(page, 'Password').fill(initial);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/change_password' && u.searchParams.get('next') === DEEP);
  assert.equal(await alertWith(page, 'Error: Incorrect username/password.').count(), 0);

  // The prompt carries the reasons; the page behind it does not repeat them.
  const prompt = page.getByRole('dialog', { name: 'Confirmation' });
  await prompt.getByText(PROMPT_TEXT, { exact: true }).waitFor();
  await prompt.getByText(WHY_RISK, { exact: true }).waitFor();
  assert.equal(await page.getByText(WHY_RISK, { exact: true }).count(), 1);
  await prompt.getByRole('button', { name: 'Yes, continue' }).click();
  await prompt.waitFor({ state: 'hidden' });
  await page.getByText(DEFAULT_TEXT, { exact: true }).waitFor();
  await page.getByText(WHY_RISK, { exact: true }).waitFor();
  assert.equal(await page.getByText(WHY_RISK, { exact: true }).count(), 1);
  assert.equal(await page.getByText(PROMPT_TEXT, { exact: true }).count(), 0);

  // A wrong current password, then the right one: the failure goes with the success.
  await field(page, 'Current Password').fill('wrong-current-1');
  await field(page, 'Password').fill(NEW_PASSWORD);
  await field(page, 'Repeat Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, 'Current password incorrect').waitFor();
  await field(page, 'Current Password').fill(initial);
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, 'User admin password changed').waitFor();
  assert.equal(await alertWith(page, 'Current password incorrect').count(), 0);

  // The module ended the session (002 §4.11): one sign-in, the name filled in, the password focused.
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === DEEP);
  assert.equal(await field(page, 'User Name').inputValue(), 'admin');
  await page.waitForFunction(() => document.activeElement?.id === 'login-password');
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === DEEP);
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  assert.equal(await prompt.count(), 0);
  assert.equal(
    await page
      .getByRole('alert')
      .filter({ hasText: /Error|incorrect/ })
      .count(),
    0,
  );
  assert.equal(await sawExpired(), false);
  await signOut(page);
});

test('an expired password says so, and only that; the change also leads back to the page asked for', async () => {
  const admin = (await server.api('POST', '/users/authenticate', { username: 'admin', password: NEW_PASSWORD })).body.data.token as string;
  assert.equal((await server.api('POST', '/usermg/user/add', { name: 'late', password: 'Late12345', accessLevel: 'view' }, admin)).status, 200);
  const policy = (await server.api('GET', '/settings/passwordPolicy', undefined, admin)).body.data;
  assert.equal((await server.api('PUT', '/settings/passwordPolicy', { ...policy, pwdExpireDays: 30, gracePeriodDays: 5 }, admin)).status, 200);
  await server.api('POST', '/users/logout', {}, admin);
  const db = new Database(join(server.dataDir, 'module.sqlite'));
  db.prepare('UPDATE users SET password_changed_at = ? WHERE name = ?').run(Date.now() - 31 * 86_400_000, 'late');
  db.close();

  const { page } = await newPage(browser, server.baseUrl);
  await page.goto(DEEP);
  await page.waitForURL((u) => u.pathname === '/login');
  await field(page, 'User Name').fill('late');
  await field(page, 'Password').fill('Late12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/change_password' && u.searchParams.get('next') === DEEP);
  await page.getByText(EXPIRED_TEXT, { exact: true }).waitFor();
  assert.equal(await page.getByText(DEFAULT_TEXT, { exact: true }).count(), 0);
  assert.equal(await page.getByRole('dialog').count(), 0);
  await field(page, 'Current Password').fill('Late12345');
  await field(page, 'Password').fill('Fresh2026x');
  await field(page, 'Repeat Password').fill('Fresh2026x');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === DEEP);
  assert.equal(await field(page, 'User Name').inputValue(), 'late');
  await field(page, 'Password').fill('Fresh2026x');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === DEEP);
  await signOut(page);
});
