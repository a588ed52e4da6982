/**
 * The real user gets in while an attacker guesses the account's password (issue 25 item 3): the
 * browser that signed in before holds the module's device cookie (httpOnly, SameSite=Strict, on the
 * sign-in path only) and is held neither by the lock the attack set off nor by the account-wide
 * wait; a browser never seen before is, by the wait or by the lock, whichever holds when it comes.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { loginMessages, serverMessages } from '@meter/contract';
import { newPage, signIn, signInToMain, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PASSWORD = 'Reader123';

describe('sign-in under attack', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m), { bare: true });
  before(async () => {
    const admin = await server.login();
    const added = await server.api('POST', '/usermg/user/add', { name: 'dora', password: PASSWORD, accessLevel: 'view' }, admin);
    assert.equal(added.status, 200);
    // Five failures lock the account for five minutes: longer than any test step, whatever the load.
    const policy = (await server.api('GET', '/settings/passwordPolicy', undefined, admin)).body.data;
    const saved = await server.api('PUT', '/settings/passwordPolicy', { ...policy, maxFailedAttempts: 5, failedLoginAttemptWindowsSeconds: 300, failedLoginWaitSeconds: 300 }, admin);
    assert.equal(saved.status, 200);
  });

  test('the browser that signed in before gets in during an attack on its account; a new browser is held', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInToMain(page, 'dora', PASSWORD);
    const device = (await context.cookies()).find((c) => c.name.startsWith('meterDevice_'));
    assert.ok(device, 'the module set its device cookie');
    assert.deepEqual([device.httpOnly, device.sameSite, device.path], [true, 'Strict', '/api/users/authenticate']);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();

    // The attack, from clients without the cookie: the account locks, then makes them wait.
    const replies: number[] = [];
    for (let i = 0; i < 8; i++) replies.push((await server.api('POST', '/users/authenticate', { username: 'dora', password: `guess-${i}` })).status);
    assert.ok(replies.includes(429), `the attack was held: ${replies.join(' ')}`);

    // A browser never seen before is held too, with the right password: by the account's wait
    // while it runs, by the lock after it.
    const stranger = (await newPage(browser, server.baseUrl)).page;
    await signIn(stranger, 'dora', PASSWORD);
    const waiting = new RegExp(serverMessages.tooManyFailedAttempts(999).replace('999', '\\d+'));
    await stranger
      .getByRole('alert')
      .filter({ hasText: loginMessages.accountLocked })
      .or(stranger.getByRole('alert').filter({ hasText: waiting }))
      .waitFor();
    assert.match(stranger.url(), /\/login/);
    await stranger.context().close();

    // The browser that signed in before is not.
    await signInToMain(page, 'dora', PASSWORD);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });
});
