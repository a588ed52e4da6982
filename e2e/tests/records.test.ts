/**
 * About › Installation Record and Inspection Record (000 §2, §4, §8): a writer creates the
 * installation record on the edit screen, the view shows it, and its PDF downloads with the
 * values as text; a view-only user gets the download only.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { recordTexts } from '@meter/contract';
import { alertWith, launchBrowser, openAs, signOut, startModuleWithUsers, type ModuleServer } from '../lib/harness.ts';

const run = promisify(execFile);
let server: ModuleServer;
let browser: Browser;
let admin: string;

before(async () => {
  ({ server, admin } = await startModuleWithUsers());
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

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

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: recordTexts.downloadInstallation }).click();
  const file = await download;
  assert.equal(file.suggestedFilename(), 'Installation Record.pdf');
  const path = await file.path();
  const { stdout } = await run('pdftotext', ['-layout', path, '-']);
  for (const text of ['Client Information', 'Harbour Foods Ltd', 'Ines Installer', 'CTSN-7001', 'CTSN-7002', 'SHA-256 of the record: ']) assert.ok(stdout.includes(text), text);
  await signOut(page);
});

test('Installation Record: a view-only user gets the download and no New Installation Report', async () => {
  const page = await openAs(browser, server, '/about/installation_record', 'viewer');
  await page.getByRole('button', { name: recordTexts.downloadInstallation }).waitFor();
  assert.equal(await page.getByRole('button', { name: recordTexts.newInstallation }).count(), 0);
  await signOut(page);
});
