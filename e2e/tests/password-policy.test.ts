/**
 * System Settings › User Management › Password Policy, through the shared settings form:
 * changed marks, "Nothing to save.", client-side rules, save and reload, the unsaved-change
 * guard and read-only mode.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { newPage, signIn, type ModuleServer, signOut, alertWith } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const POLICY_PATH = '/setting/user_management/password_policy';
let server: ModuleServer;
let browser: Browser;
/** One API session for the whole file: the module limits concurrent sign-ins. */
let token: string;

useModuleAndBrowser(
  async (m) => {
    ({ server, browser } = m);
    token = await server.login();
  },
  { bare: true },
);

/** Signs in, waits for the landing page (Login reloads once), then opens the policy screen. */
async function openPolicy(username?: string, password?: string): Promise<Page> {
  const { page } = await newPage(browser, server.baseUrl);
  await signIn(page, username, password);
  await page.waitForURL((u) => u.pathname !== '/login' && u.pathname !== '/');
  await page.goto(POLICY_PATH);
  await page.getByLabel('Password History').waitFor();
  return page;
}

const row = (page: Page, label: string) => page.getByRole('row').filter({ has: page.getByLabel(label, { exact: true }) });
const changedMark = (page: Page, label: string) => row(page, label).getByText('Changed', { exact: true });

function countPolicyPuts(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/settings/passwordPolicy') n++;
  });
  return () => n;
}

test('a changed marker appears on edit and goes when the value is put back; nothing changed → "Nothing to save."', async () => {
  const page = await openPolicy();
  const puts = countPolicyPuts(page);
  assert.equal(await page.getByText('Changed', { exact: true }).count(), 0);
  await page.getByLabel('Password History').fill('5');
  await changedMark(page, 'Password History').waitFor();
  await page.getByLabel('Upper and Lower Case').check();
  await changedMark(page, 'Upper and Lower Case').waitFor();
  assert.equal(await changedMark(page, 'Minimum Password Age').count(), 0);

  await page.getByLabel('Password History').fill('1');
  await page.getByLabel('Upper and Lower Case').uncheck();
  await page.getByText('Changed', { exact: true }).first().waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, 'Nothing to save.').waitFor();
  assert.equal(puts(), 0);
  await signOut(page);
});

test('an out-of-range value shows its message under the field and the module is not called', async () => {
  const page = await openPolicy();
  const puts = countPolicyPuts(page);
  await page.getByLabel('Password History').fill('33');
  await page.getByRole('button', { name: 'Save' }).click();
  const message = row(page, 'Password History').locator('.invalid-feedback');
  await message.waitFor();
  assert.equal(await message.textContent(), 'Password History must be between 1 and 32');

  await page.getByLabel('Minimum Password Length').fill('');
  await row(page, 'Minimum Password Length').getByText('Please provide Minimum Password Length', { exact: true }).waitFor();
  // Fixing the value clears its message as the user types.
  await page.getByLabel('Password History').fill('32');
  await message.waitFor({ state: 'detached' });
  assert.equal(puts(), 0);
  await signOut(page);
});

test('save: "Password policy configuration saved", marks cleared, and the values survive a reload', async () => {
  const page = await openPolicy();
  await page.getByLabel('Password History').fill('3');
  await page.getByLabel('Special Character').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await alertWith(page, 'Password policy configuration saved').waitFor();
  assert.equal(await page.getByText('Changed', { exact: true }).count(), 0);
  // No reboot prompt: the module applies the policy at once.
  assert.equal(await page.getByRole('dialog').count(), 0);

  await page.reload();
  await page.getByLabel('Password History').waitFor();
  assert.equal(await page.getByLabel('Password History').inputValue(), '3');
  assert.equal(await page.getByLabel('Special Character').isChecked(), true);
  const stored = await server.api('GET', '/settings/passwordPolicy', undefined, token);
  assert.equal(stored.body.data.pwdHistory, 3);
  assert.equal(stored.body.data.needSpecialCharacter, true);
  await signOut(page);
});

test('the unsaved-change guard: Cancel stays with the edits, "Yes, continue" leaves', async () => {
  const page = await openPolicy();
  await page.getByLabel('Max Failed Attempts').fill('7');
  const about = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'About' });
  await about.click();
  const dialog = page.getByRole('dialog', { name: 'You have unsaved change' });
  await dialog.getByText('Unsaved changes will be lost, continue?').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(new URL(page.url()).pathname, POLICY_PATH);
  assert.equal(await page.getByLabel('Max Failed Attempts').inputValue(), '7');

  // The browser's own warning guards reloads and closing the tab.
  const unload = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
  await page.close({ runBeforeUnload: true });
  assert.equal(await unload, 'beforeunload');
  assert.equal(page.isClosed(), false);

  await about.click();
  await dialog.getByRole('button', { name: 'Yes, continue' }).click();
  await page.waitForURL('**/about/info');
  await signOut(page);
});

test('a view-only user-configuration role sees the policy disabled and no Save', async () => {
  const role = { name: 'userview', readingsAllow: 1, configurationAllow: 1, maintenanceAllow: 1, userConfigAllow: 1 };
  assert.equal((await server.api('POST', '/usermg/role/add', role, token)).status, 200);
  const user = { name: 'auditor', password: 'Auditor123!', accessLevel: 'userview' };
  assert.equal((await server.api('POST', '/usermg/user/add', user, token)).status, 200);

  const page = await openPolicy(user.name, user.password);
  for (const label of ['Password History', 'Session Timeout', 'Upper and Lower Case', 'Special Character']) {
    assert.equal(await page.getByLabel(label, { exact: true }).isDisabled(), true, `${label} disabled`);
  }
  assert.equal(await page.getByLabel('Password History').inputValue(), '3');
  assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
  await signOut(page);
});
