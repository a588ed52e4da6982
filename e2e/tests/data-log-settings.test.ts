/**
 * Settings › Communication › Data Log (002 §2.4, §4.2, §5.3, §5.4, §7.2, §8.2): the three tabs,
 * the parameter masks as checkbox groups, the §4.2 rules while editing (15 seconds falls back to
 * 1 minute, detail forced to instantaneous, ISO8601 not offered for json), the §5.3 messages
 * without a PUT, a saved log read back from the module, the post channel tab's refusal of a
 * disabled channel, the SFTP tab with its password, a view-only user's read-only forms, and a phone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { dataLogTexts as t, formMessages } from '@meter/contract';
import { alertWith, openAs, type ModuleServer, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PATH = '/setting/communication/data_log/1';
let server: ModuleServer;
let admin: string;
let browser: Browser;

useModuleAndBrowser((m) => ({ server, browser, admin } = m));

async function open(user = 'boss'): Promise<Page> {
  const page = await openAs(browser, server, PATH, user);
  await page.getByRole('heading', { name: 'Data Log 1', exact: true }).first().waitFor();
  return page;
}

async function rebootLater(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Action Required' });
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('Data Log 1: the rules act while editing, the messages stop a bad save, a good one is stored', async () => {
  const page = await open();
  let puts = 0;
  page.on('request', (r) => void (r.method() === 'PUT' && puts++));
  const realTime = group(page, 'Real Time Parameters');
  for (const box of await realTime.getByRole('checkbox').all()) await box.uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(t.paramRequired, { exact: true }).waitFor();
  assert.equal(puts, 0);

  await realTime.getByLabel('Active Power', { exact: true }).check();
  await page.getByLabel('Log Interval').selectOption({ label: '15 seconds' });
  await page.getByLabel('Maximum', { exact: true }).check();
  // §4.2: an energy parameter moves 15 seconds to 1 minute and leaves instantaneous values only.
  await group(page, 'Energy Parameters').getByLabel('Import Active Energy', { exact: true }).check();
  assert.equal(await page.getByLabel('Log Interval').inputValue(), '12');
  assert.equal(await page.getByLabel('Log Interval').locator('option', { hasText: '15 seconds' }).isDisabled(), true);
  assert.equal(await page.getByLabel('Maximum', { exact: true }).isChecked(), false);
  assert.equal(await page.getByLabel('Maximum', { exact: true }).isDisabled(), true);
  assert.equal(await page.getByLabel('Instantaneous', { exact: true }).isChecked(), true);

  // ISO8601 is not offered for json: the chosen one goes back to the local time string.
  await page.getByLabel('Log File Format').selectOption({ label: 'json' });
  assert.deepEqual(await page.getByLabel('Timestamp Format').locator('option').allInnerTexts(), ['Local Time String', 'UTC Seconds']);
  assert.equal(await page.getByLabel('Timestamp Format').inputValue(), '0');

  await page.getByLabel('Log File Name Prefix', { exact: true }).fill('my log');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(formMessages.noSpace('Log File Name Prefix'), { exact: true }).waitFor();
  assert.equal(puts, 0);

  await page.getByLabel('Log File Name Prefix', { exact: true }).fill('mylog');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, t.saved).waitFor();
  await rebootLater(page);
  const stored = (await server.api('GET', '/settings/communication/dataLogConfig', undefined, admin)).body.data.dataLog1;
  assert.deepEqual(
    {
      realTimeMask: stored.realTimeMask,
      energyMask: stored.energyMask,
      logInterval: stored.logInterval,
      logFormat: stored.logFormat,
      timeStampFormat: stored.timeStampFormat,
      isMaxValueOn: stored.isMaxValueOn,
      isInstValueOn: stored.isInstValueOn,
      logFileNamePrefix: stored.logFileNamePrefix,
    },
    { realTimeMask: 8, energyMask: 1, logInterval: 12, logFormat: 1, timeStampFormat: 0, isMaxValueOn: false, isInstValueOn: true, logFileNamePrefix: 'mylog' },
  );
  await keep(page);
});

test('Data Log 1: the post channel tab refuses a disabled channel with the module message', async () => {
  const page = await open();
  await page.getByRole('tab', { name: 'Post Channel', exact: true }).click();
  await page.getByLabel('Post Channel 2', { exact: true }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(t.channelDisabled(2), { exact: true }).first().waitFor();
  const stored = (await server.api('GET', '/settings/communication/dataLogConfig', undefined, admin)).body.data.dataLog1;
  assert.deepEqual(stored.postChannel, []);
  await keep(page);
});

test('Data Log 1: the SFTP tab saves enable and port, and sets the password by its rules', async () => {
  const page = await open();
  await page.getByRole('tab', { name: 'SFTP', exact: true }).click();
  await page.getByRole('checkbox', { name: 'SFTP', exact: true }).check();
  await page.getByLabel('SFTP Port', { exact: true }).fill('2222');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, t.saved).waitFor();
  await rebootLater(page);
  const sftp = (await server.api('GET', '/settings/communication/sftpConfig', undefined, admin)).body.data;
  assert.deepEqual({ enable: sftp.enable, port: sftp.port }, { enable: true, port: 2222 });

  await page.getByLabel('SFTP Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: t.setPassword, exact: true }).click();
  await page.getByText(formMessages.minLength('SFTP Password', 7), { exact: true }).waitFor();
  await page.getByLabel('SFTP Password', { exact: true }).fill('abc1234x');
  await page.getByRole('button', { name: t.setPassword, exact: true }).click();
  await alertWith(page, t.sftpPasswordSet).waitFor();

  await page.getByRole('button', { name: t.resetPassword, exact: true }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByText(t.resetConfirm, { exact: true }).waitFor();
  await confirm.getByRole('button', { name: 'Yes, continue' }).click();
  await alertWith(page, t.sftpPasswordReset).waitFor();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Data Log', exact: true }).click();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize({ width: 1366, height: 900 });
  assert.ok(width <= 390, `page is ${width}px wide at 390px`);
  await keep(page);
});

test('Data Log 1: a view-only user sees every tab read-only', async () => {
  const page = await open('viewer');
  const active = group(page, 'Real Time Parameters').getByLabel('Active Power', { exact: true });
  await active.waitFor();
  assert.equal(await active.isDisabled(), true);
  assert.equal(await page.getByLabel('Log Interval').isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  await page.getByRole('tab', { name: 'SFTP', exact: true }).click();
  assert.equal(await page.getByLabel('SFTP Port', { exact: true }).isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: t.setPassword, exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: t.resetPassword, exact: true }).count(), 0);
  await keep(page);
});
