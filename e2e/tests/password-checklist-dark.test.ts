/**
 * The password checklist in the dark mode at 390 px (issue 14): on New User and on Change Password
 * (a session held on an expired password), axe finds nothing, every line says met or not met in
 * words and by its mark, and both states are drawn in colours with WCAG AA contrast (4.5:1) against
 * what is behind them, told apart by more than a shade.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import type { Browser, Locator, Page } from 'playwright-core';
import { passwordHelpTexts } from '@meter/contract';
import { axeViolations } from '../lib/axe.ts';
import { signIn, signInToMain, USER_PASSWORD, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';

const PHONE = { width: 390, height: 844 };
const LATE_PASSWORD = 'Late1234!abc';

interface Line {
  mark: string;
  text: string;
  state: string;
  met: boolean;
  color: string;
  background: string;
  contrast: number;
}

/**
 * Each line of the checklist with its colour, the colour behind it (the first ancestor with an
 * opaque-enough background, alpha composited) and their WCAG contrast ratio. A string, not a
 * function: tsx would wrap named helpers inside it in a helper the page lacks.
 */
const LINES = (listId: string) => `(() => {
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const over = (top, below) => {
    const a = top.length > 3 ? top[3] : 1;
    return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a));
  };
  const behind = (el) => {
    const layers = [];
    for (let p = el; p; p = p.parentElement) {
      const c = parse(getComputedStyle(p).backgroundColor);
      if (c.length > 3 && c[3] === 0) continue;
      layers.push(c);
      if (c.length === 3 || c[3] === 1) break;
    }
    // The page's canvas under everything: the html element's colour, else white.
    let rgb = parse(getComputedStyle(document.documentElement).backgroundColor);
    if (rgb.length < 3 || (rgb.length > 3 && rgb[3] === 0)) rgb = [255, 255, 255];
    for (const l of layers.reverse()) rgb = over(l, rgb);
    return rgb;
  };
  const lum = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  return [...document.getElementById(${JSON.stringify(listId)}).querySelectorAll('li')].map((li) => {
    const bg = behind(li);
    const fg = over(parse(getComputedStyle(li).color), bg);
    const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return {
      mark: li.querySelector('[aria-hidden="true"]').textContent.trim(),
      text: li.childNodes[1] ? li.childNodes[1].textContent : '',
      state: li.querySelector('.visually-hidden').textContent,
      met: li.getAttribute('data-met') === 'true',
      color: 'rgb(' + fg.map(Math.round).join(', ') + ')',
      background: 'rgb(' + bg.map(Math.round).join(', ') + ')',
      contrast: (hi + 0.05) / (lo + 0.05),
    };
  });
})()`;

async function checklist(page: Page, input: Locator): Promise<Line[]> {
  const id = (await input.getAttribute('aria-describedby'))!.split(' ').find((d) => d.endsWith('-checklist'))!;
  return page.evaluate<Line[]>(LINES(id));
}

/** Both states on show, each readable and told apart by mark, words and colour; the page clean for axe. */
async function assertReadable(page: Page, input: Locator, where: string): Promise<void> {
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme')), 'dark', `${where}: dark mode`);
  const lines = await checklist(page, input);
  const met = lines.filter((l) => l.met);
  const unmet = lines.filter((l) => !l.met);
  assert.ok(met.length > 0 && unmet.length > 0, `${where}: both states shown: ${JSON.stringify(lines)}`);
  for (const l of lines) {
    assert.ok(l.contrast >= 4.5, `${where}: "${l.text}" ${l.color} on ${l.background}: ${l.contrast.toFixed(2)}:1`);
    assert.equal(l.mark, l.met ? '✓' : '○', `${where}: "${l.text}" mark`);
    assert.equal(l.state, `: ${l.met ? passwordHelpTexts.ruleMet : passwordHelpTexts.ruleNotMet}`, `${where}: "${l.text}" in words`);
  }
  assert.notEqual(met[0]!.color, unmet[0]!.color, `${where}: met and not met differ in colour too`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${where}: no sideways scroll`);
  assert.deepEqual(await axeViolations(page), [], `${where}: axe`);
}

describe('password checklist, dark mode, 390 px', () => {
  let server: ModuleServer;
  let browser: Browser;
  let admin: string;
  useModuleAndBrowser((m) => ({ server, browser, admin } = m));
  before(async () => {
    const policy = (await server.api('GET', '/settings/passwordPolicy', undefined, admin)).body.data;
    const strict = { ...policy, pwdLength: 10, needUpperLower: true, needSpecialCharacter: true, pwdExpireDays: 30, gracePeriodDays: 5 };
    assert.equal((await server.api('PUT', '/settings/passwordPolicy', strict, admin)).status, 200);
    assert.equal((await server.api('POST', '/usermg/user/add', { name: 'late', password: LATE_PASSWORD, accessLevel: 'view' }, admin)).status, 200);
    // 31 days since the password was set: expired, within the grace period, so the session is held on Change Password.
    const db = new Database(join(server.dataDir, 'module.sqlite'));
    db.prepare('UPDATE users SET password_changed_at = ? WHERE name = ?').run(Date.now() - 31 * 86_400_000, 'late');
    db.close();
  });

  const darkPage = async (): Promise<Page> => {
    const context = await browser.newContext({ baseURL: server.baseUrl, colorScheme: 'dark', viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  };

  test('New User: met and not-met lines readable in the dark', async () => {
    const page = await darkPage();
    // Signed in wide (Logout sits in the collapsed top bar on a phone), then narrowed.
    await signInToMain(page, 'boss', USER_PASSWORD);
    await page.setViewportSize(PHONE);
    await page.goto('/setting/user_management/user_configuration/new');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abcD1');
    await assertReadable(page, password, 'New User');
    await page.context().close();
  });

  test('Change Password, held on an expired password: met and not-met lines readable in the dark', async () => {
    const page = await darkPage();
    await page.setViewportSize(PHONE);
    await signIn(page, 'late', LATE_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/change_password');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Abcdefgh');
    await assertReadable(page, password, 'Change Password');
    await page.context().close();
  });
});
