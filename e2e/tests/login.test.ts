/** Sign-in (000 §2 Login, §4, §8): every message, Enter, the certificate, logout and 401 handling. */
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, newPage, signIn, signInToMain, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

describe('sign-in', () => {
  let server: ModuleServer;
  let browser: Browser;
  let adminToken: string;
  useModuleAndBrowser((m) => ({ server, browser } = m), { bare: true });
  before(async () => {
    adminToken = await server.login();
    await server.api('POST', '/usermg/role/add', { name: 'viewer', readingsAllow: 1, configurationAllow: 2, maintenanceAllow: 2, userConfigAllow: 2 }, adminToken);
    await server.api('POST', '/usermg/user/add', { name: 'olga', password: 'Reader123', accessLevel: 'viewer' }, adminToken);
  });

  async function page(): Promise<Page> {
    return (await newPage(browser, server.baseUrl)).page;
  }
  const alert = (p: Page) => p.getByRole('alert');

  test('User Name has the focus once the page has drawn', async () => {
    const p = await page();
    await p.goto('/login');
    await p.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'username');
    assert.equal(await p.evaluate(() => document.activeElement?.id), 'login-username');
  });

  test('both fields are required', async () => {
    const p = await page();
    await p.goto('/login');
    await p.getByRole('button', { name: 'Sign In' }).click();
    await p.getByText('Please provide User Name', { exact: true }).waitFor();
    await p.getByText('Please provide Password', { exact: true }).waitFor();
    assert.match(p.url(), /\/login$/);
  });

  test('a wrong password and an unknown user get the same message', async () => {
    const p = await page();
    await signIn(p, 'admin', 'wrong-password');
    await alert(p).filter({ hasText: 'Error: Incorrect username/password.' }).waitFor();
    await p.reload();
    await signIn(p, 'nobody', 'wrong-password');
    await alert(p).filter({ hasText: 'Error: Incorrect username/password.' }).waitFor();
  });

  test('a locked account gets the locked message', async () => {
    const policy = (await server.api('GET', '/settings/passwordPolicy', undefined, adminToken)).body.data;
    const saved = await server.api('PUT', '/settings/passwordPolicy', { ...policy, maxFailedAttempts: 2 }, adminToken);
    assert.equal(saved.status, 200);
    try {
      const p = await page();
      await signIn(p, 'olga', 'nope-1');
      await alert(p).filter({ hasText: 'Error: Incorrect username/password.' }).waitFor();
      await p.getByLabel('Password').fill('nope-2');
      await p.getByRole('button', { name: 'Sign In' }).click();
      await alert(p).filter({ hasText: 'Error: Account has been locked, please try again in 10 seconds.' }).waitFor();
      // Sign In waits out the lockout (issue 14); even the right password is refused meanwhile.
      assert.ok(await p.getByRole('button', { name: 'Sign In' }).isDisabled());
      const refused = await server.api('POST', '/users/authenticate', { username: 'olga', password: 'Reader123' });
      assert.equal(refused.status, 401);
      assert.match(refused.body.data.value, /locked by administrator/);
    } finally {
      await server.api('PATCH', '/usermg/user/lockout', { name: 'olga', lockout: 0 }, adminToken);
      await server.api('PUT', '/settings/passwordPolicy', policy, adminToken);
    }
  });

  test('no response from the module gives the network alert', async () => {
    const p = await page();
    await p.route('**/api/users/authenticate', (route) => route.abort('connectionrefused'));
    await signIn(p, 'admin', ADMIN_PASSWORD);
    await alert(p).filter({ hasText: 'Network Error: Please check your internet connection.' }).waitFor();
  });

  test('Enter in the password field signs in; entering Login again clears the stored user', async () => {
    const p = await page();
    await p.goto('/login');
    await p.getByLabel('User Name').fill('olga');
    await p.getByLabel('Password').fill('Reader123');
    await p.getByLabel('Password').press('Enter');
    await p.waitForURL(/\/reading\/metering\/basic_metering$/);
    const stored = JSON.parse((await p.evaluate(() => sessionStorage.getItem('user'))) ?? 'null');
    assert.equal(stored.userName, 'olga');
    assert.equal(stored.accessLevel, 'viewer');
    assert.equal(stored.permission, 4);
    await p.goto('/login');
    await p.getByRole('button', { name: 'Sign In' }).waitFor();
    assert.equal(await p.evaluate(() => sessionStorage.getItem('user')), null);
  });

  test('SSL Certificate downloads the device certificate as cert_accu.cer', async () => {
    const p = await page();
    await p.goto('/login');
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'SSL Certificate' }).click()]);
    assert.equal(download.suggestedFilename(), 'cert_accu.cer');
    const cert = new X509Certificate(readFileSync((await download.path())!));
    assert.match(cert.subject, /CN=ar[0-9a-f]{8}/);
  });

  test('a failing certificate download says so', async () => {
    const p = await page();
    await p.route(/\/api\/cert_accu\.cer/, (route) => route.fulfill({ status: 404, body: '{"data":{"value":"Not found"}}' }));
    await p.goto('/login');
    await p.getByRole('button', { name: 'SSL Certificate' }).click();
    await alert(p).filter({ hasText: 'Error: File not found.' }).waitFor();
  });

  test('the logout parameter logs out: the old token is refused by the module', async () => {
    const p = await page();
    await signInToMain(p, 'olga', 'Reader123');
    const token = JSON.parse((await p.evaluate(() => sessionStorage.getItem('user')))!).token as string;
    assert.equal((await server.api('GET', '/readings/realtime/system', undefined, token)).status, 200);
    // Login with the logout parameter sends the logout on its own: the token is refused once it is answered.
    const loggedOut = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/logout');
    await p.getByRole('button', { name: 'Logout' }).click();
    await p.waitForURL(/\/login/);
    await p.getByRole('button', { name: 'Sign In' }).waitFor();
    await loggedOut;
    assert.equal((await server.api('GET', '/readings/realtime/system', undefined, token)).status, 401);
  });

  test('a session ended on the module sends the user to Login with the unauthorized alert', async () => {
    const p = await page();
    await signInToMain(p, 'olga', 'Reader123');
    const token = JSON.parse((await p.evaluate(() => sessionStorage.getItem('user')))!).token as string;
    assert.equal((await server.api('POST', '/users/logout', {}, token)).status, 200);
    // No reload: the screen's next 5 s poll meets the ended session (a reload would race the
    // page's own calls, and the alert shown by the old page would vanish with it).
    await alert(p).filter({ hasText: 'Error: Unauthorized, please sign in.' }).waitFor({ timeout: 12_000 });
    await p.waitForURL(/\/login/);
  });
});
