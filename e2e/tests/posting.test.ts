/**
 * Settings › Communication › Post Channel (002 §2.5, §4.2, §5.5, §8.1): a channel set to HTTP
 * is saved, Test sends a real file to an HTTP server started here and shows the Test Result,
 * Clear Logs asks first, a bad address shows the spec's message without a PUT, a view-only user
 * sees no Test or Clear Logs, and the page fits a phone.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { postingTexts as t } from '@meter/contract';
import { alertWith, openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { still } from '../lib/screens.ts';

const PATH = '/setting/communication/post_channel/1';
let server: ModuleServer;
let admin: string;
let browser: Browser;
let peer: Server;
let peerPort: number;
const received: string[] = [];

useModuleAndBrowser((m) => ({ server, browser, admin } = m));
before(async () => {
  peer = createServer((req, res) => {
    const name = new URL(req.url!, 'http://x').searchParams.get('fileName');
    req.resume();
    req.on('end', () => {
      if (name) received.push(name);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  peerPort = (peer.address() as AddressInfo).port;
});
after(async () => {
  await new Promise((r) => peer.close(r));
});

async function open(user = 'boss'): Promise<Page> {
  const page = await openAs(browser, server, PATH, user);
  await page.getByRole('heading', { name: 'Post Channel 1', exact: true }).first().waitFor();
  return page;
}

test('Post Channel 1: HTTP is saved, Test posts a real file and shows the Test Result', async () => {
  const page = await open();
  await page.getByLabel('Enable', { exact: true }).check();
  await page.getByLabel('Post Method').selectOption('HTTP');
  let puts = 0;
  page.on('request', (r) => void (r.method() === 'PUT' && puts++));
  await page.getByLabel('HTTP/HTTPS URL').fill('ftp://127.0.0.1/in');
  await page.getByLabel('Meter ID').fill('meter-1');
  await page.getByLabel('HTTP/HTTPS Port').fill(String(peerPort));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('HTTP/HTTPS URL must begin with http:// or https://', { exact: true }).waitFor();
  assert.equal(puts, 0);

  await page.getByLabel('HTTP/HTTPS URL').fill('http://127.0.0.1/in');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, t.saved).waitFor();
  const dialog = page.getByRole('dialog', { name: 'Action Required' });
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();

  await page.getByRole('button', { name: t.test, exact: true }).click();
  const result = page.getByTestId('test-result');
  await result.waitFor();
  assert.match(await result.innerText(), new RegExp(`^Connected to 127\\.0\\.0\\.1:${peerPort}: test file test_\\w+\\.csv accepted$`));
  assert.equal(received.length, 1);
  await page.getByText(`${t.testResult}:`).waitFor();
  await page.getByRole('rowheader', { name: t.waiting }).waitFor();

  await page.getByRole('button', { name: t.clearLogs, exact: true }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText(t.clearConfirm, { exact: true }).waitFor();
  await confirm.getByRole('button', { name: 'Yes, continue' }).click();
  await alertWith(page, t.cleared).waitFor();

  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize({ width: 1366, height: 900 });
  assert.ok(width <= 390, `page is ${width}px wide at 390px`);
  // The desktop layout is drawn again before Logout is clicked (a full run once clicked while the
  // top bar was moving back from the phone's, and no logout followed).
  await still(page);
  await keep(page);
});

test('Post Channel 1: a view-only user sees the settings read-only, without Test or Clear Logs', async () => {
  const page = await open('viewer');
  await page.getByLabel('HTTP/HTTPS URL').waitFor();
  assert.equal(await page.getByLabel('HTTP/HTTPS URL').isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: t.test, exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: t.clearLogs, exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  await keep(page);
});

test('Post Channel 1: while Data Log 1 posts through it, Enable is disabled and its hint names the log', async () => {
  const logs = await server.api('GET', '/settings/communication/dataLogConfig', undefined, admin);
  const body = { ...logs.body.data, dataLog1: { ...logs.body.data.dataLog1, postChannel: [1] } };
  const saved = await server.api('PUT', '/settings/communication/dataLogConfig', body, admin);
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const page = await open();
  const enable = page.getByLabel('Enable', { exact: true });
  await enable.waitFor();
  assert.equal(await enable.isDisabled(), true);
  await page.getByText(t.usedBy(t.logList([1])), { exact: true }).waitFor();
  await keep(page);
});
