/** Settings › Management and Debug Diagnostic (002 §2.11, §2.12, §4.6, §8) in Chromium against the real module. */
import assert from 'node:assert/strict';

import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, USER_PASSWORD, alertWith, endCountdown, holdClock, openAs, type ModuleServer, freePort, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const MANAGEMENT = '/setting/management';

const row = (page: Page, label: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

async function confirm(page: Page, body: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await dialog.getByText(body, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Yes, continue' }).click();
}

describe('management', () => {
  let server: ModuleServer;
  let admin: string;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser, admin } = m), { env: async () => ({ MODULE_REBOOT_SECONDS: '1', MODULE_SSH_PORT: String(await freePort()) }) });

  test('reset energy: confirmation, success alert, and the module counts from zero again', async () => {
    const largest = async () => {
      const energy = await server.api('GET', '/readings/energy/system', undefined, admin);
      const values = (energy.body.data as Record<string, unknown>[]).flatMap((r) => Object.values(r).filter((v): v is number => typeof v === 'number'));
      assert.ok(values.length > 0);
      return Math.max(...values);
    };
    assert.ok((await largest()) > 50, 'the seeded history has energy');
    const page = await openAs(browser, server, MANAGEMENT, 'boss');
    await row(page, 'Reset Energy').getByRole('button', { name: 'Reset energy' }).click();
    await confirm(page, 'Are you sure you want to reset energy? This action cannot be undone.');
    await alertWith(page, 'Energy reset successful').waitFor();
    assert.ok((await largest()) < 50, 'counting from zero again');
    await keep(page);
  });

  test('a seal status changed since the page loaded: "Seal Status Changed" and nothing is reset', async () => {
    const page = await openAs(browser, server, MANAGEMENT, 'boss');
    await row(page, 'Device Run Time Reset').getByRole('button', { name: 'Reset device run time' }).waitFor();
    const meter = await server.api('GET', '/settings/meter', undefined, admin);
    const body = { ...meter.body.data, optionalSealConfig: { ...meter.body.data.optionalSealConfig, deviceRunTime: 1 } };
    assert.equal((await server.api('PUT', '/settings/meter', body, admin)).status, 200);
    const resets: string[] = [];
    page.on('request', (r) => void (r.url().includes('/api/command/resetReadings') && resets.push(r.url())));
    await row(page, 'Device Run Time Reset').getByRole('button', { name: 'Reset device run time' }).click();
    await confirm(page, 'Are you sure you want to reset device run time? This action cannot be undone.');
    const modal = page.getByRole('dialog', { name: 'Seal Status Changed' });
    await modal.getByText('Please refresh webpage.', { exact: true }).waitFor();
    assert.deepEqual(resets, [], 'nothing reset');
    await keep(page);
  });

  test('SSH enable and disable', async () => {
    const page = await openAs(browser, server, MANAGEMENT, 'boss');
    await row(page, 'SSH').getByText('Disabled').waitFor();
    await row(page, 'SSH').getByRole('button', { name: 'Enable SSH' }).click();
    await confirm(page, 'Are you sure you want to enable SSH?');
    await alertWith(page, 'SSH enabled successfully').waitFor();
    await row(page, 'SSH').getByText('Enabled').waitFor();
    assert.deepEqual((await server.api('GET', '/settings/sshConfig', undefined, admin)).body.data, { enable: 1 });
    await row(page, 'SSH').getByRole('button', { name: 'Disable SSH' }).click();
    await confirm(page, 'Are you sure you want to disable SSH?');
    await row(page, 'SSH').getByText('Disabled').waitFor();
    await keep(page);
  });

  test('debug diagnostic: Enable All, Detail, one switch saved, Clear System Log, Back To Management', async () => {
    const page = await openAs(browser, server, MANAGEMENT, 'boss');
    await row(page, 'Debug Diagnostic').getByRole('button', { name: 'Enable All' }).click();
    await alertWith(page, 'Debug diagnostic saved').waitFor();
    const all = (await server.api('GET', '/settings/syslogConfig', undefined, admin)).body.data;
    assert.ok(Object.values(all).every((v) => (v as { logLevel: number }).logLevel === 7));
    await row(page, 'Debug Diagnostic').getByRole('button', { name: 'Disable All' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[role=alert]').length > 0);
    await row(page, 'Debug Diagnostic').getByRole('link', { name: 'Detail' }).click();
    await page.waitForURL(/\/setting\/management\/debug_diagnostic$/);
    const web = page.getByRole('switch', { name: 'Web Server' }).or(page.getByRole('checkbox', { name: 'Web Server' }));
    await web.waitFor();
    assert.equal(await web.isChecked(), false);
    await web.check();
    // The save's own reply: an alert of the same text from Enable All may still be on screen.
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/settings/syslogConfig');
    await page.getByRole('button', { name: 'Save' }).click();
    assert.equal((await put).status(), 200);
    await alertWith(page, 'Debug diagnostic saved').last().waitFor();
    const saved = (await server.api('GET', '/settings/syslogConfig', undefined, admin)).body.data;
    assert.equal(saved['Web Server'].logLevel, 7);
    assert.equal(saved.MQTT.logLevel, 6);
    await page.getByRole('button', { name: 'Clear System Log' }).click();
    await confirm(page, 'Are you sure you want to clear the system log? This action cannot be undone.');
    await alertWith(page, 'System log cleared').waitFor();
    await page.getByRole('link', { name: 'Back To Management' }).click();
    await page.waitForURL(/\/setting\/management$/);
    await keep(page);
  });

  test('Download Diagnostic File saves the archive', async () => {
    const page = await openAs(browser, server, MANAGEMENT, 'boss');
    const download = page.waitForEvent('download');
    await row(page, 'Download Diagnostic File').getByRole('button', { name: 'Download' }).click();
    assert.match((await download).suggestedFilename(), /^diagnostic_AR[0-9A-F]{8}_\d{14}\.tar\.gz$/);
    await keep(page);
  });

  test('a view user sees every action disabled', async () => {
    const page = await openAs(browser, server, MANAGEMENT, 'viewer');
    await row(page, 'Factory Reset').waitFor();
    for (const [label, name] of [
      ['Reset Demand', 'Reset demand'],
      ['Module Reboot', 'Reboot'],
      ['Factory Reset', 'Factory Reset'],
      ['SSH', 'Enable SSH'],
      ['Debug Diagnostic', 'Enable All'],
    ]) {
      assert.equal(await row(page, label!).getByRole('button', { name: name!, exact: true }).isDisabled(), true, label);
    }
    await keep(page);
  });

  test('factory reset: the page waits for the reboot, users are gone, the admin password is the first-start one', async () => {
    const page = await openAs(browser, server, MANAGEMENT, 'boss');
    await row(page, 'Factory Reset').getByRole('button', { name: 'Factory Reset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Factory Reset' });
    await dialog.getByText(/Log in again after 1 to 2 minutes\./).waitFor();
    await holdClock(page);
    await dialog.getByRole('button', { name: 'Yes, continue' }).click();
    await alertWith(page, 'Module will restart in').waitFor();
    assert.equal(await row(page, 'Module Reboot').getByRole('button', { name: 'Reboot' }).isDisabled(), true);
    await endCountdown(page, 'Module will restart in', server);
    await page.getByRole('status').filter({ hasText: 'Rebooting' }).waitFor({ state: 'hidden', timeout: 40_000 });
    assert.equal((await server.api('POST', '/users/authenticate', { username: 'boss', password: USER_PASSWORD })).status, 401);
    const token = await server.login('admin', ADMIN_PASSWORD);
    const users = await server.api('GET', '/usermg/user/list', undefined, token);
    assert.deepEqual(
      users.body.data.map((u: { name: string }) => u.name),
      ['admin'],
    );
    await keep(page);
  });
});
