/**
 * Sign-in and password help (issue 14): the attempts left before a lockout under the spec's
 * refusal, the default-password prompt saying why, the policy's rules as a checklist ticking while
 * typing on every password screen, and the Show / Hide button of password inputs, at 1366 and 390 px.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { USER_PASSWORD, alertWith, firstStartPassword, launchBrowser, newPage, signIn, signInToMain, signOut, startModule, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const INCORRECT = 'Error: Incorrect username/password.';
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** The checklist under an input, each line as '✓ text' or '○ text' by its met state. */
async function checklistOf(page: Page, input: Locator): Promise<string[]> {
  const id = (await input.getAttribute('aria-describedby'))!.split(' ').find((d) => d.endsWith('-checklist'))!;
  return page.locator(`[id="${id}"] li`).evaluateAll((lis) => lis.map((li) => `${li.getAttribute('data-met') === 'true' ? '✓' : '○'} ${li.childNodes[1]?.textContent ?? ''}`));
}
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('sign-in help', () => {
  let server: ModuleServer;
  let admin: string;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser, admin } = m));

  test('a wrong password shows the spec’s refusal and, under the form, the attempts left; an unknown name gets the same', async () => {
    const policy = (await server.api('GET', '/settings/passwordPolicy', undefined, admin)).body.data;
    assert.equal((await server.api('PUT', '/settings/passwordPolicy', { ...policy, maxFailedAttempts: 3 }, admin)).status, 200);
    try {
      const { page } = await newPage(browser, server.baseUrl);
      const status = page.getByRole('status').filter({ hasText: 'before the account is locked' });
      await signIn(page, 'viewer', 'wrong-password');
      await alertWith(page, INCORRECT).waitFor();
      await status.getByText('2 attempts left before the account is locked.', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await status.getByText('1 attempt left before the account is locked.', { exact: true }).waitFor();
      await signIn(page, 'nobody-here', 'wrong-password');
      await status.getByText('2 attempts left before the account is locked.', { exact: true }).waitFor();
      // The right password clears the count and signs in.
      await signIn(page, 'viewer', USER_PASSWORD);
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await signOut(page);
    } finally {
      await server.api('PUT', '/settings/passwordPolicy', policy, admin);
    }
  });

  test('Show / Hide on the sign-in password: a button after the input, reached by Tab, its name saying what it does', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    await page.goto('/login');
    const password = field(page, 'Password');
    await password.fill('typed-secret');
    assert.equal(await password.getAttribute('type'), 'password');
    await password.focus();
    await page.keyboard.press('Tab');
    const show = page.getByRole('button', { name: 'Show password', exact: true });
    assert.equal(await show.evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press('Enter');
    assert.equal(await password.getAttribute('type'), 'text');
    await page.getByRole('button', { name: 'Hide password', exact: true }).click();
    assert.equal(await password.getAttribute('type'), 'password');
    // Enter in the password field still signs in.
    await field(page, 'User Name').fill('viewer');
    await password.fill(USER_PASSWORD);
    await password.press('Enter');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await signOut(page);
  });

  test('New User: the policy’s rules tick while typing; Override Password Policy waives them', async () => {
    const policy = (await server.api('GET', '/settings/passwordPolicy', undefined, admin)).body.data;
    assert.equal((await server.api('PUT', '/settings/passwordPolicy', { ...policy, pwdLength: 10, needUpperLower: true, needSpecialCharacter: true }, admin)).status, 200);
    try {
      const { page } = await newPage(browser, server.baseUrl);
      await signInToMain(page, 'boss', USER_PASSWORD);
      await page.goto('/setting/user_management/user_configuration/new');
      const password = field(page, 'Password');
      await password.waitFor();
      assert.deepEqual(await checklistOf(page, password), [
        '○ At least 10 characters',
        '○ An upper case and a lower case letter',
        '○ A number and a letter',
        '○ A special character (@!#%^&*?)',
      ]);
      await password.fill('abcD1');
      assert.deepEqual(await checklistOf(page, password), [
        '○ At least 10 characters',
        '✓ An upper case and a lower case letter',
        '✓ A number and a letter',
        '○ A special character (@!#%^&*?)',
      ]);
      await password.fill('abcDefgh1!');
      assert.deepEqual(
        (await checklistOf(page, password)).map((l) => l[0]),
        ['✓', '✓', '✓', '✓'],
      );
      await field(page, 'Override Password Policy').check();
      assert.deepEqual(await checklistOf(page, password), []);
      // The form's own toggle is the shared one.
      await page.getByRole('button', { name: 'Show password', exact: true }).first().click();
      assert.equal(await password.getAttribute('type'), 'text');
      await page.setViewportSize({ width: 390, height: 844 });
      await field(page, 'Override Password Policy').uncheck();
      await password.waitFor();
      assert.equal(await noSideScroll(page), true);
      await page.setViewportSize({ width: 1366, height: 900 });
      await signOut(page);
    } finally {
      await server.api('PUT', '/settings/passwordPolicy', policy, admin);
    }
  });
});

test('the generated first-start password: the prompt says why, the change screen ticks the rules; at 390 px', async () => {
  const fresh = await startModule({ MODULE_ADMIN_PASSWORD: '' });
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, fresh.baseUrl);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin', firstStartPassword(fresh));
    await page.waitForURL((u) => u.pathname === '/change_password');
    const prompt = page.getByRole('dialog', { name: 'Confirmation' });
    await prompt.getByText('You are using default password. Click continue to change your password.', { exact: true }).waitFor();
    await prompt.getByText(/^The module generated this password at its first start/).waitFor();
    await prompt.getByText('Anyone who has read it can sign in as admin with every right, so choose a password only you know.', { exact: true }).waitFor();
    await prompt.getByRole('button', { name: 'Yes, continue' }).click();
    await prompt.waitFor({ state: 'hidden' });
    // The reason stays on the page once the prompt is answered.
    await page.getByText(/^The module generated this password at its first start/).waitFor();

    const password = field(page, 'Password');
    assert.deepEqual(await checklistOf(page, password), ['○ At least 8 characters', '○ A number and a letter']);
    await password.fill('Meter2026pw');
    assert.deepEqual(await checklistOf(page, password), ['✓ At least 8 characters', '✓ A number and a letter']);
    assert.equal(await noSideScroll(page), true);
    await field(page, 'Current Password').fill(firstStartPassword(fresh));
    await field(page, 'Repeat Password').fill('Meter2026pw');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'User admin password changed').waitFor();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.context().close();
  } finally {
    await browser.close();
    await fresh.stop();
  }
});
