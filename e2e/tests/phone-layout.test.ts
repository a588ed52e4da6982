/**
 * The console on a phone (390×844): the sign-in page without horizontal page scroll, the section
 * menu as a drawer opened from the top bar, tables scrolling inside a focusable region, and the
 * desktop's layout beside it. Every page of the route table at 390 px: every-page.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { recordTexts } from '@meter/contract';
import { newPage, signInToMain, until, USER_PASSWORD, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { OVERFLOW, type Overflow } from '../lib/screens.ts';

const PHONE = { width: 390, height: 844 };

describe('phone layout', () => {
  let server: ModuleServer;
  let browser: Browser;
  useModuleAndBrowser((m) => ({ server, browser } = m));
  async function phone(): Promise<Page> {
    const { page } = await newPage(browser, server.baseUrl, { viewport: { width: 1366, height: 768 } });
    // Signed in wide (Logout sits in the collapsed top bar on a phone), then narrowed.
    await signInToMain(page, 'boss', USER_PASSWORD);
    await page.setViewportSize(PHONE);
    return page;
  }

  const overflow = (page: Page) => page.evaluate<Overflow>(OVERFLOW);

  test('the sign-in page fits too', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('User Name').waitFor();
    const o = await overflow(page);
    assert.deepEqual(o.offenders, []);
    assert.deepEqual(o.cut, []);
    assert.ok(o.scrollWidth <= o.clientWidth);
    await context.close();
  });

  test('the section menu is a drawer opened from the top bar', async () => {
    const page = await phone();
    await page.goto('/reading/metering/basic_metering');
    await page.getByRole('table', { name: 'System' }).waitFor();
    const sectionMenu = page.getByRole('navigation', { name: 'Section menu' });
    assert.equal(await sectionMenu.isVisible(), false, 'no side column on a phone');
    const main = await page.locator('main').boundingBox();
    assert.ok(main && main.x === 0 && main.width === PHONE.width, `the main column is full width: ${JSON.stringify(main)}`);

    await page.getByRole('button', { name: 'Reading menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Reading' });
    await drawer.waitFor();
    const energy = drawer.getByRole('link', { name: 'Energy' });
    assert.equal(await drawer.getByRole('link', { name: 'Basic' }).getAttribute('aria-current'), 'page');
    await energy.click();
    await page.waitForURL(/\/reading\/metering\/energy$/);
    await drawer.waitFor({ state: 'hidden' });

    // Escape closes it too, and focus goes back to the button that opened it.
    await page.getByRole('button', { name: 'Reading menu' }).click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  test('on a desktop the section menu is a column beside the screen, with the open entry marked', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await signInToMain(page, 'boss', USER_PASSWORD);
    await page.goto('/reading/metering/energy');
    const sectionMenu = page.getByRole('navigation', { name: 'Section menu' });
    await sectionMenu.waitFor();
    assert.equal(await page.getByRole('button', { name: 'Reading menu' }).isVisible(), false);
    const active = sectionMenu.getByRole('link', { name: 'Energy' });
    assert.equal(await active.getAttribute('aria-current'), 'page');
    const look = await active.evaluate((el) => {
      const s = getComputedStyle(el);
      return { weight: Number(s.fontWeight), border: s.borderLeftWidth, background: s.backgroundColor };
    });
    const other = await sectionMenu.getByRole('link', { name: 'Demand' }).evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.ok(look.weight >= 600, `bold: ${look.weight}`);
    assert.equal(look.border, '3px');
    assert.notEqual(look.background, other, 'a background of its own');
    await context.close();
  });

  test('on a desktop a settings screen lays its cards out two by two, numbers in a narrow box with their unit', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signInToMain(page, 'boss', USER_PASSWORD);
    await page.goto('/setting/meter/general');
    const card = (title: string) => page.locator('.card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await card('Rated Voltage').waitFor();
    const [a, b] = [await card('Device Description').boundingBox(), await card('Device Transformer').boundingBox()];
    assert.ok(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width - 1, `side by side: ${JSON.stringify({ a, b })}`);
    const input = card('Rated Voltage').getByRole('spinbutton').or(card('Rated Voltage').getByRole('textbox')).first();
    const group = input.locator('xpath=..');
    assert.equal((await group.locator('.input-group-text').textContent())?.trim(), 'V');
    const width = (await group.boundingBox())!.width;
    assert.ok(width <= 14 * 16 + 1, `narrow: ${width} px`);
    await context.close();
  });

  test('a chart takes the full width of the main column', async () => {
    const page = await phone();
    await page.goto('/reading/metering/harmonics');
    const canvas = page.getByRole('figure', { name: 'Voltage Harmonics chart' }).locator('canvas').first();
    await canvas.waitFor();
    const inner = await page.locator('main').evaluate((el) => {
      const s = getComputedStyle(el);
      return el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    });
    const width = (await canvas.boundingBox())!.width;
    assert.ok(Math.abs(width - inner) <= 2, `chart ${width} px in a column of ${inner} px`);
  });

  test('records at 390 px and on a desktop: measured numbers right-aligned with fixed decimals under a heading with the unit; number inputs narrow', async () => {
    const page = await phone();
    for (const viewport of [PHONE, { width: 1366, height: 900 }]) {
      await page.setViewportSize(viewport);
      const at = `${viewport.width} px`;
      // The printed view: the PT and CT tables as the PDF draws them.
      await page.goto('/about/inspection_record');
      const column = async (table: string, header: string, decimals: number) => {
        const t = page.getByRole('table', { name: table });
        const th = t.getByRole('columnheader', { name: header });
        const index = await th.evaluate((el) => (el as HTMLTableCellElement).cellIndex);
        const cells = await t
          .locator(`tbody tr > :nth-child(${index + 1})`)
          .evaluateAll((els) => els.map((el) => ({ text: el.textContent?.trim() ?? '', align: getComputedStyle(el).textAlign })));
        assert.equal(await th.evaluate((el) => getComputedStyle(el).textAlign), 'right', `${at}: ${header} heading`);
        assert.ok(cells.length >= 3, `${at}: ${header} rows`);
        for (const c of cells) {
          assert.equal(c.align, 'right', `${at}: ${header} ${c.text}`);
          assert.match(c.text, new RegExp(`^-?\\d+\\.\\d{${decimals}}$`), `${at}: ${header} has ${decimals} decimals`);
        }
      };
      await column('PT Inspection Table', 'Voltage (V)', 1);
      await column('CT Inspection Table', 'Current (A)', 3);
      await column('CT Inspection Table', 'Active Power (kW)', 3);
      await column('CT Inspection Table', 'Power Factor', 3);
      assert.equal(
        await page
          .getByRole('table', { name: 'CT Inspection Table' })
          .getByRole('columnheader', { name: 'CT Serial Number' })
          .evaluate((el) => getComputedStyle(el).textAlign),
        'left',
      );

      // The inspection edit: number inputs in the tables are narrow and right-aligned, the unit in the heading only.
      await page.getByRole('button', { name: recordTexts.newInspection }).click();
      for (const [header, input] of [
        ['Voltage (V)', 'Phase A'],
        ['Current (A)', 'Current (A) 1'],
        ['Active Power (kW)', 'Active Power (kW) 1'],
        ['Power Factor', 'Power Factor 1'],
      ] as const) {
        const box = page.getByLabel(input, { exact: true });
        const look = await box.evaluate((el) => ({
          align: getComputedStyle(el).textAlign,
          width: el.getBoundingClientRect().width,
          suffix: el.closest('td')?.querySelector('.input-group-text') !== null,
        }));
        assert.equal(look.align, 'right', `${at}: ${input}`);
        assert.ok(look.width <= 7 * 16 + 1, `${at}: ${input} is narrow: ${look.width} px`);
        assert.equal(look.suffix, false, `${at}: ${input}: the unit is in the heading "${header}", not repeated in every row`);
        const th = page.getByRole('columnheader', { name: header, exact: true });
        assert.equal(await th.evaluate((el) => getComputedStyle(el).textAlign), 'right', `${at}: ${header} heading`);
      }
      await page.goto('/about/installation_record');
      // Leaving the untouched form asks nothing; the installation edit's nominal values stand alone: narrow, the unit as a suffix.
      await page.getByRole('button', { name: recordTexts.newInstallation }).click();
      for (const [label, unit] of [
        ['Nominal Voltage', 'V'],
        ['Nominal Current', 'A'],
        ['Nominal Frequency', 'Hz'],
      ] as const) {
        const group = page.getByLabel(label, { exact: true }).locator('xpath=..');
        assert.equal((await group.locator('.input-group-text').textContent())?.trim(), unit, `${at}: ${label}`);
        const width = (await group.boundingBox())!.width;
        assert.ok(width <= 14 * 16 + 1, `${at}: ${label} is narrow: ${width} px`);
      }
    }
    await page.context().close();
  });

  test('a wide table scrolls inside a named region the keyboard can reach', async () => {
    const page = await phone();
    await page.goto('/reading/metering/basic_metering');
    const region = page.getByRole('region', { name: 'System' }).or(page.locator('.table-responsive[role=region]').first());
    await region.first().waitFor();
    const r = region.first();
    assert.equal(await r.getAttribute('tabindex'), '0');
    const before = await r.evaluate((el) => el.scrollLeft);
    await r.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // The scroll is smooth: wait for it to have moved, not for a time.
    await until('arrow keys to scroll the table', async () => (await r.evaluate((el) => el.scrollLeft)) > before, 5_000);
  });
});
