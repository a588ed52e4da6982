/**
 * Settings › Meter (001 "Settings, Meter" and its sub-settings, §4 "Settings saves", "Seal"):
 * the General screen saves and survives a reload, a range violation is shown without a PUT,
 * a seal that changed between load and save opens 'Seal Status Changed' and nothing is saved,
 * and a view-only user sees the fields disabled and no Save.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { GENERAL_LABELS, OPTIONAL_SEAL_KEYS, OPTIONAL_SEAL_LABELS, RS485_KEYS, sealedFields, sectionTexts } from '@meter/contract';
import { alertWith, keep, openAs, until, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const GENERAL_PATH = '/setting/meter/general';
let server: ModuleServer;
let browser: Browser;
let admin: string;

useModuleAndBrowser((m) => ({ server, browser, admin } = m));

async function openGeneral(user = 'boss'): Promise<Page> {
  const page = await openAs(browser, server, GENERAL_PATH, user);
  await page.getByLabel('Rated Voltage').waitFor();
  return page;
}

function countPuts(page: Page, path: string): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === `/api${path}`) n++;
  });
  return () => n;
}

test('General: a pill navigation over the meter settings marks the open one', async () => {
  const page = await openGeneral();
  const nav = page.getByRole('navigation', { name: 'Pills' });
  const general = nav.getByRole('link', { name: 'General', exact: true });
  await general.waitFor();
  assert.equal(await general.getAttribute('aria-current'), 'page');
  assert.match((await nav.getAttribute('class')) ?? '', /nav-pills/);
  await keep(page);
});

test('General: a new rated voltage is saved and survives a reload', async () => {
  const page = await openGeneral();
  const before = await server.api('GET', '/settings/meter', undefined, admin);
  const next = before.body.data.ratedVoltage === 120 ? 121 : 120;
  await page.getByLabel('Rated Voltage').fill(String(next));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, 'Meter config saved').waitFor();
  const afterSave = await server.api('GET', '/settings/meter', undefined, admin);
  assert.equal(afterSave.body.data.ratedVoltage, next);
  await page.reload();
  await page.getByLabel('Rated Voltage').waitFor();
  assert.equal(await page.getByLabel('Rated Voltage').inputValue(), String(next));
  await keep(page);
});

test('General: the top bar’s device name follows a saved Device Description at once (issue 28)', async () => {
  const page = await openGeneral();
  const brand = page.locator('.top-bar-brand');
  const before = (await server.api('GET', '/settings/meter', undefined, admin)).body.data.deviceDescription;
  await brand.getByText(before, { exact: true }).waitFor();
  const next = before === 'Feeder 7' ? 'Feeder 8' : 'Feeder 7';
  await page.getByLabel(GENERAL_LABELS.deviceDescription, { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, 'Meter config saved').waitFor();
  await brand.getByText(next, { exact: true }).waitFor({ timeout: 3000 });
  await keep(page);
});

test('General: an out-of-range rated voltage shows its message and nothing is sent', async () => {
  const page = await openGeneral();
  const puts = countPuts(page, '/settings/meter');
  await page.getByLabel('Rated Voltage').fill('500');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Rated Voltage must be between 10 and 400', { exact: true }).waitFor();
  assert.equal(puts(), 0);
  await keep(page);
});

test('General: a seal that changed since the load opens "Seal Status Changed" and nothing is saved', async () => {
  const page = await openGeneral();
  const puts = countPuts(page, '/settings/meter');
  // The module has no API to seal the meter: the re-read before the save answers "sealed".
  await page.route('**/api/settings/deviceInfo', async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    json.data.meterSealStatus = json.data.meterSealStatus === 1 ? 0 : 1;
    await route.fulfill({ response: res, json });
  });
  await page.getByLabel('Rated Voltage').fill('111');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const modal = page.getByRole('dialog');
  await modal.getByText('Seal Status Changed').waitFor();
  await modal.getByText('Please refresh webpage.').waitFor();
  assert.equal(puts(), 0);
  await modal.getByRole('button', { name: 'OK' }).click();
  await page.unroute('**/api/settings/deviceInfo');
  await page.getByLabel('Rated Voltage').fill((await server.api('GET', '/settings/meter', undefined, admin)).body.data.ratedVoltage.toString());
  await keep(page);
});

