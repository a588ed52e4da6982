/**
 * Password Management › Edit: another user's password (policy check, override, the module's
 * refusal shown as is), the expired and the default password, whose sessions are held on Change
 * Password until the change, which ends the session and asks for a sign-in with the new password.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { firstStartPassword, newPage, signIn, startModule, type ModuleServer, signOut, alertWith } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const EDIT_PATH = '/setting/user_management/password_management/edit';
const NEW_ADMIN_PASSWORD = 'Meter2026pw';
let server: ModuleServer;
let browser: Browser;

useModuleAndBrowser(
  async (m) => {
    ({ server, browser } = m);
    const token = await server.login();
    const add = await server.api('POST', '/usermg/user/add', { name: 'operator', password: 'Operator123', accessLevel: 'view' }, token);
    assert.equal(add.status, 200);
    // The module limits concurrent sessions: the browser sessions of the tests need the room.
    await server.api('POST', '/users/logout', {}, token);
  },
  { bare: true },
);

/** Signs in and waits for the landing page (Login reloads once). */
async function signedIn(username?: string, password?: string): Promise<Page> {
  const { page } = await newPage(browser, server.baseUrl);
  await signIn(page, username, password);
  await page.waitForURL((u) => u.pathname !== '/login' && u.pathname !== '/');
  return page;
}

async function openEdit(username: string): Promise<Page> {
  const page = await signedIn();
  await page.goto(`${EDIT_PATH}/${username}`);
  await page.getByLabel('Repeat Password').waitFor();
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const feedbackOf = (page: Page, label: string) =>
  page
    .locator('.mb-3')
    .filter({ has: field(page, label) })
    .locator('.invalid-feedback');

function countCalls(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/usermg/user/pwd/') || path === '/api/command/setPassword') n++;
  });
  return () => n;
}

test('"Passwords do not match" when Repeat Password differs, and nothing is sent', async () => {
  const page = await openEdit('operator');
  const calls = countCalls(page);
  assert.equal(await field(page, 'Username').inputValue(), 'operator');
  await field(page, 'Password').fill('Operator456');
  await field(page, 'Repeat Password').fill('Operator457');
  await page.getByRole('button', { name: 'Save' }).click();
  await feedbackOf(page, 'Repeat Password').getByText('Passwords do not match', { exact: true }).waitFor();
  assert.equal(calls(), 0);
  await signOut(page);
});

test('the loaded policy is checked unless override is ticked; with override the change is saved', async () => {
  const page = await openEdit('operator');
  const calls = countCalls(page);
  await field(page, 'Password').fill('short');
  await field(page, 'Repeat Password').fill('short');
  await page.getByRole('button', { name: 'Save' }).click();
  await feedbackOf(page, 'Password').getByText('Password must be at least 8 characters', { exact: true }).waitFor();
  await field(page, 'Password').fill('longenough');
  await field(page, 'Repeat Password').fill('longenough');
  await page.getByRole('button', { name: 'Save' }).click();
  await feedbackOf(page, 'Password').getByText('Password must contain at least one number', { exact: true }).waitFor();
  assert.equal(calls(), 0);

  await field(page, 'Override Password Policy').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, 'User operator password changed').waitFor();
  await page.waitForURL('**/setting/user_management/password_management/list');
  assert.equal(calls(), 1);
  await server.api('POST', '/users/logout', {}, await server.login('operator', 'longenough'));
  await signOut(page);
});

test("a refused change shows the module's reply text", async () => {
  const page = await openEdit('admin');
  await field(page, 'Current Password').fill('not-the-password');
  await field(page, 'Password').fill('Another123');
  await field(page, 'Repeat Password').fill('Another123');
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, 'Current password incorrect').waitFor();
  await feedbackOf(page, 'Current Password').getByText('Current password incorrect', { exact: true }).waitFor();
  assert.equal(new URL(page.url()).pathname, `${EDIT_PATH}/admin`);
  await signOut(page);
});

