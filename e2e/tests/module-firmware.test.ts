/**
 * Settings › Module Firmware, Manual Update (002 §4.8, §4.9) in Chromium: a package signed with the
 * development key (npm run firmware:pack), the live log, the countdown, Login flagged as reboot,
 * and the new version once the module is back; a tampered package ends in 'Firmware update failed'.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD, alertWith, openAs, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PATH = '/setting/module_firmware';

describe('module firmware', () => {
  let server: ModuleServer;
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'e2e-fw-'));
  const good = join(dir, 'module-3.5.0.a2up');
  const bad = join(dir, 'tampered.a2up');
  const meterGood = join(dir, 'meter-1.17.abin');
  const meterBad = join(dir, 'tampered.abin');
  before(async () => {
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/module/src/firmware-pack.ts', '--version', '3.5.0', '--out', good], { cwd: ROOT });
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/module/src/firmware-pack.ts', '--kind', 'meter', '--version', '1.17', '--out', meterGood], { cwd: ROOT });
    for (const [from, to] of [
      [good, bad],
      [meterGood, meterBad],
    ] as const) {
      const bytes = readFileSync(from);
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 3) ^ 0xff, bytes.length - 3);
      writeFileSync(to, bytes);
    }
  });
  useModuleAndBrowser((m) => ({ server, browser } = m), { env: { MODULE_REBOOT_SECONDS: '1', MODULE_FIRMWARE_DEV_KEY: '1' } });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('a tampered package: the log says why, "Firmware update failed", nothing changes', async () => {
    const page = await openAs(browser, server, PATH, 'boss');
    const manual = page.getByRole('region', { name: 'Manual Update' });
    await page.getByText('3.4.0', { exact: true }).waitFor();
    await manual.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Please provide Firmware File').waitFor();
    await manual.getByLabel('Firmware File').setInputFiles(bad);
    await manual.getByRole('button', { name: 'Upload' }).click();
    await manual.getByRole('button', { name: 'Process' }).click();
    await alertWith(page, 'Firmware update failed').waitFor();
    await page
      .getByLabel('Update Log', { exact: true })
      .getByText(/Firmware update failed: part rootfs\.img damaged/)
      .waitFor();
    await page.context().close();
  });

  test('meter firmware: its own upload and log; a tampered .abin is refused, a signed one updates the meter version', async () => {
    const page = await openAs(browser, server, PATH, 'boss');
    const meter = page.getByRole('region', { name: 'Meter Firmware Update' });
    const log = page.getByLabel('Meter Update Log', { exact: true });
    await page.getByText('1.16', { exact: true }).waitFor();
    await meter.getByLabel('Firmware File').setInputFiles(good);
    await meter.getByRole('button', { name: 'Upload' }).click();
    await meter.getByText('Firmware File must be a .abin file').waitFor();
    await meter.getByLabel('Firmware File').setInputFiles(meterBad);
    await meter.getByRole('button', { name: 'Upload' }).click();
    await meter.getByRole('button', { name: 'Process' }).click();
    await alertWith(page, 'Firmware update failed').waitFor();
    await log.getByText(/Firmware update failed: part meter\.bin damaged/).waitFor();
    assert.equal(await page.getByLabel('Update Log', { exact: true }).textContent(), '');
    await meter.getByLabel('Firmware File').setInputFiles(meterGood);
    await meter.getByRole('button', { name: 'Upload' }).click();
    await alertWith(page, 'meter-1.17.abin uploaded. Process it to update the meter.').waitFor();
    await meter.getByRole('button', { name: 'Process' }).click();
    await log.getByText(/Signature verified: AcuRev 2100-mV-18 1\.17/).waitFor();
    await log.getByText(/meter firmware update success/).waitFor();
    await alertWith(page, 'Meter firmware update success').waitFor();
    await page.getByText('1.17', { exact: true }).waitFor();
    const token = await server.login('admin', ADMIN_PASSWORD);
    assert.equal((await server.api('GET', '/settings/deviceInfo', undefined, token)).body.data.meterFirmwareVersion, '1.17');
    await page.context().close();
  });

  test('a signed package: live log, the countdown, Login flagged as reboot, then the new version', async () => {
    const page = await openAs(browser, server, PATH, 'boss');
    const manual = page.getByRole('region', { name: 'Manual Update' });
    await manual.getByLabel('Firmware File').setInputFiles(good);
    await manual.getByRole('button', { name: 'Upload' }).click();
    await alertWith(page, 'module-3.5.0.a2up uploaded').waitFor();
    await manual.getByRole('button', { name: 'Cancel' }).click();
    await manual.getByLabel('Firmware File').setInputFiles(good);
    await manual.getByRole('button', { name: 'Upload' }).click();
    await manual.getByRole('button', { name: 'Process' }).click();
    await page
      .getByLabel('Update Log', { exact: true })
      .getByText(/Signature verified: AXM-WEB2 3\.5\.0/)
      .waitFor();
    await page
      .getByLabel('Update Log', { exact: true })
      .getByText(/END OF FILE/)
      .waitFor();
    await alertWith(page, 'Fireware update success, module will restart in').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('firmwareUpdated')), 'true');
    await page.waitForURL(/\/login\?reboot=/, { timeout: 20_000 });
    await page.getByRole('status').filter({ hasText: 'Rebooting' }).waitFor({ state: 'hidden', timeout: 40_000 });
    const token = await server.login('admin', ADMIN_PASSWORD);
    assert.equal((await server.api('GET', '/settings/deviceInfo', undefined, token)).body.data.moduleFirmwareVersion, '3.5.0');
    await page.context().close();
  });
});