test('General: a view-only user sees the fields disabled and no Save or Update Password', async () => {
  const page = await openAs(browser, server, GENERAL_PATH, 'viewer');
  await page.getByLabel('Rated Voltage').waitFor();
  assert.equal(await page.getByLabel('Rated Voltage').isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Update Password' }).count(), 0);
  await keep(page);
});

test('General: Meter Password refuses a wrong current password and updates with the right one', async () => {
  const page = await openGeneral();
  const card = page.getByRole('form', { name: 'Meter Password' });
  await card.getByLabel('Current Password').fill('1111');
  await card.getByLabel('New Password').fill('4321');
  await card.getByLabel('Repeat Password').fill('4321');
  await card.getByRole('button', { name: 'Update Password' }).click();
  await alertWith(page, 'Current password incorrect').waitFor();
  await card.getByLabel('Current Password').fill('0000');
  await card.getByRole('button', { name: 'Update Password' }).click();
  await alertWith(page, 'Password updated').waitFor();
  assert.equal(await card.getByLabel('Current Password').inputValue(), '');
  await keep(page);
});

test('General: an Optional Seal Configuration flag is saved, survives a reload and is what the module holds', async () => {
  const page = await openGeneral();
  const before = (await server.api('GET', '/settings/meter', undefined, admin)).body.data.optionalSealConfig;
  const flag = page.getByLabel(OPTIONAL_SEAL_LABELS.deviceRunTime, { exact: true });
  assert.equal(await flag.isDisabled(), false);
  assert.equal(await flag.isChecked(), before.deviceRunTime === 1);
  const next = before.deviceRunTime === 1 ? 0 : 1;
  await flag.setChecked(next === 1);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, 'Meter config saved').waitFor();
  const saved = (await server.api('GET', '/settings/meter', undefined, admin)).body.data.optionalSealConfig;
  assert.deepEqual({ ...saved }, { ...before, deviceRunTime: next });
  await page.reload();
  await page.getByLabel('Rated Voltage').waitFor();
  assert.equal(await page.getByLabel(OPTIONAL_SEAL_LABELS.deviceRunTime, { exact: true }).isChecked(), next === 1);
  await keep(page);
});

test('General: demand method Fixed Window disables the sub-interval', async () => {
  const page = await openGeneral();
  const method = page.getByLabel(GENERAL_LABELS.demandMethod, { exact: true });
  const sub = page.getByLabel(GENERAL_LABELS.subInterval, { exact: true });
  await method.selectOption('2');
  assert.equal(await sub.isDisabled(), true);
  await method.selectOption('1');
  assert.equal(await sub.isDisabled(), false);
  await keep(page);
});

test('General: protocol BACnet MS/TP shows the BACnet fields and hides the Modbus ones, Modbus RTU the reverse', async () => {
  const page = await openGeneral();
  const protocol = page.getByLabel(GENERAL_LABELS.protocolSelect, { exact: true });
  const bacnet = [GENERAL_LABELS.bacnetAddress, GENERAL_LABELS.maxInfoFrame, GENERAL_LABELS.bacnetId];
  const modbus = [GENERAL_LABELS.meterAddress, GENERAL_LABELS.meterBaud, GENERAL_LABELS.meterParity];
  const count = (label: string) => page.getByLabel(label, { exact: true }).count();
  await protocol.selectOption('2');
  await page.getByLabel(GENERAL_LABELS.bacnetId, { exact: true }).waitFor();
  for (const l of bacnet) assert.equal(await count(l), 1, l);
  for (const l of modbus) assert.equal(await count(l), 0, l);
  await protocol.selectOption('0');
  await page.getByLabel(GENERAL_LABELS.meterAddress, { exact: true }).waitFor();
  for (const l of bacnet) assert.equal(await count(l), 0, l);
  for (const l of modbus) assert.equal(await count(l), 1, l);
  await keep(page);
});

