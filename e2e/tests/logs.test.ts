/**
 * Reading › Log: the module event log (sign-ins, level filter, Add to filter, interval search,
 * export, clear), the alarm log when empty, the meter event log's restart, and a data log file
 * the module wrote (download, admin delete, no selection for others).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { alertWith, type ModuleServer, openAs, until, USER_PASSWORD, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

/** Data log rows every 15 s: the first file appears soon after start, and a delete has time to finish before the next row. */
const DATALOG_SECONDS = 15;
const ZONE = 'America/New_York';

/** datetime-local text of an instant on the device's wall clock. */
function wall(ms: number): string {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

describe('logs', () => {
  let server: ModuleServer;
  let browser: Browser;
  let admin: string;

  useModuleAndBrowser((m) => ({ server, browser, admin } = m), { env: { MODULE_DATALOG_INTERVAL_SECONDS: String(DATALOG_SECONDS) } });

  const open = (path: string, user = 'boss'): Promise<Page> => openAs(browser, server, path, user);
  const moduleLog = (p: Page) => p.getByRole('table', { name: 'Module Event Log' });
  const levelsShown = async (p: Page) => moduleLog(p).locator('tbody tr td:nth-child(2)').allTextContents();

  test('module event log: the sign-in, the level filter and Add to filter', async () => {
    // An Error entry to filter for.
    assert.equal((await server.api('POST', '/users/authenticate', { username: 'viewer', password: 'wrong-one' })).status, 401);
    const p = await open('/reading/log/module_event_log');
    await p.getByRole('heading', { name: 'Module Event Log' }).waitFor();
    const table = moduleLog(p);
    await table.getByRole('cell', { name: 'User boss signed in', exact: true }).waitFor();
    for (const size of ['10', '20', '40', '80']) await p.getByLabel('Rows per page').locator(`option[value="${size}"]`).waitFor({ state: 'attached' });

    await p.getByRole('checkbox', { name: 'Error' }).check();
    await p.getByRole('button', { name: 'Search' }).click();
    await table.getByRole('cell', { name: 'User boss signed in', exact: true }).waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: 'Sign-in failed for user viewer: incorrect password' }).waitFor();
    assert.deepEqual([...new Set(await levelsShown(p))], ['Error']);

    await p.getByRole('button', { name: 'Reset' }).click();
    await table.getByRole('cell', { name: 'User boss signed in', exact: true }).waitFor();
    assert.equal(await p.getByRole('checkbox', { name: 'Error' }).isChecked(), false);

    const info = table.getByRole('button', { name: 'Info', exact: true }).first();
    await info.hover();
    await p.getByRole('tooltip', { name: 'Add to filter' }).waitFor();
    const filtered = p.waitForResponse((r) => r.url().includes('/api/eventLog?') && r.url().includes('level=Info'));
    await info.click();
    await filtered;
    await table.getByRole('cell', { name: 'Sign-in failed for user viewer: incorrect password' }).waitFor({ state: 'detached' });
    assert.deepEqual([...new Set(await levelsShown(p))], ['Info']);
    assert.equal(await p.getByRole('checkbox', { name: 'Info' }).isChecked(), true);
    await keep(p);
  });

  test("module event log: the User filter shows one user's actions", async () => {
    await server.api('POST', '/users/logout', {}, await server.login('viewer', USER_PASSWORD));
    const p = await open('/reading/log/module_event_log');
    const table = moduleLog(p);
    await table.getByRole('cell', { name: 'User boss signed in', exact: true }).first().waitFor();
    await p.getByLabel('User', { exact: true }).fill('viewer');
    await p.getByRole('button', { name: 'Search' }).click();
    await table.getByRole('cell', { name: 'User boss signed in', exact: true }).first().waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: 'User viewer signed in', exact: true }).first().waitFor();
    assert.deepEqual([...new Set(await table.locator('tbody tr td:nth-child(3)').allTextContents())], ['viewer']);
    await p.getByRole('button', { name: 'Reset' }).click();
    assert.equal(await p.getByLabel('User', { exact: true }).inputValue(), '');
    await table.getByRole('cell', { name: 'User boss signed in', exact: true }).first().waitFor();
    await keep(p);
  });

  test('module event log: search by interval', async () => {
    const p = await open('/reading/log/module_event_log');
    const table = moduleLog(p);
    await table.getByRole('cell', { name: 'User boss signed in', exact: true }).first().waitFor();
    const now = Date.now();
    await p.getByLabel('Start time').fill(wall(now + 86_400_000));
    await p.getByLabel('End time').fill(wall(now + 2 * 86_400_000));
    await p.getByRole('button', { name: 'Search' }).click();
    await table.getByText('No Data', { exact: true }).waitFor();

    await p.getByLabel('Start time').fill(wall(now - 3_600_000));
    await p.getByLabel('End time').fill(wall(now + 60_000));
    await p.getByRole('button', { name: 'Search' }).click();
    await table.getByRole('cell', { name: 'User boss signed in', exact: true }).first().waitFor();

    // 'Clear' empties the interval.
    await p.getByRole('button', { name: 'Clear', exact: true }).click();
    assert.equal(await p.getByLabel('Start time').inputValue(), '');
    assert.equal(await p.getByLabel('End time').inputValue(), '');
    await keep(p);
  });

  test('module event log: the levels in their colours, Critical dark red, Error red, Info neutral', async () => {
    // A Critical entry: an account locked by the policy's five failed sign-ins (the source's free failures are ten).
    assert.equal((await server.api('POST', '/usermg/user/add', { name: 'locky', password: USER_PASSWORD, accessLevel: 'view' }, admin)).status, 200);
    for (let i = 0; i < 5; i++) assert.equal((await server.api('POST', '/users/authenticate', { username: 'locky', password: 'wrong-one' })).status, 401);
    const p = await open('/reading/log/module_event_log');
    const table = moduleLog(p);
    await table.getByRole('cell', { name: /^User locky locked out after 5 failed sign-in attempts/ }).waitFor();
    const background = (level: string) =>
      table
        .getByRole('button', { name: level, exact: true })
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(await background('Critical'), 'rgb(132, 32, 41)');
    assert.equal(await background('Error'), 'rgb(220, 53, 69)');
    assert.equal(await background('Info'), 'rgba(0, 0, 0, 0)');
    await keep(p);
  });

  test('module event log: a read-only user sees no Export or Clear', async () => {
    const p = await open('/reading/log/module_event_log', 'viewer');
    await moduleLog(p).getByRole('cell', { name: 'User viewer signed in', exact: true }).first().waitFor();
    assert.equal(await p.getByRole('button', { name: 'Export Logs' }).count(), 0);
    assert.equal(await p.getByRole('button', { name: 'Clear Logs' }).count(), 0);
    await keep(p);
  });

  test('module event log: Export Logs downloads a CSV; Clear Logs asks first', async () => {
    const p = await open('/reading/log/module_event_log');
    const table = moduleLog(p);
    await table.getByRole('cell', { name: 'User boss signed in', exact: true }).first().waitFor();
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Export Logs' }).click()]);
    assert.match(download.suggestedFilename(), /^module_event_log_\d{8}_\d{6}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    assert.equal(csv.split('\r\n')[0], 'Timestamp,Level,User,Message');
    assert.match(csv, /-0[45]:00,Info,boss,User boss signed in\r\n/);

    await p.getByRole('button', { name: 'Clear Logs' }).click();
    const dialog = p.getByRole('dialog', { name: 'Confirmation' });
    await dialog.getByText('Are you sure you want to clear Event Log? This action cannot be undone.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.ok((await table.locator('tbody tr').count()) > 1);

    await p.getByRole('button', { name: 'Clear Logs' }).click();
    await dialog.getByRole('button', { name: 'Yes, continue' }).click();
    await alertWith(p, 'Event log cleared').waitFor();
    await table.getByRole('cell', { name: 'Module event log cleared by boss', exact: true }).waitFor();
    assert.equal(await table.locator('tbody tr').count(), 1);
    await keep(p);
  });

  test('alarm log: No Data while there are no alarms', async () => {
    const p = await open('/reading/log/alarm_log');
    const table = p.getByRole('table', { name: 'Alarm Log' });
    await table.getByText('No Data', { exact: true }).waitFor();
    assert.equal(await table.getByRole('columnheader').first().textContent(), 'Timestamp');
    await keep(p);
  });

  test('meter event log: the restart of the new data folder, newest first', async () => {
    const p = await open('/reading/log/event_log');
    const table = p.getByRole('table', { name: 'Meter Event Log' });
    await table.getByRole('cell', { name: 'Meter restart', exact: true }).waitFor();
    assert.deepEqual(await table.getByRole('columnheader').allTextContents(), ['Timestamp', 'Event']);
    await keep(p);
  });

  test('maintenance meter event log: interval, pages of 10/20/40/80, export and clear', async () => {
    const viewer = await open('/setting/management/meter_event_log', 'viewer');
    await viewer.getByRole('heading', { name: 'Meter Event Log' }).waitFor();
    await viewer.getByRole('table', { name: 'Meter Event Log' }).getByRole('cell', { name: 'Meter restart', exact: true }).waitFor();
    assert.equal(await viewer.getByRole('button', { name: 'Export Logs' }).count(), 0, 'maintenance view: no Export');
    assert.equal(await viewer.getByRole('button', { name: 'Clear Logs' }).count(), 0, 'maintenance view: no Clear');
    await keep(viewer);

    const p = await open('/setting/management/meter_event_log');
    const table = p.getByRole('table', { name: 'Meter Event Log' });
    await table.getByRole('cell', { name: 'Meter restart', exact: true }).waitFor();
    assert.deepEqual(await table.getByRole('columnheader').allTextContents(), ['Timestamp', 'Message']);
    assert.equal(await p.getByRole('group', { name: 'Level' }).count(), 0, 'the meter log has no levels');
    const sizes = await p
      .getByLabel(/per page|Page size/i)
      .locator('option')
      .allTextContents();
    assert.deepEqual(
      sizes.map((x) => x.trim()),
      ['10', '20', '40', '80'],
    );

    // An interval before the restart finds nothing; Reset brings it back.
    await p.getByLabel('Start time').fill(wall(Date.now() - 3 * 3600_000));
    await p.getByLabel('End time').fill(wall(Date.now() - 2 * 3600_000));
    await p.getByRole('button', { name: 'Search' }).click();
    await table.getByText('No Data', { exact: true }).waitFor();
    await p.getByRole('button', { name: 'Reset' }).click();
    await table.getByRole('cell', { name: 'Meter restart', exact: true }).waitFor();

    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Export Logs' }).click()]);
    assert.match(download.suggestedFilename(), /^meter_event_log_\d{8}_\d{6}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    assert.match(csv, /^Timestamp,Event\r\n/);
    assert.match(csv, /Meter restart/);

    await p.getByRole('button', { name: 'Clear Logs' }).click();
    const dialog = p.getByRole('dialog', { name: 'Confirmation' });
    await dialog.getByText('Are you sure you want to clear Event Log? This action cannot be undone.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Yes, continue' }).click();
    await alertWith(p, 'Event log cleared').waitFor();
    await table.getByText('No Data', { exact: true }).waitFor();
    await keep(p);
  });

  test('data log: a file the module wrote; download; admin deletes it; others see no selection', async () => {
    const listing = async () => ((await server.api('GET', '/fileList/dataLog/backup1', undefined, admin)).body.data as { filename: string; size: number }[]) ?? [];
    let files: { filename: string; size: number }[] = [];
    await until('the logger to write its file', async () => (files = await listing()).length > 0, 2_000 * DATALOG_SECONDS);
    assert.equal(files.length, 1, 'the logger wrote its file');
    const name = files[0]!.filename;
    assert.match(name, /^datalog1_\d{8}_000000\.csv$/);

    const viewer = await open('/reading/log/data_log/1', 'viewer');
    await viewer.getByRole('cell', { name, exact: true }).waitFor();
    assert.equal(await viewer.getByRole('checkbox').count(), 0);
    assert.equal(await viewer.getByRole('button', { name: 'Delete Selected' }).count(), 0);
    await viewer.getByRole('button', { name: `Download ${name}` }).waitFor();
    await keep(viewer);

    const p = await open('/reading/log/data_log/1');
    const table = p.getByRole('table', { name: 'Data Log Files' });
    await table.getByRole('cell', { name, exact: true }).waitFor();
    for (const h of ['File', 'Update', 'Size (KB)']) await table.getByRole('columnheader', { name: h, exact: true }).waitFor();
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: `Download ${name}` }).click()]);
    assert.equal(download.suggestedFilename(), name);
    assert.match(readFileSync((await download.path())!, 'utf8'), /^Timestamp,Phase A Voltage \(V\),/);

    await p.getByRole('button', { name: 'Delete Selected' }).click();
    await alertWith(p, 'No data log selected.').waitFor();

    // Start right after a row, so the delete is done long before the logger writes again.
    const size = files[0]!.size;
    await until('the logger to write its next row', async () => (await listing())[0]?.size !== size, 2_000 * DATALOG_SECONDS);
    await p.reload();
    await table.getByRole('checkbox', { name: `Select ${name}` }).check();
    await p.getByRole('button', { name: 'Delete Selected' }).click();
    const dialog = p.getByRole('dialog', { name: 'Confirmation' });
    await dialog.getByRole('listitem').filter({ hasText: name }).waitFor();
    await dialog.getByRole('button', { name: 'Yes, continue' }).click();
    await alertWith(p, 'Data log files deleted').waitFor();
    await table.getByText('No Data', { exact: true }).waitFor();
    await keep(p);
  });
});
