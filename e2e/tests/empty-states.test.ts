/**
 * Empty states say why and link to the setting that fills them (issue 28): a data log that is off
 * says so and links to its settings page, one that is on says its files come as it writes them,
 * AcuCloud's links to AcuCloud; a trend frame without rows says what the log holds and links to
 * Trend Log Management. The links are the route table's paths; a user who may not open the
 * settings gets the reason without the link.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { emptyStateTexts, routeByName, shellTexts } from '@meter/contract';
import { USER_PASSWORD, openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const trail = (name: string) => emptyStateTexts.settingsLink(name);

describe('empty states', () => {
  let server: ModuleServer;
  let browser: Browser;
  let admin: string;

  useModuleAndBrowser(async (m) => {
    ({ server, browser, admin } = m);
    // Readings only: the data log settings are not theirs to open.
    assert.equal((await server.api('POST', '/usermg/role/add', { name: 'reader', readingsAllow: 1, configurationAllow: 2, maintenanceAllow: 2, userConfigAllow: 2 }, admin)).status, 200);
    assert.equal((await server.api('POST', '/usermg/user/add', { name: 'reader', password: USER_PASSWORD, accessLevel: 'reader' }, admin)).status, 200);
  });

  const filesTable = (p: Page) => p.getByRole('table', { name: 'Data Log Files' });

  test('a data log that is off links to its settings page; on, it says its files come as written', async () => {
    const p = await openAs(browser, server, routeByName('Reading, Log, Data Log, Data Log 2').path, 'boss');
    const table = filesTable(p);
    await table.getByText(emptyStateTexts.logOff('Data Log 2'), { exact: true }).waitFor();
    assert.match((await table.locator('tbody').textContent()) ?? '', new RegExp(`^${shellTexts.noData}`));
    const settings = routeByName('Settings, Communication, Data Log, Data Log 2');
    const link = table.getByRole('link', { name: trail(settings.name), exact: true });
    assert.equal(await link.textContent(), 'Settings › Communication › Data Log › Data Log 2');
    await link.click();
    await p.waitForURL((u) => u.pathname === settings.path);
    await p.getByRole('heading', { name: 'Data Log 2', exact: true }).first().waitFor();

    // Switched on (through the API, as another console would), the list says the files are to come.
    const config = await server.api('GET', '/settings/communication/dataLogConfig', undefined, admin);
    assert.equal(config.status, 200);
    const on = await server.api('PUT', '/settings/communication/dataLogConfig', { ...config.body.data, dataLog2: { ...config.body.data.dataLog2, enable: true } }, admin);
    assert.equal(on.status, 200, JSON.stringify(on.body));
    await p.goto(routeByName('Reading, Log, Data Log, Data Log 2').path);
    await filesTable(p).getByText(emptyStateTexts.logOn('Data Log 2'), { exact: true }).waitFor();
    await filesTable(p)
      .getByRole('link', { name: trail(settings.name), exact: true })
      .waitFor();

    // AcuCloud's list links to AcuCloud.
    await p.goto(routeByName('Reading, Log, Data Log, AcuCloud').path);
    await filesTable(p).getByText(emptyStateTexts.logOff('AcuCloud'), { exact: true }).waitFor();
    const cloud = routeByName('Settings, Communication, AcuCloud');
    await filesTable(p)
      .getByRole('link', { name: trail(cloud.name), exact: true })
      .click();
    await p.waitForURL((u) => u.pathname === cloud.path);
    await keep(p);
  });

  test('a user who may not open the settings gets the reason without a link', async () => {
    const p = await openAs(browser, server, routeByName('Reading, Log, Data Log, Data Log 3').path, 'reader');
    await filesTable(p).getByText(emptyStateTexts.logMaybeOff('Data Log 3'), { exact: true }).waitFor();
    assert.equal(await filesTable(p).getByRole('link').count(), 0);
    await keep(p);
  });

  test('a trend frame without rows says what the log holds and links to Trend Log Management', async () => {
    const p = await openAs(browser, server, routeByName('Reading, Log, Trend Log, Realtime log').path, 'viewer');
    // A fresh module has recorded only since it started: yesterday is empty.
    await p.getByRole('button', { name: 'Yesterday' }).click();
    const chart = p.getByRole('figure', { name: 'Realtime log chart' });
    await chart.getByText(shellTexts.noData, { exact: true }).waitFor();
    const reason = chart.getByText(/^No records in this time frame\. The Realtime log holds records from .+ to .+\.$/);
    await reason.waitFor();
    const management = routeByName('Reading, Log, Trend Log Management');
    const link = chart.getByRole('link', { name: trail(management.name), exact: true });
    await link.click();
    await p.waitForURL((u) => u.pathname === management.path);
    await keep(p);
  });
});
