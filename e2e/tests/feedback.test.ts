/**
 * Feedback of the console (issue 14): Copy buttons put the value itself on the clipboard; polled
 * readings say how old they are; when the module stops answering, a "reconnecting" banner shows
 * and the readings turn stale, and once it answers again the banner goes and polling resumes.
 * The outage is real: the browser reaches the module through a TCP relay that the test closes
 * (every socket dropped, the port unbound) and opens again on the same port, so the session lives on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { feedbackTexts } from '@meter/contract';
import { USER_PASSWORD, newPage, signInToMain, signOut, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const BASIC_PATH = '/reading/metering/basic_metering';
let server: ModuleServer;
let browser: Browser;
let admin: string;

useModuleAndBrowser((m) => ({ server, browser, admin } = m));

/** A page signed in as boss whose clipboard the page may read and write. */
async function openPage(baseUrl: string, path: string): Promise<Page> {
  const { context, page } = await newPage(browser, baseUrl);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await signInToMain(page, 'boss', USER_PASSWORD);
  await page.goto(path);
  return page;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

async function copyAndRead(page: Page, name: string): Promise<string> {
  const button = page.getByRole('button', { name: `${feedbackTexts.copy} ${name}`, exact: true });
  await button.click();
  // The visible feedback: the button says Copied for a while.
  await button.filter({ hasText: feedbackTexts.copied }).waitFor();
  return clipboard(page);
}

test('About › Information: the serial number and a MAC address are copied as shown', { timeout: 120_000 }, async () => {
  const info = (await server.api('GET', '/settings/deviceInfo', undefined, admin)).body.data;
  assert.ok(info.meterSerialNumber && info.moduleEth0MacAddress);
  const page = await openPage(server.baseUrl, '/about/info');
  assert.equal(await copyAndRead(page, 'Meter Serial Number'), info.meterSerialNumber);
  assert.equal(await copyAndRead(page, 'Ethernet 0 MAC Address'), info.moduleEth0MacAddress);
  const version = await copyAndRead(page, 'Web Module Firmware Version');
  assert.match(version, new RegExp(`${String(info.moduleFirmwareVersion).replace(/^v/i, '').replaceAll('.', '\\.')}$`));
  await signOut(page);
});

test('API Token Management: the token is copied whole', { timeout: 120_000 }, async () => {
  const token = (await server.api('GET', '/command/getApiToken', undefined, admin)).body.data.value;
  assert.ok(typeof token === 'string' && token.length > 10);
  const page = await openPage(server.baseUrl, '/setting/user_management/api_token_management');
  assert.equal(await copyAndRead(page, 'API Token'), token);
  await signOut(page);
});

/** Forwards one loopback port to the module; `close` drops every connection and unbinds the port. */
async function startRelay(target: number, port = 0): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let closed = false;
  const relay: Server = createServer((client) => {
    // A connection accepted in the instant of the close is dropped too, so that the close ends.
    if (closed) return void client.destroy();
    const upstream = connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(port, '127.0.0.1', resolve);
  });
  const address = relay.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        relay.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

test('Basic Metering: the age of the readings, the reconnecting banner while the module is away, polling after', { timeout: 120_000 }, async () => {
  let relay = await startRelay(server.port);
  const baseUrl = `http://127.0.0.1:${relay.port}`;
  const page = await openPage(baseUrl, BASIC_PATH);
  const age = page.getByText(/^live · updated \d+ s ago$/);
  await age.waitFor();
  const banner = page.getByText(feedbackTexts.unreachable, { exact: true });
  assert.equal(await banner.count(), 0);

  await relay.close();
  // The next poll (every 5 s) gets no answer.
  await banner.waitFor({ timeout: 20_000 });
  assert.equal(await banner.locator('xpath=ancestor::*[@aria-live="polite"]').count(), 1);
  await page.getByText(/^no new reading · updated \d+ s ago$/).waitFor({ timeout: 20_000 });

  relay = await startRelay(server.port, relay.port);
  try {
    const polled = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/readings/realtime/system' && r.ok(), { timeout: 20_000 });
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await polled;
    await age.waitFor({ timeout: 20_000 });
    await signOut(page);
  } finally {
    await relay.close();
  }
});