test('General: on a sealed meter the sealed fields are disabled and the others are not', async () => {
  // The module has no API to seal the meter: deviceInfo answers "sealed" for this page.
  const page = await openAs(browser, server, '/', 'boss');
  await page.route('**/api/settings/deviceInfo', async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    json.data.meterSealStatus = 1;
    await route.fulfill({ response: res, json });
  });
  await page.goto(GENERAL_PATH);
  await page.getByLabel('Rated Voltage').waitFor();
  const settings = (await server.api('GET', '/settings/meter', undefined, admin)).body.data;
  const sealed = sealedFields('general', { sealed: true, optionalSeal: settings.optionalSealConfig });
  const labels = (key: string): string[] =>
    key === 'optionalSealConfig' ? OPTIONAL_SEAL_KEYS.map((k) => OPTIONAL_SEAL_LABELS[k]) : [GENERAL_LABELS[key as keyof typeof GENERAL_LABELS]];
  for (const key of ['deviceTransformer', 'demandMethod', 'subInterval', 'avgIntervalWindow', 'varCalMethod', 'varPfConvention', 'optionalSealConfig']) {
    assert.ok(sealed.includes(key), key);
  }
  for (const key of sealed) {
    for (const label of labels(key)) {
      const field = page.getByLabel(label, { exact: true });
      // Only the On Board RS485 fields of the other protocol are hidden.
      if (!(RS485_KEYS as readonly string[]).includes(key)) assert.equal(await field.count(), 1, label);
      else if ((await field.count()) === 0) continue;
      assert.equal(await field.isDisabled(), true, label);
    }
  }
  assert.equal(await page.getByLabel(GENERAL_LABELS.deviceDescription, { exact: true }).isDisabled(), false);
  assert.equal(await page.getByLabel(GENERAL_LABELS.ratedVoltage, { exact: true }).isDisabled(), false);
  await page.unroute('**/api/settings/deviceInfo');
  await keep(page);
});

const USER_CT_PATH = '/setting/meter/user_and_ct';
const channel1Current = async (): Promise<number> => {
  const r = await server.api('GET', '/readings/realtime/channels/1', undefined, admin);
  return r.body.data[0]['Current A'] as number;
};

