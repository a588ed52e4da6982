/**
 * The manufacturing pages (000 §2): Production Test at /login/test without signing in, its
 * tables and the `<serial>_TestReport.txt` download; CE Test at /ce_test with the override rates
 * that follow the IEEE protocol, the module's verdict, and a read-only form without write.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { ceTestTexts } from '@meter/contract';
import { alertWith, newPage, openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

let server: ModuleServer;
let browser: Browser;

useModuleAndBrowser((m) => ({ server, browser } = m));

test('Production Test: Module Information and Test Output without a session; Download saves <serial>_TestReport.txt', async () => {
  const { page, context } = await newPage(browser, server.baseUrl);
  await page.goto('/login/test');
  const result = (await server.api('GET', '/productionTest/result')).body.data;
  const info = page.getByRole('table', { name: 'Module Information' });
  await info.getByRole('cell', { name: result.moduleInfo.moduleSerialNumber }).waitFor();
  const output = page.getByRole('table', { name: 'Test Output' });
  const serial = output.getByRole('row', { name: /Serial Port/ }).getByRole('cell');
  assert.equal(await serial.textContent(), result.testResult.serialPort);
  assert.match((await serial.getAttribute('class')) ?? '', result.testResult.serialPort === 'PASS' ? /text-success/ : /text-danger/);
  const wifi = output.getByRole('row', { name: /WiFi/ }).getByRole('cell');
  assert.match((await wifi.getAttribute('class')) ?? '', result.testResult.wifi === 'PASS' ? /text-success/ : /text-danger/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  assert.equal(file.suggestedFilename(), `${result.moduleInfo.moduleSerialNumber}_TestReport.txt`);
  const text = readFileSync(await file.path(), 'utf8');
  assert.ok(text.includes(`Serial Number: ${result.moduleInfo.moduleSerialNumber}`));
  assert.ok(text.includes(`Serial Port: ${result.testResult.serialPort}`));
  await page.getByRole('button', { name: 'Back To Login' }).click();
  await page.waitForURL('**/login');
  await context.close();
});

test('CE Test: the override rates follow the protocol and empty on a change; Test gives the verdict', async () => {
  const page = await openAs(browser, server, '/ce_test', 'boss');
  const protocol = page.getByLabel('IEEE Protocol');
  const rate = page.getByLabel('Override Rate');
  await protocol.waitFor();
  assert.equal(await protocol.inputValue(), '1');
  assert.deepEqual(await rate.locator('option:not([disabled])').allTextContents(), ['1', '2', '5.5', '11']);
  await rate.selectOption('11');
  await protocol.selectOption({ label: '802.11g' });
  assert.equal(await rate.inputValue(), '');
  assert.deepEqual(await rate.locator('option:not([disabled])').allTextContents(), ['6', '9', '12', '18', '24', '36', '48', '54']);
  await page.getByText(ceTestTexts.macHint).waitFor();
  // Required fields and the integer rule stop the test before anything is sent.
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await page.getByText('Please provide Override Rate').waitFor();
  await rate.selectOption('54');
  const counts: [string, string][] = [
    ['Minimum Power Consumption Mode', '0'],
    ['Inter Packet Gap', '-1'],
    ['Length Of Packet To Be Sent', '1024'],
    ['# Of Packets To Be Transmitted', '100'],
  ];
  for (const [label, value] of counts) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await page.getByText('Inter Packet Gap cannot be smaller than 0').waitFor();
  await page.getByLabel('Inter Packet Gap', { exact: true }).fill('10');
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/command/11gTXTesting');
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  const body = (await sent).postDataJSON();
  assert.equal(body.OverrideRate, 54);
  assert.equal(body['#OfPacketsToBeTransmitted'], 100);
  // This machine has no WiFi radio the module can drive: the module says why, the page says 'Test failed'.
  await alertWith(page, ceTestTexts.failure).waitFor();
  await keep(page);
});

test('CE Test: without write permission the form is read-only and has no Test', async () => {
  const page = await openAs(browser, server, '/ce_test', 'viewer');
  await page.getByLabel('IEEE Protocol').waitFor();
  assert.equal(await page.getByLabel('IEEE Protocol').isDisabled(), true);
  assert.equal(await page.getByLabel('Inter Packet Gap').isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Test', exact: true }).count(), 0);
  await keep(page);
});