test('Cancel leaves at once without edits, and asks first with them', async () => {
  const page = await openEdit('operator');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL('**/setting/user_management/password_management/list');

  await page.goto(`${EDIT_PATH}/operator`);
  await field(page, 'Password').fill('typed');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'You have unsaved change' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(new URL(page.url()).pathname, `${EDIT_PATH}/operator`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Yes, continue' }).click();
  await page.waitForURL('**/setting/user_management/password_management/list');
  await signOut(page);
});

test('a session whose password expired is held on Change Password: nothing else is asked, Cancel signs out, the change leads to Login', async () => {
  const token = await server.login();
  assert.equal((await server.api('POST', '/usermg/user/add', { name: 'late', password: 'Late12345', accessLevel: 'view' }, token)).status, 200);
  const policy = (await server.api('GET', '/settings/passwordPolicy', undefined, token)).body.data;
  assert.equal((await server.api('PUT', '/settings/passwordPolicy', { ...policy, pwdExpireDays: 30, gracePeriodDays: 5 }, token)).status, 200);
  await server.api('POST', '/users/logout', {}, token);
  // 31 days since the password was set: expired, within the grace period.
  const db = new Database(join(server.dataDir, 'module.sqlite'));
  db.prepare('UPDATE users SET password_changed_at = ? WHERE name = ?').run(Date.now() - 31 * 86_400_000, 'late');
  db.close();

  const page = await signedIn('late', 'Late12345');
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(new URL(r.url()).pathname);
  });
  await page.waitForURL((u) => u.pathname === '/change_password');
  await page.getByRole('heading', { name: 'Change Password' }).waitFor();
  await page.getByText('Your password has expired. Change it to continue, or sign out.', { exact: true }).waitFor();
  assert.equal(await field(page, 'Username').inputValue(), 'late');
  // No menu leads anywhere else; a path typed by hand comes back here.
  assert.equal(await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').count(), 0);
  await page.goto('/reading/metering/basic_metering');
  await page.waitForURL((u) => u.pathname === '/change_password');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL((u) => u.pathname === '/login');

  await signIn(page, 'late', 'Late12345');
  await page.waitForURL((u) => u.pathname === '/change_password');
  await field(page, 'Current Password').fill('Late12345');
  await field(page, 'Password').fill('Fresh2026x');
  await field(page, 'Repeat Password').fill('Fresh2026x');
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, 'User late password changed').waitFor();
  await page.waitForURL((u) => u.pathname === '/login');
  assert.deepEqual(refused, []);

  await signIn(page, 'late', 'Fresh2026x');
  await page.waitForURL('**/reading/metering/basic_metering');
  await signOut(page);
  const admin = await server.login();
  assert.equal((await server.api('PUT', '/settings/passwordPolicy', policy, admin)).status, 200);
  await server.api('POST', '/users/logout', {}, admin);
});

test('user admin on the generated default password: the prompt, Cancel signs out, the change is the only way on', async () => {
  const fresh = await startModule({ MODULE_ADMIN_PASSWORD: '' });
  try {
    const initial = firstStartPassword(fresh);
    const { page } = await newPage(browser, fresh.baseUrl);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(new URL(r.url()).pathname);
    });
    const prompt = page.getByRole('dialog', { name: 'Confirmation' });
    await signIn(page, 'admin', initial);
    await page.waitForURL((u) => u.pathname === '/change_password');
    await prompt.getByText('You are using default password. Click continue to change your password.', { exact: true }).waitFor();
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    // The sign-out ends the session with the module, then forgets it: Login can draw before that.
    await page.waitForFunction(() => sessionStorage.getItem('user') === null);

    await signIn(page, 'admin', initial);
    await page.waitForURL((u) => u.pathname === '/change_password');
    await prompt.getByRole('button', { name: 'Yes, continue' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await page.getByText('You are using default password. Change it to continue, or sign out.', { exact: true }).waitFor();
    assert.equal(await field(page, 'Username').inputValue(), 'admin');
    // The module refuses this session everything else, whatever the console asks.
    const token = JSON.parse((await page.evaluate(() => sessionStorage.getItem('user')))!).token as string;
    assert.equal((await fresh.api('GET', '/usermg/user/list', undefined, token)).status, 403);
    await page.goto('/reading/metering/basic_metering');
    await page.waitForURL((u) => u.pathname === '/change_password');

    await field(page, 'Current Password').fill(initial);
    await field(page, 'Password').fill(NEW_ADMIN_PASSWORD);
    await field(page, 'Repeat Password').fill(NEW_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'User admin password changed').waitFor();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal((await fresh.api('POST', '/users/authenticate', { username: 'admin', password: initial })).status, 401);

    await signIn(page, 'admin', NEW_ADMIN_PASSWORD);
    await page.waitForURL('**/reading/metering/basic_metering');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    // The default flag is gone with the default password: no prompt this time.
    assert.equal(await prompt.count(), 0);
    assert.deepEqual(refused, []);
    await signOut(page);
  } finally {
    await fresh.stop();
  }
});
