/** The shell: navigation pruned by permission, Page Not Found, Basic Metering, Current. */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage, signInToMain, until, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const ROLES = {
  reader: { readingsAllow: 1, configurationAllow: 2, maintenanceAllow: 2, userConfigAllow: 2 },
  usermgr: { readingsAllow: 2, configurationAllow: 2, maintenanceAllow: 2, userConfigAllow: 0 },
};

describe('console shell', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m), { bare: true });
  before(async () => {
    const admin = await server.login();
    // Every test signs in afresh without logging out: allow more concurrent sessions than the default 5.
    assert.equal((await server.api('PUT', '/usrmg/general/config', { maxLoginUser: 10, sessionTimeout: 15 }, admin)).status, 200);
    for (const [name, flags] of Object.entries(ROLES)) {
      assert.equal((await server.api('POST', '/usermg/role/add', { name, ...flags }, admin)).status, 200);
      assert.equal((await server.api('POST', '/usermg/user/add', { name: `u${name}`, password: 'Secret123', accessLevel: name }, admin)).status, 200);
    }
  });

  async function signedIn(user = 'admin', password?: string): Promise<Page> {
    const { page } = await newPage(browser, server.baseUrl);
    await signInToMain(page, user, password);
    return page;
  }
  const mainMenu = (p: Page) => p.getByRole('navigation', { name: 'Main menu' }).getByRole('link');

  test('navigation is pruned by permission for three roles', async () => {
    const admin = await signedIn('admin');
    assert.deepEqual(await mainMenu(admin).allTextContents(), ['Reading', 'About', 'Settings']);
    assert.equal(await admin.getByRole('button', { name: 'admin' }).count(), 1, 'maintenance writers get the reboot menu');

    const reader = await signedIn('ureader', 'Secret123');
    assert.deepEqual(await mainMenu(reader).allTextContents(), ['Reading', 'About']);
    await reader.getByRole('button', { name: 'ureader' }).click();
    await reader.getByRole('button', { name: 'Theme: System' }).waitFor();
    assert.equal(await reader.getByRole('button', { name: 'Reboot' }).count(), 0, 'no reboot item without maintenance write');
    await reader.goto('/setting/user_management/password_policy');
    await reader.waitForURL(/\/reading\/metering\/basic_metering$/);

    // 000 §6: without readings bits the landing is About › Information, open to every signed-in user.
    const usermgr = await signedIn('uusermgr', 'Secret123');
    await usermgr.waitForURL(/\/about\/info$/);
    await usermgr.getByRole('table', { name: 'Web Module' }).waitFor();
    assert.deepEqual(await mainMenu(usermgr).allTextContents(), ['About', 'Settings']);
    await usermgr.goto('/reading/metering/basic_metering');
    await usermgr.waitForURL(/\/about\/info$/);
  });

  test('Current: the current of the three phases and the system, then of a chosen channel', async () => {
    const p = await signedIn('ureader', 'Secret123');
    await p.goto('/reading/metering/current');
    await p.getByRole('heading', { name: 'Current', level: 1 }).waitFor();
    const system = p.getByRole('table', { name: 'Current', exact: true });
    const row = system.getByRole('row').filter({ has: p.getByRole('rowheader', { name: 'Current (A)', exact: true }) });
    await row
      .getByRole('cell')
      .first()
      .filter({ hasText: /^\d+\.\d+$/ })
      .waitFor();
    assert.deepEqual(await system.getByRole('columnheader').allTextContents(), ['Parameter', 'Phase A', 'Phase B', 'Phase C', 'System']);
    assert.equal(await system.getByRole('rowheader').count(), 1, 'only the current');
    for (const cell of await row.getByRole('cell').allTextContents()) assert.match(cell, /^\d+\.\d+$/);

    const channel = p.getByRole('table', { name: 'Channel Current', exact: true });
    await channel.getByText('No Data', { exact: true }).waitFor();
    await p.getByRole('combobox', { name: 'Channel' }).selectOption('3');
    await channel.getByRole('columnheader', { name: 'Input Channel 3', exact: true }).waitFor();
    assert.deepEqual(await channel.getByRole('rowheader').allTextContents(), ['Current (A)']);
    assert.match((await channel.getByRole('cell').allTextContents()).join(' '), /^\d+\.\d+$/);
  });

  test('unknown paths show Page Not Found, the page’s one h1 (issue 28)', async () => {
    const p = await signedIn('ureader', 'Secret123');
    for (const path of ['/reading/metering/nope', '/no/such/page', '/setting/communication/nope']) {
      await p.goto(path);
      await p.getByRole('heading', { level: 1, name: 'Page Not Found', exact: true }).waitFor();
      assert.equal(await p.locator('h1').count(), 1, path);
    }
  });

  test('Basic Metering: channel select as 000 §2, tables refresh every 5 s', async () => {
    const p = await signedIn('ureader', 'Secret123');
    const polls: number[] = [];
    p.on('request', (r) => {
      if (r.url().includes('/api/readings/realtime/system')) polls.push(Date.now());
    });
    const system = p.getByRole('table', { name: 'System' });
    await system.getByRole('rowheader', { name: 'Frequency (Hz)', exact: true }).waitFor();
    for (const col of ['Phase A', 'Phase B', 'Phase C', 'System']) await system.getByRole('columnheader', { name: col, exact: true }).waitFor();

    const select = p.getByRole('combobox', { name: 'Channel' });
    const options = await select.locator('option').evaluateAll((os) => os.map((o) => ({ v: (o as HTMLOptionElement).value, t: o.textContent, d: (o as HTMLOptionElement).disabled })));
    assert.equal(options.length, 19);
    assert.deepEqual(options[0], { v: '-1', t: 'Please select channel', d: true });
    assert.deepEqual(options[3], { v: '3', t: 'Input Channel 3', d: false });
    const channel = p.getByRole('table', { name: 'Channel' });
    await channel.getByText('No Data', { exact: true }).waitFor();
    await select.selectOption('3');
    await channel.getByRole('columnheader', { name: 'Input Channel 3', exact: true }).waitFor();

    // Two refreshes within 11 s of the channel's table: counted on the requests themselves, so the
    // wait ends with the second one instead of running the whole window.
    const start = polls.length;
    await until('two refreshes in 11 s', () => polls.length - start >= 2, 11_000);
  });
});
