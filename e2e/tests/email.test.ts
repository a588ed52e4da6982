/**
 * Settings › Communication › Email in Chromium against a real SMTP server (smtp-server on a
 * loopback port): the cards appear with Enable, the rules show under the fields, a save says
 * "Email config saved" and asks to reboot, a reload shows the saved values (not the password),
 * Test shows the Test Result for success and for a refused connection; the Email Health card shows
 * the last success and failure and a mail waiting while the server is away, then delivered; read-only
 * for a view user.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { emailDeliveryTexts as health, emailTexts as t } from '@meter/contract';
import { alertWith, openAs, until, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PATH = '/setting/communication/email';
let server: ModuleServer;
let admin: string;
let browser: Browser;
let smtp: SMTPServer;
let smtpPort: number;
const received: { to: string[]; raw: string }[] = [];

before(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
useModuleAndBrowser((m) => ({ server, browser, admin } = m));
after(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

test('Enable shows the cards; the rules; save, reload, and Test with its result', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  const form = page.getByRole('form', { name: t.settingsTitle });
  await form.getByLabel('Disable').waitFor();
  assert.equal(await page.getByLabel('SMTP Server').count(), 0);
  await form.getByLabel('Enable').first().check();
  for (const card of Object.values(t.cards)) await page.getByText(card, { exact: true }).first().waitFor();
  await page.getByLabel('SMTP Server').fill('127.0.0.1');
  await page.getByLabel('SMTP Port').fill(String(smtpPort));
  await page.getByLabel('From').fill('meter@example.com');
  await page.getByLabel('Subject').fill('Meter 7');
  await page.getByLabel('Recipient 1').fill('ops@example');
  // A start time to come: a periodic report due in the middle of the test would be one mail more than it counts.
  await page.getByLabel('Start Time').fill('2099-03-01 03:00');
  await page.getByLabel('Sending Interval').fill('4');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Recipient 1 must be a valid email', { exact: true }).waitFor();
  await page.getByText('Sending Interval must be between 5 and 1440', { exact: true }).waitFor();
  await page.getByLabel('Recipient 1').fill('ops@example.com');
  await page.getByLabel('Sending Interval').fill('15');
  await page.getByLabel('Energy', { exact: true }).check();
  await page.getByLabel('Alarm Triggered').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, t.saved).waitFor();
  const dialog = page.getByRole('dialog', { name: 'Action Required' });
  await dialog.getByText('Do you want to reboot the module now?', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();

  await page.reload();
  await page.getByLabel('SMTP Server').waitFor();
  assert.equal(await page.getByLabel('SMTP Server').inputValue(), '127.0.0.1');
  assert.equal(await page.getByLabel('Recipient 1').inputValue(), 'ops@example.com');
  assert.equal(await page.getByLabel('Sending Interval').inputValue(), '15');
  assert.ok(await page.getByLabel('Energy', { exact: true }).isChecked());
  assert.ok(await page.getByLabel('Alarm Triggered').isChecked());

  await page.getByRole('button', { name: 'Test Recipient 1' }).click();
  const result = page.getByTestId('test-result');
  await result.waitFor();
  assert.equal(await result.textContent(), `Test email to ops@example.com accepted by 127.0.0.1:${smtpPort}`);
  await page.getByText(`${t.testResult}:`).waitFor();
  assert.equal(received.length, 1);
  assert.deepEqual(received[0]!.to, ['ops@example.com']);
  assert.match(received[0]!.raw, /^Subject: Meter 7 \(test\)\r$/m);

  // A server that is not there: the Test Result says so.
  const closed = await closedPort();
  const saved = (await server.api('GET', '/settings/communication/smtpConfig', undefined, admin)).body.data;
  assert.equal((await server.api('PUT', '/settings/communication/smtpConfig', { ...saved, smtpPort: closed }, admin)).status, 200);
  await page.reload();
  await page.getByRole('button', { name: 'Test Recipient 1' }).click();
  await page.getByText(`Could not connect to 127.0.0.1:${closed}`, { exact: true }).waitFor();
  assert.equal(received.length, 1);

  // The health card: the test that got through, and the refusal with its reason.
  await page.getByRole('heading', { name: health.health, exact: true }).waitFor();
  await page.getByRole('row', { name: new RegExp(`^${health.lastSuccess} .* \\(test to ops@example\\.com\\)$`) }).waitFor();
  await page.getByRole('row', { name: new RegExp(`^${health.lastFailure} .*: Could not connect to 127\\.0\\.0\\.1:${closed}$`) }).waitFor();
  await page.getByRole('row', { name: `${health.waiting} 0`, exact: true }).waitFor();

  // A system event (a meter settings change) while the server is away: its mail waits on the module.
  assert.equal((await server.api('PUT', '/settings/communication/smtpConfig', { ...saved, smtpPort: closed, sysEventTriggered: 1 }, admin)).status, 200);
  const general = (await server.api('GET', '/settings/meter', undefined, admin)).body.data;
  assert.equal((await server.api('PUT', '/settings/meter', { ...general, deviceDescription: 'Mail Room' }, admin)).status, 200);
  await until('the mail queued', async () => (await server.api('GET', '/command/emailStatus', undefined, admin)).body.data.waiting === 1, 20_000);
  await page.reload();
  await page.getByRole('row', { name: `${health.waiting} 1`, exact: true }).waitFor();
  // The server's port back in the settings: the waiting mail goes at once, and only once.
  assert.equal((await server.api('PUT', '/settings/communication/smtpConfig', { ...saved, sysEventTriggered: 1 }, admin)).status, 200);
  await until('the queued mail to arrive', () => received.length >= 2, 20_000);
  await page.reload();
  await page.getByRole('row', { name: `${health.waiting} 0`, exact: true }).waitFor();
  await page.getByRole('row', { name: new RegExp(`^${health.lastSuccess} .* \\(system event\\)$`) }).waitFor();
  assert.equal(received.length, 2);
  assert.match(received[1]!.raw, /System event: System parameters modified/);
  await keep(page);
});

test('a view user sees Email read-only, without Save or Test', async () => {
  const page = await openAs(browser, server, PATH, 'viewer');
  await page.getByLabel('SMTP Server').waitFor();
  assert.ok(await page.getByLabel('SMTP Server').isDisabled());
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Test Recipient 1' }).count(), 0);
  await keep(page);
});

test('at 390 px the Email page does not scroll sideways', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('SMTP Server').waitFor();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  assert.ok(scrollWidth <= clientWidth, `${scrollWidth} > ${clientWidth}`);
  await page.getByRole('button', { name: 'Test Recipient 3' }).waitFor();
  await keep(page);
});
