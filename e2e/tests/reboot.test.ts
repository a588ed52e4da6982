/** Reboot flow (000 §4): from the click to the login page and back, against a module that really goes away. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { flowTexts } from '@meter/contract';
import { endCountdown, holdClock, moduleAway, newPage, signInToMain, until, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser, type BareModuleAndBrowser } from '../lib/module-and-browser.ts';

describe('reboot', () => {
  let server: ModuleServer;
  let browser: Browser;
  // Away 3 s: the countdown is run out once the module has gone, so Login still meets it away (the reboot wait); short for the run.
  useModuleAndBrowser((m: BareModuleAndBrowser) => ({ server, browser } = m), { bare: true, env: { MODULE_REBOOT_SECONDS: '3' } });

  test('Reboot Later leaves the module running and points to Settings->Management', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    await signInToMain(page);
    await page.getByRole('button', { name: 'admin' }).click();
    await page.getByRole('button', { name: 'Reboot', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Action Required' });
    await dialog.getByText('Do you want to reboot the module now?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Reboot Later' }).click();
    await dialog.getByText(/Settings->Management/).waitFor();
    assert.equal((await server.api('GET', '/systemMode')).status, 200);
  });

  test('Reboot: countdown, login with the reboot parameter, module away and back, sessions ended', async () => {
    const { page } = await newPage(browser, server.baseUrl);
    await signInToMain(page);
    const oldToken = JSON.parse((await page.evaluate(() => sessionStorage.getItem('user')))!).token as string;

    // Watched from before the click: the listener is away only for the reboot's seconds.
    const away = until('the module listener to go away', () => moduleAway(server), 60_000);
    // Awaited below; a step failing first must not leave it rejecting unheard.
    away.catch(() => undefined);

    await holdClock(page);
    await page.getByRole('button', { name: 'admin' }).click();
    await page.getByRole('button', { name: 'Reboot', exact: true }).click();
    await page.getByRole('dialog', { name: 'Action Required' }).getByRole('button', { name: 'Reboot', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Rebooting' }).waitFor();
    await endCountdown(page, 'Module will restart in', server);
    // Issue 28: a reboot wait, not the form, while the module is away (systemMode polling).
    await page.getByText(flowTexts.rebootWait).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 40_000 });
    assert.equal(await page.getByText(flowTexts.rebootWait).count(), 0);
    assert.equal((await server.api('GET', '/systemMode')).status, 200, 'the form came back with the module');
    // The banner stays while the module is away and goes once systemMode answers again.
    await page.getByRole('status').filter({ hasText: 'Rebooting' }).waitFor({ state: 'hidden', timeout: 40_000 });
    await away;

    assert.equal((await server.api('GET', '/command/homePageInfo', undefined, oldToken)).status, 401, 'every session ended');
    await signInToMain(page);
    await page.getByRole('table', { name: 'System' }).waitFor();
  });
});
