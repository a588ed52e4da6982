/**
 * Settings › Communication › Certificate Management (002 §2.9, §8.2): the cards show the served
 * certificate, Export downloads its PEM, Generate answers 'Generate certificate success' with
 * the reboot prompt, and a view-only user gets the cards without the actions.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { certificateTexts as t } from '@meter/contract';
import { alertWith, openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PATH = '/setting/communication/certificate_management';
let server: ModuleServer;
let browser: Browser;
let admin: string;

useModuleAndBrowser((m) => ({ server, browser, admin } = m));

test('Certificate Management: the served certificate, Export, Generate', async () => {
  const info = (await server.api('GET', '/command/cert/getCertInfo', undefined, admin)).body.data;
  const page = await openAs(browser, server, PATH, 'boss');
  await page.getByRole('table', { name: t.details }).getByText(info.details.serialNumber, { exact: true }).waitFor();
  await page.getByRole('table', { name: t.subject }).getByText(info.certificateSubject.commonName, { exact: true }).waitFor();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.exportCert, exact: true }).click();
  assert.match(readFileSync(await (await downloading).path(), 'utf8'), /^-----BEGIN CERTIFICATE-----/);

  await page.getByRole('button', { name: t.generate, exact: true }).click();
  await alertWith(page, t.generated).waitFor();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Do you want to reboot the module now?').waitFor();
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await keep(page);
});

test('Certificate Management: a view-only user sees the cards without the actions', async () => {
  const page = await openAs(browser, server, PATH, 'viewer');
  await page.getByRole('table', { name: t.issuer }).waitFor();
  for (const name of [t.importCert, t.generate, t.generateCsr, t.exportCert]) assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, name);
  await keep(page);
});
