/**
 * About › Installation Record and Inspection Record (000 §2, §4, §8): a writer creates the
 * installation record on the edit screen, the view shows it, and its PDF downloads with the
 * values as text; the inspection verifies a CT and a PT row on live values (Verify → Confirm,
 * polled every 3 s), Accepted locks the row; a view-only user gets the downloads only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { recordTexts } from '@meter/contract';
import { alertWith, keep, openAs, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const run = promisify(execFile);
let server: ModuleServer;
let browser: Browser;
let admin: string;

useModuleAndBrowser((m) => ({ server, browser, admin } = m));

test('Installation Record: New Installation Report → edit → Save → the view and its PDF carry the values', async () => {
  const page = await openAs(browser, server, '/about/installation_record', 'boss');
  await page.getByRole('button', { name: recordTexts.newInstallation }).click();
  await page.getByLabel('Client', { exact: true }).fill('Harbour Foods Ltd');
  await page.getByLabel('Installation Date').fill('2026-11-02');
  await page.getByLabel('Installer Name').fill('Ines Installer');
  await page.getByLabel('CT Serial Number 1', { exact: true }).fill('CTSN-7001');
  await page.getByLabel('CT Serial Number 2', { exact: true }).fill('CTSN-7002');
  // A bad date is refused on the form, nothing is sent.
  await page.getByLabel('Installation Date').fill('2026-02-30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(recordTexts.badDate('Installation Date')).waitFor();
  await page.getByLabel('Installation Date').fill('2026-11-02');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, recordTexts.saved).waitFor();
  // Back on the view (000 §7), which shows what was saved.
  await page.waitForURL('**/about/installation_record');
  await page.getByRole('cell', { name: 'Harbour Foods Ltd' }).waitFor();
  await page.getByRole('cell', { name: 'CTSN-7002' }).waitFor();
  const saved = await server.api('GET', '/record/ctInstall', undefined, admin);
  assert.equal(saved.body.data.ctChannels[0].ctSerialNumber, 'CTSN-7001');

  // The PDF is drawn on request; on a loaded runner that alone can take longer than a click's wait.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: recordTexts.downloadInstallation }).click();
  const file = await download;
  assert.equal(file.suggestedFilename(), 'Installation Record.pdf');
  const path = await file.path();
  const { stdout } = await run('pdftotext', ['-layout', path, '-']);
  for (const text of ['Client Information', 'Harbour Foods Ltd', 'Ines Installer', 'CTSN-7001', 'CTSN-7002', 'SHA-256 of the record: ']) assert.ok(stdout.includes(text), text);
  await keep(page);
});

test('Installation Record: a view-only user gets the download and no New Installation Report', async () => {
  const page = await openAs(browser, server, '/about/installation_record', 'viewer');
  await page.getByRole('button', { name: recordTexts.downloadInstallation }).waitFor();
  assert.equal(await page.getByRole('button', { name: recordTexts.newInstallation }).count(), 0);
  await keep(page);
});

test('Inspection Record: Verify → Confirm fills a CT row from the live meter every 3 s; Accepted locks it; Save and the PDF', async () => {
  const page = await openAs(browser, server, '/about/inspection_record', 'boss');
  await page.getByRole('button', { name: recordTexts.newInspection }).click();
  let ctReads = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/record/ctStatus') ctReads++;
  });
  const verify = page.getByRole('button', { name: 'Verify Input 1', exact: true });
  await verify.click();
  const confirm = page.getByRole('button', { name: 'Confirm Input 1', exact: true });
  await confirm.waitFor();
  const current = page.getByLabel('Current (A) 1', { exact: true });
  await page.waitForFunction((el) => Number((el as HTMLInputElement).value) > 0, await current.elementHandle());
  const live = (await server.api('GET', '/record/ctStatus', undefined, admin)).body.data.ctChannels[0];
  assert.ok(Math.abs(Number(await current.inputValue()) - live.current) <= Math.max(1, live.current * 0.2));
  // Polled: a second read follows within the 3 s period.
  const first = ctReads;
  await page.waitForRequest((r) => new URL(r.url()).pathname === '/api/record/ctStatus', { timeout: 5000 });
  assert.ok(ctReads > first);
  await confirm.click();
  await verify.waitFor();

  await page.getByLabel('CT Serial Number 1', { exact: true }).fill('CTSN-9001');
  await page.getByLabel('Accepted 1', { exact: true }).check();
  assert.equal(await page.getByLabel('CT Serial Number 1', { exact: true }).isDisabled(), true);
  assert.equal(await page.getByLabel('CT Model 1', { exact: true }).isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Verify Input 1', exact: true }).isDisabled(), true);

  await page.getByRole('button', { name: 'Verify Phase A', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm Phase A', exact: true }).click();
  const voltage = Number(await page.getByLabel('Phase A', { exact: true }).inputValue());
  assert.ok(voltage > 50, String(voltage));

  await page.getByLabel('Inspector', { exact: true }).fill('Ian Inspector');
  await page.getByLabel('Inspection Status', { exact: true }).selectOption({ label: 'Others' });
  const others = page.getByPlaceholder(recordTexts.othersPlaceholder);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(recordTexts.othersRequired).waitFor();
  await others.fill('Awaiting panel labels');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, recordTexts.saved).waitFor();
  await page.waitForURL('**/about/inspection_record');
  await page.getByText('Others: Awaiting panel labels').waitFor();
  const row = (await server.api('GET', '/record/ctInstall', undefined, admin)).body.data.ctChannels[0];
  assert.equal(row.accepted, true);
  assert.equal(row.ctSerialNumber, 'CTSN-9001');
  assert.ok(row.current > 0);

  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: recordTexts.downloadInspection }).click();
  const file = await download;
  assert.equal(file.suggestedFilename(), 'Inspection Record.pdf');
  const { stdout } = await run('pdftotext', ['-layout', await file.path(), '-']);
  for (const text of ['CT Inspection Table', 'PT Inspection Table', 'Ian Inspector', 'Others: Awaiting panel labels', 'CTSN-9001', 'Signature']) assert.ok(stdout.includes(text), text);
  await keep(page);
});

// The edit screens do not fit yet (995 and 1155 px at 390): left open on the issue.
test('the record views fit a 390 px phone: the page never scrolls sideways (wide tables scroll in their own box)', async () => {
  const page = await openAs(browser, server, '/about/installation_record', 'boss');
  const screens: [string, string][] = [
    ['/about/installation_record', recordTexts.downloadInstallation],
    ['/about/inspection_record', recordTexts.downloadInspection],
  ];
  for (const [path, ready] of screens) {
    await page.goto(path);
    await page.getByRole('button', { name: ready, exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.setViewportSize({ width: 1366, height: 900 });
    assert.ok(width <= 390, `${path}: ${width} px`);
  }
  await keep(page);
});
