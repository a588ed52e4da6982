/**
 * Reading › Metering: Energy, Demand, Harmonics and IO against the real module — tables with
 * numbers, the channel choice, the Current Demand rule, the harmonics chart and the relay toggle.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { flowTexts } from '@meter/contract';
import { alertWith, type ModuleServer, openAs, keep } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const KWH = /^\d+\.\d{2}$/;

/** Every body row of a table as its cells' texts. */
const cellsOf = (table: Locator) => table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Array.from(r.children, (c) => c.textContent ?? '')));

describe('metering', () => {
  let server: ModuleServer;
  let browser: Browser;
  let admin: string;

  useModuleAndBrowser((m) => ({ server, browser, admin } = m));

  const open = (path: string, user = 'viewer'): Promise<Page> => openAs(browser, server, path, user);

  test('Energy: System tables with numbers; the channel choice loads the channel tables', async () => {
    const p = await open('/reading/metering/energy');
    const realTime = p.getByRole('table', { name: 'System Real-Time' });
    await realTime.getByRole('rowheader', { name: 'Import Active Energy (kWh)', exact: true }).waitFor();
    const rows = await cellsOf(realTime);
    assert.deepEqual(
      rows.map((r) => r[0]),
      ['Import Active Energy (kWh)', 'Export Active Energy (kWh)', 'Import Reactive Energy (kvarh)', 'Export Reactive Energy (kvarh)', 'Apparent Energy (kVAh)'],
    );
    for (const r of rows) for (const v of r.slice(1)) assert.match(v, KWH);
    const tou = await cellsOf(p.getByRole('table', { name: 'System Current Month TOU' }));
    assert.deepEqual(
      tou.map((r) => r[0]),
      ['Normal (kWh)', 'Peak (kWh)', 'Sharp (kWh)', 'Valley (kWh)', 'Total (kWh)'],
    );
    await p.getByRole('table', { name: 'System Prior Month TOU' }).getByRole('rowheader', { name: 'Total (kWh)' }).waitFor();

    const channelTables = ['Channel Real-Time', 'Channel Current Month TOU', 'Channel Prior Month TOU'].map((name) => p.getByRole('table', { name }));
    for (const t of channelTables) await t.getByText('No Data', { exact: true }).waitFor();
    await p.getByRole('combobox', { name: 'Channel' }).selectOption('3');
    for (const t of channelTables) {
      await t.getByRole('columnheader', { name: 'Input Channel 3', exact: true }).waitFor();
      for (const r of await cellsOf(t)) assert.match(r[1]!, KWH);
    }
    await keep(p);
  });

  test('Demand: no Current Demand row for System, one for phases and for a channel', async () => {
    const p = await open('/reading/metering/demand');
    const system = p.getByRole('table', { name: 'System Demand' });
    await system.getByRole('cell', { name: 'System', exact: true }).first().waitFor();
    for (const col of ['Name', 'Parameter', 'Demand', 'Demand Peak', 'Demand Peak Time', 'Prediction']) await system.getByRole('columnheader', { name: col, exact: true }).waitFor();
    const lines = (await cellsOf(system)).map((r) => `${r[0]} / ${r[1]}`);
    assert.ok(!lines.includes('System / Current Demand (A)'), lines.join('\n'));
    for (const line of ['Phase A / Current Demand (A)', 'System / Active Power Demand (kW)', 'System / Apparent Power Demand (kVA)']) assert.ok(lines.includes(line), line);

    const channel = p.getByRole('table', { name: 'Channel Demand' });
    await channel.getByText('No Data', { exact: true }).waitFor();
    await p.getByRole('combobox', { name: 'Channel' }).selectOption('2');
    await channel.getByRole('rowheader', { name: 'Current Demand (A)', exact: true }).waitFor();
    const rows = await cellsOf(channel);
    assert.deepEqual(
      rows.map((r) => r[1]),
      ['Current Demand (A)', 'Active Power Demand (kW)', 'Reactive Power Demand (kvar)', 'Apparent Power Demand (kVA)'],
    );
    for (const r of rows) {
      assert.equal(r[0], 'Input Channel 2');
      assert.match(r[2]!, /^-?\d+\.\d{3}$/);
      assert.match(r[4]!, /^(\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} [AP]M|-)$/);
    }
    await keep(p);
  });

  test('Harmonics: the chart draws; the channel select is there only for Current', async () => {
    const p = await open('/reading/metering/harmonics');
    const kind = p.getByRole('combobox', { name: 'Harmonics' });
    const channel = p.getByRole('combobox', { name: 'Channel' });
    await p.getByRole('figure', { name: 'Voltage Harmonics chart' }).locator('canvas').waitFor();
    await p.getByRole('table', { name: 'System' }).getByRole('rowheader', { name: 'Voltage Harmonics 31 (%)', exact: true }).waitFor();
    assert.equal(await channel.count(), 0);

    await kind.selectOption('current');
    await channel.waitFor();
    const chart = p.getByRole('figure', { name: 'Current Harmonics chart' });
    await chart.getByText('No Data', { exact: true }).waitFor();
    await channel.selectOption('5');
    await chart.locator('canvas').waitFor();
    await p.getByRole('table', { name: 'Channel' }).getByRole('columnheader', { name: 'Input Channel 5', exact: true }).waitFor();

    await kind.selectOption('voltage');
    await channel.waitFor({ state: 'detached' });
    await p.getByRole('figure', { name: 'Voltage Harmonics chart' }).locator('canvas').waitFor();
    await keep(p);
  });

  test('IO: admin toggles RO1, the status flips and the module agrees', async () => {
    const before = (await server.api('GET', '/readings/io', undefined, admin)).body.data;
    assert.equal(before.di.length, 18);
    const was = before.ro[0].status as 0 | 1;
    const word = (s: number) => (s ? 'ON' : 'OFF');

    const p = await open('/reading/metering/io', 'boss');
    const di = p.getByRole('table', { name: 'Digital Input' });
    for (const col of ['Name', 'Status', 'Counter', 'Value']) await di.getByRole('columnheader', { name: col, exact: true }).waitFor();
    const relays = p.getByRole('table', { name: 'Relay Output' });
    const ro1 = relays.getByRole('row', { name: /RO1/ });
    await ro1.getByRole('cell', { name: word(was), exact: true }).waitFor();

    const toggle = ro1.getByRole('button', { name: 'Toggle RO1' });
    let requests = 0;
    p.on('request', (r) => void (r.url().endsWith('/api/command/setRO') && requests++));
    const dialog = p.getByRole('dialog');
    // Asked first, naming the relay and the state it will take; Cancel sends nothing.
    await toggle.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(requests, 0);
    const sent = p.waitForRequest((r) => r.url().endsWith('/api/command/setRO'));
    await toggle.click();
    await dialog.getByText(flowTexts.relayConfirm('RO1', word(1 - was)), { exact: true }).waitFor();
    await dialog.getByRole('button', { name: flowTexts.relaySwitch(word(1 - was)) }).click();
    assert.deepEqual((await sent).postDataJSON(), { ro1: 1 - was, ro2: before.ro[1].status });
    await alertWith(p, 'Relay output 1 toggle successful').waitFor();
    await ro1.getByRole('cell', { name: word(1 - was), exact: true }).waitFor();
    assert.equal(await toggle.isEnabled(), true);

    const after = (await server.api('GET', '/readings/io', undefined, admin)).body.data;
    assert.deepEqual(after.ro, [
      { name: 'RO1', status: 1 - was },
      { name: 'RO2', status: before.ro[1].status },
    ]);
    await keep(p);
  });

  test('IO: a readings-view user sees the relays but no Toggle', async () => {
    const p = await open('/reading/metering/io');
    const relays = p.getByRole('table', { name: 'Relay Output' });
    await relays.getByRole('rowheader', { name: 'RO2', exact: true }).waitFor();
    await relays.getByRole('columnheader', { name: 'Action', exact: true }).waitFor();
    assert.equal(await relays.getByRole('button').count(), 0);
    await keep(p);
  });
});
