/**
 * Settings › Meter › Meter Connection in Chromium (issue 26; docs/decisions/meter-connection-settings.md "Meter
 * Connection"): an admin saves a Modbus TCP source pointing at a third-party slave (Debian's
 * python3-pymodbus serving the AcuRev 2000 basic block), reboots from the prompt, Basic Metering
 * shows the slave's values, and "Meter not responding since hh:mm:ss" appears when it stops. Read-only
 * for a view user, at 390 px too; axe clean; and for a non-admin with configuration edit, like the
 * other admin-only section, Prometheus.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { meterConnectionSection, meterConnectionTexts as t, metricsSection, metricsTexts } from '@meter/contract';
import { floatRegisters, startModbusSlave, type Peer, ACUREV_VALUES } from '../../test-peers/modbus-slave.ts';
import { USER_PASSWORD, alertWith, endCountdown, holdClock, freePorts, openAs, signInToMain, type ModuleServer, keep } from '../lib/harness.ts';
import { axeViolations } from '../lib/axe.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PATH = '/setting/meter/meter_connection';
let server: ModuleServer;
let browser: Browser;
let admin: string;
let slave: Peer | undefined;
let slavePort: number;

useModuleAndBrowser((m) => ({ server, browser, admin } = m), {
  env: async () => {
    [slavePort] = (await freePorts(1)) as [number];
    slave = await startModbusSlave({ mode: 'tcp', port: slavePort, unit: 3, registers: floatRegisters(ACUREV_VALUES) });
    return { MODULE_REBOOT_SECONDS: '1' };
  },
});
after(() => slave?.stop());

test('a view user sees the meter connection read-only, at 390 px too; axe clean', async () => {
  const page = await openAs(browser, server, PATH, 'viewer');
  await page.setViewportSize({ width: 390, height: 800 });
  const form = page.getByRole('form', { name: meterConnectionSection.title });
  await form.getByLabel('Simulated').waitFor();
  assert.ok(await form.getByLabel('Simulated').isChecked());
  assert.ok(await form.getByLabel('Modbus TCP').isDisabled());
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  await page.getByText(t.adminOnly, { exact: true }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `horizontal overflow ${overflow}px`);
  assert.deepEqual(await axeViolations(page), []);
  await keep(page);
});

test('a user with configuration edit who is not admin sees both admin-only sections read-only: Meter Connection and Prometheus', async () => {
  const role = await server.api('POST', '/usermg/role/add', { name: 'installers', readingsAllow: 0, configurationAllow: 0, maintenanceAllow: 0, userConfigAllow: 2 }, admin);
  assert.equal(role.status, 200);
  assert.equal((await server.api('POST', '/usermg/user/add', { name: 'installer', password: USER_PASSWORD, accessLevel: 'installers' }, admin)).status, 200);
  const page = await openAs(browser, server, PATH, 'installer');
  const form = page.getByRole('form', { name: meterConnectionSection.title });
  await form.getByLabel('Simulated').waitFor();
  assert.ok(await form.getByLabel('Modbus TCP').isDisabled());
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  await page.goto('/setting/communication/prometheus');
  const metrics = page.getByRole('form', { name: metricsSection.title });
  await metrics.getByLabel(metricsTexts.openAccess).waitFor();
  assert.ok(await metrics.getByLabel(metricsTexts.openAccess).isDisabled());
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0);
  await keep(page);
});

test('admin saves a Modbus TCP meter, reboots; Basic Metering shows its values, then the stale banner when it stops', async () => {
  const page = await openAs(browser, server, PATH, 'boss');
  const form = page.getByRole('form', { name: meterConnectionSection.title });
  await form.getByLabel('Modbus TCP').check();
  // Only the chosen source's card is drawn: its fields are the form's only Host, Port, Unit ID and Profile.
  const tcp = form;
  await page.getByRole('heading', { name: t.tcpCard }).waitFor();
  await tcp.getByLabel('Host', { exact: true }).fill('meter one');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Host cannot contain spaces', { exact: true }).waitFor();
  await tcp.getByLabel('Host', { exact: true }).fill('127.0.0.1');
  await tcp.getByLabel('Port', { exact: true }).fill(String(slavePort));
  await tcp.getByLabel('Unit ID', { exact: true }).fill('3');
  await tcp.getByLabel('Profile', { exact: true }).selectOption('acurev2000');
  assert.deepEqual(await axeViolations(page), []);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await alertWith(page, t.saved).waitFor();
  const saved = (await server.api('GET', '/settings/meter/meterConnection', undefined, admin)).body.data;
  assert.deepEqual(saved.tcp, { host: '127.0.0.1', port: slavePort, unit: 3, profile: 'acurev2000' });
  assert.equal(saved.source, 'modbus-tcp');

  const dialog = page.getByRole('dialog', { name: 'Action Required' });
  await dialog.getByText('Do you want to reboot the module now?', { exact: true }).waitFor();
  await holdClock(page);
  await dialog.getByRole('button', { name: 'Reboot', exact: true }).click();
  await endCountdown(page, 'Module will restart in', server);
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 40_000 });
  await signInToMain(page, 'boss', 'Secret123');
  await page.goto('/reading/metering/basic_metering');
  const system = page.getByRole('table', { name: 'System' });
  // The slave's values, as the readings round them; what the AcuRev block lacks is '-'.
  // (trailing zeros as the console pads each column's decimals).
  for (const v of ['59.98', '121.5', '210.5', '12.5', '13.25', '11.75']) {
    const shown = new RegExp(`^${v.replace('.', '\\.')}0*$`);
    await system.getByRole('cell', { name: shown }).first().waitFor({ timeout: 20_000 });
  }
  assert.equal(await page.getByText(/^Meter not responding since/).count(), 0);

  await slave!.stop();
  slave = undefined;
  await page.getByText(/^Meter not responding since \d{2}:\d{2}:\d{2}$/).waitFor({ timeout: 15_000 });
  await system.getByRole('cell', { name: '59.98', exact: true }).waitFor({ state: 'detached', timeout: 10_000 });
  await keep(page);
});
