/**
 * Settings › Module Firmware, Manual Update (002 §4.8, §4.9, §7.4) in Chromium: a package signed
 * with the development key (npm run firmware:pack) uploaded with its progress in percent, its
 * version shown before a confirmed Process, the live log, the countdown, Login flagged as reboot,
 * and the new version once the module is back; a tampered package is refused at upload with an
 * alert and the reason in the update log; an older one needs "Allow downgrade" (issue 25).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { firmwareTexts } from '@meter/contract';
import { axeViolations } from '../lib/axe.ts';
import { ADMIN_PASSWORD, alertWith, endCountdown, holdClock, openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PATH = '/setting/module_firmware';

describe('module firmware', () => {
  let server: ModuleServer;
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'e2e-fw-'));
  const good = join(dir, 'module-3.5.0.a2up');
  const older = join(dir, 'module-3.3.0.a2up');
  const bad = join(dir, 'tampered.a2up');
  const meterGood = join(dir, 'meter-1.17.abin');
  const meterBad = join(dir, 'tampered.abin');
  before(async () => {
    // 3 MB, as an image is large: the upload's progress can be watched under a throttled link.
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/module/src/firmware-pack.ts', '--version', '3.5.0', '--image-bytes', '3000000', '--out', good], { cwd: ROOT });
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/module/src/firmware-pack.ts', '--version', '3.3.0', '--out', older], { cwd: ROOT });
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

  test('refused at upload: the alert and the update log say why, nothing to process; an older version needs "Allow downgrade"', async () => {
    const page = await openAs(browser, server, PATH, 'boss');
    const manual = page.getByRole('region', { name: 'Manual Update' });
    const upload = manual.getByRole('button', { name: 'Upload' });
    await page.getByText('3.4.0', { exact: true }).waitFor();
    assert.ok(await upload.isDisabled(), 'Upload stays disabled until a file is chosen');
    await manual.getByLabel('Firmware File').setInputFiles(bad);
    await upload.click();
    await alertWith(page, 'Firmware file upload failed: part rootfs.img damaged').waitFor();
    await page
      .getByLabel('Update Log', { exact: true })
      .getByText(/Firmware update failed: part rootfs\.img damaged/)
      .waitFor();
    assert.equal(await manual.getByRole('button', { name: 'Process' }).count(), 0);
    // An older version: refused without the option, then shown as a downgrade with it (admin).
    await manual.getByLabel('Firmware File').setInputFiles(older);
    await upload.click();
    await alertWith(page, 'Firmware file upload failed: version 3.3.0 is older than the running version 3.4.0').waitFor();
    await manual.getByText(firmwareTexts.downgradeWarning).waitFor();
    await manual.getByLabel('Allow downgrade to an older version').check();
    await upload.click();
    await manual.getByText('module-3.3.0.a2up: version 3.3.0 (running version 3.4.0)').waitFor();
    await manual.getByText('This is a downgrade: it replaces the running version 3.4.0 with an older one.').waitFor();
    assert.deepEqual(await axeViolations(page), [], 'the checked downgrade and its warning, light');
    await manual.getByRole('button', { name: 'Process' }).click();
    await page.getByRole('dialog').getByText('This is a downgrade: it replaces the running version 3.4.0 with an older one.').waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(page), [], 'the downgrade confirmation, dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await manual.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await manual.getByLabel('Allow downgrade to an older version').isChecked(), false, 'the option is for one upload');
    await keep(page);
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
    await alertWith(page, 'Firmware file upload failed: part meter.bin damaged').waitFor();
    await log.getByText(/Firmware update failed: part meter\.bin damaged/).waitFor();
    assert.equal(await page.getByLabel('Update Log', { exact: true }).textContent(), '');
    await meter.getByLabel('Firmware File').setInputFiles(meterGood);
    await meter.getByRole('button', { name: 'Upload' }).click();
    await alertWith(page, 'meter-1.17.abin uploaded. Process it to update the meter.').waitFor();
    await meter.getByText('meter-1.17.abin: version 1.17 (running version 1.16)').waitFor();
    await meter.getByRole('button', { name: 'Process' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Install meter firmware version 1.17?').waitFor();
    await confirm.getByRole('button', { name: 'Process' }).click();
    await log.getByText(/Signature verified: AcuRev 2100-mV-18 1\.17/).waitFor();
    await log.getByText(/meter firmware update success/).waitFor();
    await alertWith(page, 'Meter firmware update success').waitFor();
    await page.getByText('1.17', { exact: true }).waitFor();
    const token = await server.login('admin', ADMIN_PASSWORD);
    assert.equal((await server.api('GET', '/settings/deviceInfo', undefined, token)).body.data.meterFirmwareVersion, '1.17');
    await keep(page);
  });

  test('a signed package: upload progress in percent, its version before a confirmed Process, live log, the countdown, Login flagged as reboot, then the new version', async () => {
    const page = await openAs(browser, server, PATH, 'boss');
    const manual = page.getByRole('region', { name: 'Manual Update' });
    // A slow link (1 MB/s up), so the 3 MB upload's progress is seen between 0 and 100.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1_000_000 });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role=progressbar][aria-label="Upload progress"]');
        if (bar?.textContent && seen.at(-1) !== bar.textContent) seen.push(bar.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await manual.getByLabel('Firmware File').setInputFiles(good);
    await manual.getByRole('button', { name: 'Upload' }).click();
    await manual.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await alertWith(page, 'module-3.5.0.a2up uploaded').waitFor();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    assert.ok(
      seen.every((p) => /^\d{1,3}%$/.test(p)),
      seen.join(' '),
    );
    const percents = seen.map((p) => Number.parseInt(p, 10));
    assert.ok(
      percents.some((p) => p > 0 && p < 100),
      `a percent between 0 and 100: ${seen.join(' ')}`,
    );
    assert.ok(
      percents.every((p, i) => i === 0 || p >= percents[i - 1]!),
      seen.join(' '),
    );
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await manual.getByText('module-3.5.0.a2up: version 3.5.0 (running version 3.4.0)').waitFor();
    await manual.getByRole('button', { name: 'Cancel' }).click();
    assert.ok(await manual.getByRole('button', { name: 'Upload' }).isDisabled(), 'no file chosen after Cancel');
    await manual.getByLabel('Firmware File').setInputFiles(good);
    await manual.getByRole('button', { name: 'Upload' }).click();
    await manual.getByRole('button', { name: 'Process' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Install module firmware version 3.5.0? The module restarts when the update succeeds.').waitFor();
    await holdClock(page);
    await confirm.getByRole('button', { name: 'Process' }).click();
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
    await endCountdown(page, 'Fireware update success, module will restart in', server);
    await page.getByRole('status').filter({ hasText: 'Rebooting' }).waitFor({ state: 'hidden', timeout: 40_000 });
    const token = await server.login('admin', ADMIN_PASSWORD);
    assert.equal((await server.api('GET', '/settings/deviceInfo', undefined, token)).body.data.moduleFirmwareVersion, '3.5.0');
    await keep(page);
  });
});
