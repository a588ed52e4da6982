/**
 * Settings › Emergency, Steps 1–3 (002 §2.16, §4.10) in Chromium on a module started in system mode 2:
 * the root leads to the wizard; step 1's Export Config downloads a real .conf.an of the current
 * settings and Download Diagnostic File the archive; step 2 downloads every data log file in one
 * zip (read back by Python's zipfile) and only then deletes them on the module, and clears the
 * trend log; step 3 updates the meter and the module firmware with signed packages, reboots and
 * resets to factory defaults. Each page is held while its work runs.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { trendQuerySpec } from '@meter/contract';
import { ADMIN_PASSWORD, USER_PASSWORD, alertWith, endCountdown, holdClock, openAs, until, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DATALOG_SECONDS = 2;

describe('emergency mode', () => {
  let server: ModuleServer;
  let admin: string;
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'e2e-emergency-'));
  const modulePackage = join(dir, 'module-3.5.0.a2up');
  const meterPackage = join(dir, 'meter-1.17.abin');
  before(async () => {
    const pack = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'apps/module/src/firmware-pack.ts', ...args], { cwd: ROOT });
    pack('--version', '3.5.0', '--out', modulePackage);
    pack('--kind', 'meter', '--version', '1.17', '--out', meterPackage);
  });
  useModuleAndBrowser((m) => ({ server, browser, admin } = m), {
    env: { MODULE_SYSTEM_MODE: '2', MODULE_DATALOG_INTERVAL_SECONDS: String(DATALOG_SECONDS), MODULE_REBOOT_SECONDS: '1', MODULE_FIRMWARE_DEV_KEY: '1' },
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  const listing = async (id: string) => ((await server.api('GET', `/fileList/dataLog/backup${id}`, undefined, admin)).body.data as { filename: string }[]) ?? [];
  const waitBack = async (page: Page) => {
    await page.waitForURL(/\/login\?reboot=/, { timeout: 30_000 });
    await page.getByRole('status').filter({ hasText: 'Rebooting' }).waitFor({ state: 'hidden', timeout: 60_000 });
    admin = await server.login('admin', ADMIN_PASSWORD);
  };

  test('step 1: the root leads here; Export Config and the diagnostic file download', async () => {
    const page = await openAs(browser, server, '/', 'boss');
    await page.waitForURL('**/setting/emergency/step1');
    await page.getByRole('heading', { name: 'Step 1: Export configuration and diagnostic file' }).waitFor();
    const config = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Config' }).click();
    const file = await config;
    assert.match(file.suggestedFilename(), /\.conf\.an$/);
    const saved = await file.path();
    assert.ok(readFileSync(saved, 'utf8').length > 100);
    await alertWith(page, 'Configuration exported').waitFor();
    const diag = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Diagnostic File' }).click();
    assert.match((await diag).suggestedFilename(), /\.tar\.gz$/);
    await keep(page);
  });

  test('leaving while an export runs is refused with the spec text', async () => {
    const page = await openAs(browser, server, '/setting/emergency/step1', 'boss');
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    // The module's reply is held back a moment (not replaced), so the export is still running when the user tries to leave.
    await page.route('**/api/command/diagnosticFile/**', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Download Diagnostic File' }).click();
    await page.getByRole('button', { name: 'Export Config' }).and(page.locator(':disabled')).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'About' }).click();
    await alertWith(page, 'Emergency mode is exporting. Please stay on the current page').waitFor();
    assert.equal(new URL(page.url()).pathname, '/setting/emergency/step1');
    const diag = page.waitForEvent('download');
    release();
    await diag;
    await page.getByRole('button', { name: 'Export Config' }).and(page.locator(':enabled')).waitFor();
    await keep(page);
  });

  test('step 2: the data log files leave in one zip, then exactly those are deleted; the trend log is cleared', async () => {
    let files: { filename: string }[] = [];
    await until('data log 1 to write a file', async () => (files = await listing('1')).length > 0, 15_000 * DATALOG_SECONDS);
    const page = await openAs(browser, server, '/setting/emergency/step1', 'boss');
    await page.getByRole('link', { name: 'Next Step' }).click();
    await page.waitForURL('**/setting/emergency/step2');
    await page.getByRole('heading', { name: 'Step 2: Export and reset the data loggers, clear the trend log' }).waitFor();
    const table = page.getByRole('table', { name: 'Export and reset the data loggers, clear the trend log' });
    for (const name of ['Data Log 1', 'Data Log 2', 'Data Log 3', 'AcuCloud']) await table.getByRole('rowheader', { name, exact: true }).waitFor();

    // Held while the files come: the reply of data log 1's first file waits for the test.
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    await page.route('**/api/backup/backup1/**', async (route) => {
      await gate;
      await route.continue();
    });
    const zip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export and Reset Data Loggers' }).click();
    await page.getByRole('button', { name: 'Export and Reset Data Loggers' }).and(page.locator(':disabled')).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Previous Step' }).isDisabled(), true);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'About' }).click();
    await alertWith(page, 'Exporting Logger. Please stay on the current page').waitFor();
    assert.equal(new URL(page.url()).pathname, '/setting/emergency/step2');
    release();
    const download = await zip;
    assert.match(download.suggestedFilename(), /^datalog-backup-\d{8}T\d{6}\.zip$/);
    const saved = (await download.path())!;
    // Python's zipfile checks every entry's CRC and reads the names back.
    const read = execFileSync(
      'python3',
      ['-c', 'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nfor n in z.namelist(): print(n, z.read(n).decode().split(",")[0])', saved],
      { encoding: 'utf8' },
    );
    for (const f of files) assert.match(read, new RegExp(`^backup1/${f.filename.replace(/\./g, '\\.')} Timestamp$`, 'm'));
    await alertWith(page, 'Files deleted').waitFor();
    await table
      .getByRole('row', { name: /Data Log 1/ })
      .getByRole('cell', { name: 'Exported and reset' })
      .waitFor();
    // The logger writes on every 2 s: a file of the same period may already be there again, but as
    // a new one, holding none of the rows that left in the zip.
    const exported = JSON.parse(
      execFileSync('python3', ['-c', 'import sys, json, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nprint(json.dumps({n: z.read(n).decode() for n in z.namelist()}))', saved], {
        encoding: 'utf8',
      }),
    ) as Record<string, string>;
    const left = (await listing('1')).map((f) => f.filename);
    for (const f of files) {
      if (!left.includes(f.filename)) continue;
      const now = await fetch(`${server.baseUrl}/api/backup/backup1/${f.filename}`, { headers: { authorization: `Bearer ${admin}` } });
      assert.equal(now.status, 200);
      const rows = new Set((await now.text()).split(/\r?\n/).slice(1).filter(Boolean));
      const before = exported[`backup1/${f.filename}`]!.split(/\r?\n/).slice(1).filter(Boolean);
      assert.ok(before.length > 0 && before.every((row) => !rows.has(row)), `${f.filename} was not deleted`);
    }

    // getLogMaxMin snaps to the start of the local day (001 §3), and the 1-Hz ingest writes today's
    // next second at once: the seconds themselves show what the clear left.
    const secondsBefore = async (end: number) =>
      (await server.api('GET', `/trendlog/realTime/${trendQuerySpec('VLN', end - 599, end, '1sec')}`, undefined, admin)).body.data as unknown[];
    const clearedAt = Math.floor(Date.now() / 1000);
    assert.ok((await secondsBefore(clearedAt - 2)).length > 0, 'the trend log holds rows');
    await page.getByRole('button', { name: 'Clear Trend Log' }).click();
    const dialog = page.getByRole('dialog', { name: 'Warning' });
    await dialog.getByText('All trend log data and unsaved local data log records will be deleted. This action is irreversible.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Yes, continue' }).click();
    await alertWith(page, 'Trend log cleared').waitFor();
    assert.deepEqual(await secondsBefore(clearedAt - 2), [], 'nothing older than the clear is left');
    await keep(page);
  });

  test('step 3: meter and module firmware, held while updating; reboot; factory reset', async () => {
    const page = await openAs(browser, server, '/setting/emergency/step2', 'boss');
    await page.getByRole('link', { name: 'Next Step' }).click();
    await page.waitForURL('**/setting/emergency/step3');
    await page.getByRole('heading', { name: 'Step 3: Firmware update, factory reset and reboot' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Next Step' }).isDisabled(), true);

    const meter = page.getByRole('region', { name: 'Meter Firmware Update' });
    await meter.getByLabel('Firmware File').setInputFiles(meterPackage);
    await meter.getByRole('button', { name: 'Upload' }).click();
    await meter.getByText('meter-1.17.abin: version 1.17 (running version 1.16)').waitFor();
    await meter.getByRole('button', { name: 'Process' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Process' }).click();
    await page
      .getByLabel('Meter Update Log', { exact: true })
      .getByText(/meter firmware update success/)
      .waitFor();
    await alertWith(page, 'Meter firmware update success').waitFor();
    await page.getByText('1.17', { exact: true }).waitFor();

    const moduleFw = page.getByRole('region', { name: 'Module Firmware Update' });
    await moduleFw.getByLabel('Firmware File').setInputFiles(modulePackage);
    await moduleFw.getByRole('button', { name: 'Upload' }).click();
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    await page.route('**/api/fwUpdate/info**', async (route) => {
      await gate;
      await route.continue();
    });
    await holdClock(page);
    await moduleFw.getByRole('button', { name: 'Process' }).click();
    await page.getByRole('dialog').getByText('Install module firmware version 3.5.0? The module restarts when the update succeeds.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Process' }).click();
    await page.getByRole('button', { name: 'Reset to Factory Default' }).and(page.locator(':disabled')).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'About' }).click();
    await alertWith(page, 'Firmware is upgrading. Please stay on the current page').waitFor();
    assert.equal(new URL(page.url()).pathname, '/setting/emergency/step3');
    release();
    await page
      .getByLabel('Update Log', { exact: true })
      .getByText(/END OF FILE/)
      .waitFor();
    await endCountdown(page, 'Fireware update success, module will restart in', server);
    await waitBack(page);
    const info = (await server.api('GET', '/settings/deviceInfo', undefined, admin)).body.data;
    assert.equal(info.moduleFirmwareVersion, '3.5.0');
    assert.equal(info.meterFirmwareVersion, '1.17');
    await keep(page);

    const again = await openAs(browser, server, '/setting/emergency/step3', 'boss');
    await again.getByRole('button', { name: 'Module Reboot' }).click();
    const ask = again.getByRole('dialog', { name: 'Confirmation' });
    await ask.getByText('Do you want to reboot the module now?', { exact: true }).waitFor();
    await holdClock(again);
    await ask.getByRole('button', { name: 'Yes, continue' }).click();
    await endCountdown(again, 'Module will restart in', server);
    await waitBack(again);
    await keep(again);

    const last = await openAs(browser, server, '/setting/emergency/step3', 'boss');
    await last.getByRole('button', { name: 'Reset to Factory Default' }).click();
    const dialog = last.getByRole('dialog', { name: 'Reset to Factory Default' });
    await dialog.getByText(/Log in again after 1 to 2 minutes\./).waitFor();
    await holdClock(last);
    await dialog.getByRole('button', { name: 'Yes, continue' }).click();
    await endCountdown(last, 'Module will restart in', server);
    await waitBack(last);
    // Every user but admin is gone (the test's MODULE_SYSTEM_MODE=2 puts the module back in emergency mode at each start).
    assert.equal((await server.api('POST', '/users/authenticate', { username: 'boss', password: USER_PASSWORD })).status, 401);
    await keep(last);
  });
});
