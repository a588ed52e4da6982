/**
 * Feedback and flows of issue 14: the sign-in page's refusals (the module's message, a live
 * lockout countdown, "Network Error" only without an answer), aria-invalid, the deep link after
 * sign-in without a reload, and the skip link.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, USER_PASSWORD, alertWith, newPage, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

describe('feedback and flows', () => {
  let server: ModuleServer;
  let admin: string;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser, admin } = m));

  const page = async (): Promise<Page> => (await newPage(browser, server.baseUrl)).page;
  const fillAndSubmit = async (p: Page, user: string, password: string) => {
    await p.getByLabel('User Name').fill(user);
    await p.getByLabel('Password').fill(password);
    await p.getByRole('button', { name: 'Sign In' }).click();
  };

  test('empty fields are marked aria-invalid and named by their message', async () => {
    const p = await page();
    await p.goto('/login');
    await p.getByRole('button', { name: 'Sign In' }).click();
    const user = p.getByLabel('User Name');
    await p.getByText('Please provide User Name', { exact: true }).waitFor();
    assert.equal(await user.getAttribute('aria-invalid'), 'true');
    assert.equal(await p.getByLabel('Password').getAttribute('aria-invalid'), 'true');
    assert.equal(await user.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent), 'Please provide User Name');
    await user.fill('someone');
    assert.equal(await user.getAttribute('aria-invalid'), null);
    await p.context().close();
  });

  test('429 shows the module’s message, not "Network Error"', async () => {
    const general = await server.api('PUT', '/usrmg/general/config', { maxLoginUser: 1, sessionTimeout: 15 }, admin);
    assert.equal(general.status, 200);
    try {
      const p = await page();
      await p.goto('/login');
      await fillAndSubmit(p, 'viewer', USER_PASSWORD);
      await alertWith(p, 'Maximum number of concurrent logins reached').waitFor();
      assert.equal(await alertWith(p, 'Network Error').count(), 0);
      await p.context().close();
    } finally {
      assert.equal((await server.api('PUT', '/usrmg/general/config', { maxLoginUser: 10, sessionTimeout: 15 }, admin)).status, 200);
    }
  });

  test('a lockout counts its real wait down live and holds Sign In until it ends', async () => {
    const policy = (await server.api('GET', '/settings/passwordPolicy', undefined, admin)).body.data;
    assert.equal((await server.api('PUT', '/settings/passwordPolicy', { ...policy, maxFailedAttempts: 1, failedLoginWaitSeconds: 6 }, admin)).status, 200);
    try {
      const p = await page();
      await p.goto('/login');
      await fillAndSubmit(p, 'viewer', 'wrong-password');
      await alertWith(p, 'Error: Account has been locked, please try again in 10 seconds.').waitFor();
      const timer = p.getByRole('timer');
      await timer.getByText(/^Sign-in locked: try again in [56] s$/).waitFor();
      assert.ok(await p.getByRole('button', { name: 'Sign In' }).isDisabled());
      await timer.getByText('Sign-in locked: try again in 3 s').waitFor({ timeout: 10_000 });
      await p.getByRole('button', { name: 'Sign In' }).and(p.locator(':enabled')).waitFor({ timeout: 10_000 });
      assert.equal(await timer.textContent(), '');
      await fillAndSubmit(p, 'viewer', USER_PASSWORD);
      await p.getByRole('button', { name: 'Logout' }).waitFor();
      await p.context().close();
    } finally {
      await server.api('PUT', '/settings/passwordPolicy', policy, admin);
    }
  });

  test('a network failure, and only that, says "Network Error"', async () => {
    const p = await page();
    await p.route('**/api/users/authenticate', (route) => route.abort('connectionrefused'));
    await p.goto('/login');
    await fillAndSubmit(p, 'boss', USER_PASSWORD);
    await alertWith(p, 'Network Error: Please check your internet connection.').waitFor();
    await p.context().close();
  });

  test('a deep link survives the sign-in, which opens it without reloading the page', async () => {
    const p = await page();
    const deep = '/setting/user_management/password_policy';
    await p.goto(deep);
    await p.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === deep);
    await p.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await fillAndSubmit(p, 'admin', ADMIN_PASSWORD);
    await p.waitForURL((u) => u.pathname === deep);
    await p.getByLabel('Password History').waitFor();
    assert.equal(await p.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true, 'no reload');
    await p.getByRole('button', { name: 'Logout' }).click();
    await p.waitForURL(/\/login/);
    await p.context().close();
  });

  test('the first Tab reaches "Skip to main content", which moves focus to the page', async () => {
    const p = await page();
    await p.goto('/login');
    await fillAndSubmit(p, 'boss', USER_PASSWORD);
    await p.getByRole('button', { name: 'Logout' }).waitFor();
    await p.locator('body').focus();
    await p.keyboard.press('Tab');
    const skip = p.getByRole('link', { name: 'Skip to main content' });
    assert.ok(await skip.evaluate((el) => el === document.activeElement));
    await p.keyboard.press('Enter');
    await p.waitForFunction(() => document.activeElement?.id === 'main-content');
    assert.equal(await p.locator('h1').count(), 1);
    await p.getByRole('button', { name: 'Logout' }).click();
    await p.waitForURL(/\/login/);
    await p.context().close();
  });

  test('tabs of one browser share the session, and signing out in one signs out all', async () => {
    const a = await page();
    await a.goto('/login');
    await fillAndSubmit(a, 'boss', USER_PASSWORD);
    await a.getByRole('button', { name: 'Logout' }).waitFor();
    // A second tab, opened on a deep link, is signed in by the first: no form to fill.
    const b = await a.context().newPage();
    const deep = '/setting/user_management/password_policy';
    await b.goto(deep);
    await b.waitForURL((u) => u.pathname === deep);
    await b.getByLabel('Password History').waitFor();
    assert.equal(await b.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? 'null')?.userName), 'boss');
    await b.getByRole('button', { name: 'Logout' }).click();
    await b.waitForURL(/\/login/);
    await a.waitForURL(/\/login/);
    await a.getByRole('button', { name: 'Sign In' }).waitFor();
    assert.equal(await a.evaluate(() => sessionStorage.getItem('user')), null);
    await a.context().close();
  });
});
