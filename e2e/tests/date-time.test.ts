/**
 * Settings › Communication › Date & Time (001 §2, §4, §8): the servers show with NTP on, a time
 * zone picked from the IANA list is saved (reboot prompt) and drives the clock, Sync answers
 * 'Date time synced', a time set a day away ends the session with the spec's text, the map's
 * late outline moves nothing below it, a view-only user gets no Save, Sync or Set Time, and a
 * click on the map picks a zone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { dateTimeTexts, requestMessages } from '@meter/contract';
import { alertWith, holdClock, keep, openAs, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PATH = '/setting/communication/date_time';
let server: ModuleServer;
let browser: Browser;
let admin: string;

useModuleAndBrowser((m) => ({ server, browser, admin } = m));

test('Date & Time: NTP servers, a time zone from the list, Sync', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  const zone = page.getByLabel('Time Zone', { exact: true });
  await zone.waitFor();
  assert.equal(await page.getByLabel('NTP Server 1').count(), 0);
  await page.getByLabel('NTP', { exact: true }).check();
  await page.getByLabel('NTP Server 1').waitFor();
  await page.getByLabel('NTP', { exact: true }).uncheck();
  // The list offers every IANA zone while typing.
  assert.ok((await page.locator(`datalist#${await zone.getAttribute('list')} option[value="Europe/Berlin"]`).count()) === 1);
  await zone.fill('Europe/Berlin');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Do you want to reboot the module now?').waitFor();
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await alertWith(page, 'Date & Time config saved').waitFor();
  const time = await server.api('GET', '/command/getTime', undefined, admin);
  assert.equal(time.body.data.timeZone, 'Europe/Berlin');
  await page.getByText('(Europe/Berlin)').waitFor();
  // NTP is off: Sync sets the device to this computer's time.
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await alertWith(page, 'Date time synced').waitFor();
  await keep(page);
});

test('Date & Time: a time a day away ends the session with the spec text', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  const picker = page.getByLabel('Device Time', { exact: true }).and(page.locator('input'));
  await picker.waitFor();
  await picker.fill('2030-01-02T03:04:05');
  await page.getByRole('button', { name: 'Set Time', exact: true }).click();
  await alertWith(page, dateTimeTexts.timeChanged).waitFor();
  await page.waitForURL(/\/login/);
  const token = await server.login();
  const time = await server.api('GET', '/command/getTime', undefined, token);
  // 2030-01-02T03:04:05 in Europe/Berlin (CET, UTC+1).
  assert.ok(Math.abs(time.body.data.currentTime - Date.UTC(2030, 0, 2, 2, 4, 5) / 1000) <= 5);
  await page.close();
});

test('Date & Time: a poll answered 401 before the reply of Set Time arrives still ends in the spec text, not in Unauthorized', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  // The page's timers on a clock the test moves: the minute's polls (the clock, the header) go out at once.
  await holdClock(page);
  await page.reload();
  const picker = page.getByLabel('Device Time', { exact: true }).and(page.locator('input'));
  await picker.waitFor();
  await page.getByText('(Europe/Berlin)').waitFor();
  // The module has set the time and ended the sessions; its reply is held until a poll has met the 401.
  await page.route('**/api/command/setMeterTime', async (route) => {
    const reply = await route.fetch();
    const refused = page.waitForResponse((r) => r.status() === 401);
    await page.clock.fastForward(61_000);
    await refused;
    await route.fulfill({ response: reply }).catch(() => undefined);
  });
  await picker.fill('2031-01-02T03:04:05');
  await page.getByRole('button', { name: 'Set Time', exact: true }).click();
  await alertWith(page, dateTimeTexts.timeChanged).waitFor();
  await page.waitForURL(/\/login/);
  assert.equal(await alertWith(page, requestMessages.unauthorized).count(), 0);
  await page.context().close();
});

test('Date & Time: the map arriving moves nothing below it (the clock card stays where a click aims), on a phone and a desktop', async () => {
  // The map's outline is its own chunk; it is held until the clock card has been drawn and measured.
  const CHUNK = '**/assets/time-zone-map-*.js';
  const page = await openAs(browser, server, PATH, 'boss');
  const setTime = page.getByRole('button', { name: 'Set Time', exact: true });
  const map = page.getByRole('img', { name: /^Time zone map/ });
  // The desktop last: the page is kept at the harness's size.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await page.setViewportSize(viewport);
    await page.reload();
    await page.getByText('(Europe/Berlin)').waitFor();
    const before = await setTime.boundingBox();
    assert.equal(await map.count(), 0, 'measured before the outline arrived');
    release();
    await map.waitFor();
    assert.deepEqual(await setTime.boundingBox(), before, `${viewport.width} px wide`);
    await page.unroute(CHUNK);
  }
  await keep(page);
});

test('Date & Time: a view-only user reads but has no Save, Sync or Set Time', async () => {
  const page = await openAs(browser, server, PATH, 'viewer');
  await page.getByLabel('Time Zone', { exact: true }).waitFor();
  assert.ok(await page.getByLabel('Time Zone', { exact: true }).isDisabled());
  for (const name of ['Save', 'Sync', 'Set Time']) assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, name);
  await keep(page);
});

test('Date & Time: a click on the map picks the zone of the nearest city, and it saves', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  const map = page.getByRole('img', { name: /^Time zone map/ });
  await map.waitFor();
  const box = (await map.boundingBox())!;
  // Tokyo (35.69 N, 139.69 E) in the map's equirectangular 500 × 250.
  await map.click({ position: { x: ((139.69 + 180) / 360) * box.width, y: ((90 - 35.69) / 180) * box.height } });
  assert.equal(await page.getByLabel('Time Zone', { exact: true }).inputValue(), 'Asia/Tokyo');
  await page.getByRole('img', { name: 'Time zone map: Asia/Tokyo' }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reboot Later' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await alertWith(page, 'Date & Time config saved').waitFor();
  // (the time set a day away ended every earlier session, the setup's too)
  const token = await server.login();
  assert.equal((await server.api('GET', '/command/getTime', undefined, token)).body.data.timeZone, 'Asia/Tokyo');
  await server.api('POST', '/users/logout', {}, token);
  await keep(page);
});