/** Input Channel 1's current as the Basic Metering screen shows it. */
async function basicMeteringCurrent(page: Page): Promise<number> {
  await page.goto('/reading/metering/basic_metering');
  await page.getByRole('combobox', { name: 'Channel' }).selectOption('1');
  const row = page
    .getByRole('table', { name: 'Channel' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Current (A)', exact: true }) });
  const cell = row.getByRole('cell').first();
  await cell.waitFor();
  return Number(await cell.textContent());
}

test('User & CT: a new CT0 is saved with the reboot prompt, and Input Channel 1 current follows it', async () => {
  const page = await openAs(browser, server, USER_CT_PATH, 'boss');
  const screenBefore = await basicMeteringCurrent(page);
  await page.goto(USER_CT_PATH);
  const ct0 = page.getByLabel('Input Channel 1 CT', { exact: true });
  await ct0.waitFor();
  const ctBefore = Number(await ct0.inputValue());
  const currentBefore = await channel1Current();
  const ctAfter = ctBefore * 4;
  await ct0.fill(String(ctAfter));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, 'Meter config saved').waitFor();
  const dialog = page.getByRole('dialog', { name: 'Action Required' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  const saved = await server.api('GET', '/settings/userCtConfig', undefined, admin);
  assert.equal(saved.body.data.CT0, ctAfter);
  // The readings move with the CT (full-scale amps): about 4x, allowing for the live value's drift.
  const ratio = (await channel1Current()) / currentBefore;
  assert.ok(ratio > 2.5 && ratio < 6, `current ratio ${ratio}`);
  // And the Basic Metering screen shows it.
  const screenRatio = (await basicMeteringCurrent(page)) / screenBefore;
  assert.ok(screenRatio > 2.5 && screenRatio < 6, `Basic Metering current ratio ${screenRatio}`);
  await keep(page);
});

test('I/O & Event: a new pulse width is saved with the reboot prompt; a status input has its counter fields disabled', async () => {
  const page = await openAs(browser, server, '/setting/meter/io_and_event', 'boss');
  const width = page.getByLabel('Pulse Width', { exact: true });
  await width.waitFor();
  const io = (await server.api('GET', '/settings/ioConfig', undefined, admin)).body.data;
  if (io.di1Config.type === 0) assert.equal(await page.getByLabel('DI1 Ratio', { exact: true }).isDisabled(), true);
  const next = io.pulseWidth === 80 ? 60 : 80;
  await width.fill(String(next));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, 'Meter config saved').waitFor();
  const dialog = page.getByRole('dialog', { name: 'Action Required' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  assert.equal((await server.api('GET', '/settings/ioConfig', undefined, admin)).body.data.pulseWidth, next);
  await keep(page);
});

const ALARM_PATH = '/setting/meter/alarm';

test('Alarm: enabling limit #1 on a surely exceeded voltage puts a Triggered row in the Alarm Log', async () => {
  const page = await openAs(browser, server, ALARM_PATH, 'boss');
  await page.getByLabel('Enable', { exact: true }).waitFor();
  await page.getByLabel('Enable', { exact: true }).check();
  await page.getByLabel('Alarm #1', { exact: true }).check();
  await page.getByLabel('Alarm #1 Channel Type').selectOption({ label: 'Digital Input' });
  // Changing the type re-normalises the row: a Digital Input offers only '='.
  assert.deepEqual(await page.getByLabel('Alarm #1 Setting').locator('option').allTextContents(), ['=']);
  await page.getByLabel('Alarm #1 Channel Type').selectOption({ label: 'Real-Time Metering (Incoming)' });
  await page.getByLabel('Alarm #1 Parameter').selectOption({ label: 'Phase A Voltage' });
  await page.getByLabel('Alarm #1 Setting').selectOption({ label: '>' });
  await page.getByLabel('Alarm #1 Setpoint').fill('10');
  await page.getByLabel('Alarm #1 Delay').fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, 'Meter config saved').waitFor();
  const saved = (await server.api('GET', '/settings/alarmConfig', undefined, admin)).body.data;
  assert.equal(saved.enable, true);
  assert.deepEqual({ ...saved.alarmId1 }, { enable: true, alarmChannelType: 0, alarmChannelParam: 1, setting: 1, setPoint: 10, delay: 0, output: saved.alarmId1.output });

  // The alarm fires on a later reading of the meter: wait for its record, not for a fixed time.
  const triggered = async () => ((await server.api('GET', '/readings/alarm', undefined, admin)).body.data as { Status: string }[]).some((a) => a.Status === 'Triggered');
  await until('the alarm record', triggered, 15_000);
  await page.goto('/reading/log/alarm_log');
  await page.getByRole('cell', { name: 'Triggered' }).first().waitFor({ timeout: 15_000 });
  await keep(page);
});

test('Alarm: a view-only configuration user sees disabled fields and no Save', async () => {
  const page = await openAs(browser, server, ALARM_PATH, 'viewer');
  const enable = page.getByLabel('Enable', { exact: true });
  await enable.waitFor();
  assert.equal(await enable.isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  await keep(page);
});

test('General: a save over a change someone else made meanwhile is refused (409) and Reload shows their change', async () => {
  const page = await openGeneral();
  // Another administrator saves the section after this page loaded it.
  const theirs = (await server.api('GET', '/settings/meter', undefined, admin)).body.data;
  const description = theirs.deviceDescription === 'Changed elsewhere' ? 'Changed again' : 'Changed elsewhere';
  assert.equal((await server.api('PUT', '/settings/meter', { ...theirs, deviceDescription: description }, admin)).status, 200);
  await page.getByLabel('Backlight Time').fill('7');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: sectionTexts.conflictTitle });
  await dialog.getByText(sectionTexts.conflict, { exact: true }).waitFor();
  await alertWith(page, sectionTexts.conflict).waitFor();
  assert.notEqual((await server.api('GET', '/settings/meter', undefined, admin)).body.data.backlightTime, 7);
  await dialog.getByRole('button', { name: sectionTexts.reload }).click();
  // The form starts afresh from the module's values: theirs is shown, the edit that was refused is gone.
  const field = page.getByLabel('Device Description');
  await until('their description in the form', async () => (await field.inputValue()) === description, 5_000);
  assert.equal(await field.inputValue(), description);
  assert.equal(await page.getByLabel('Backlight Time').inputValue(), String(theirs.backlightTime));
  await keep(page);
});
