/**
 * System Settings › User Management (002 §2.17–2.20, §6, §8.2, §8.3): General, API Token
 * Management, User Configuration, Role Configuration and Password Management, as an editor and
 * as a user whose role may only view user management.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, alertWith, keep, openAs, USER_PASSWORD, type ModuleServer } from '../lib/harness.ts';
import { useModuleAndBrowser } from '../lib/module-and-browser.ts';
import { settle, watchRequests } from '../lib/screens.ts';

const UM = '/setting/user_management';
let server: ModuleServer;
let browser: Browser;
/** The API session of the set-up (the first admin). */
let admin: string;

useModuleAndBrowser(async (m) => {
  ({ server, browser, admin } = m);
  // A role that may view user management but edit nothing, and a user holding it.
  const role = await server.api('POST', '/usermg/role/add', { name: 'auditor', readingsAllow: 1, configurationAllow: 2, maintenanceAllow: 2, userConfigAllow: 1 }, admin);
  assert.equal(role.status, 200);
  const user = await server.api('POST', '/usermg/user/add', { name: 'auditor1', password: USER_PASSWORD, accessLevel: 'auditor' }, admin);
  assert.equal(user.status, 200);
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const feedbackOf = (page: Page, label: string) =>
  page
    .locator('.mb-3')
    .filter({ has: field(page, label) })
    .locator('.invalid-feedback');

/** Nothing wider than a phone: tables scroll inside their own wrapper. */
async function assertFitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  // Back to the desktop layout, where Logout is in the top bar.
  await page.setViewportSize({ width: 1366, height: 900 });
  assert.ok(width <= 390, `page is ${width}px wide at 390px`);
}

describe('General', () => {
  const PATH = `${UM}/general`;

  test('shows the config, checks the ranges and saves', async () => {
    const page = await openAs(browser, server, PATH, 'boss');
    await field(page, 'Max Concurrent Logins').waitFor();
    assert.equal(await field(page, 'Max Concurrent Logins').inputValue(), '10');
    assert.equal(await field(page, 'Session Timeout').inputValue(), '15');
    await page.getByText('0 means never', { exact: false }).first().waitFor();

    await field(page, 'Max Concurrent Logins').fill('11');
    await page.getByRole('button', { name: 'Save' }).click();
    await feedbackOf(page, 'Max Concurrent Logins').getByText('Max Concurrent Logins must be between 1 and 10', { exact: true }).waitFor();

    await field(page, 'Max Concurrent Logins').fill('9');
    await field(page, 'Session Timeout').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'User management general config saved').waitFor();
    const stored = await server.api('GET', '/usrmg/general/config', undefined, admin);
    assert.deepEqual(stored.body, { data: { maxLoginUser: 9, sessionTimeout: 0 } });
    await assertFitsPhone(page);
    await keep(page);
    // Back to the room the other tests need.
    await server.api('PUT', '/usrmg/general/config', { maxLoginUser: 10, sessionTimeout: 15 }, admin);
  });

  test('is read-only without user-management edit', async () => {
    const page = await openAs(browser, server, PATH, 'auditor1');
    await field(page, 'Max Concurrent Logins').waitFor();
    assert.ok(await field(page, 'Max Concurrent Logins').isDisabled());
    assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
    await keep(page);
  });
});

describe('API Token Management', () => {
  const PATH = `${UM}/api_token_management`;
  const tokenCell = (page: Page) => page.getByRole('row', { name: /API Token/ }).getByRole('cell');
  const liveToken = async () => ((await server.api('GET', '/command/getApiToken', undefined, admin)).body as { data: { value: string } }).data.value;

  test('shows the live token; Reset API Token replaces it', async () => {
    const page = await openAs(browser, server, PATH, 'boss');
    const before = await liveToken();
    await tokenCell(page).getByText(before, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reset API Token' }).click();
    await alertWith(page, 'Reset token successfully.').waitFor();
    const after = await liveToken();
    assert.notEqual(after, before);
    await tokenCell(page).getByText(after, { exact: true }).waitFor();
    await assertFitsPhone(page);
    await keep(page);
  });

  test('"Reset token failed." when the module does not answer Success', async () => {
    const page = await openAs(browser, server, PATH, 'boss');
    await page.route('**/api/command/regenerateViewToken', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { value: 'Busy' } }) }));
    await page.getByRole('button', { name: 'Reset API Token' }).click();
    await alertWith(page, 'Reset token failed.').waitFor();
    await page.unroute('**/api/command/regenerateViewToken');
    await keep(page);
  });

  test('no reset without user-management edit', async () => {
    const page = await openAs(browser, server, PATH, 'auditor1');
    await tokenCell(page)
      .getByText(await liveToken(), { exact: true })
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Reset API Token' }).count(), 0);
    await keep(page);
  });
});

describe('User Configuration', () => {
  const LIST = `${UM}/user_configuration/list`;
  const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

  test('New: "Passwords do not match", then "User created" and the user in the list', async () => {
    const page = await openAs(browser, server, `${UM}/user_configuration`, 'boss');
    await page.waitForURL(`**${LIST}`);
    await page.getByRole('link', { name: 'New User' }).click();
    await page.waitForURL(`**${UM}/user_configuration/new`);
    await field(page, 'User Name').fill('operator1');
    await field(page, 'Password').fill('Operator123');
    await field(page, 'Repeat Password').fill('Operator124');
    await field(page, 'Role').selectOption('auditor');
    await page.getByRole('button', { name: 'Save' }).click();
    await feedbackOf(page, 'Repeat Password').getByText('Passwords do not match', { exact: true }).waitFor();
    await field(page, 'Repeat Password').fill('Operator123');
    await field(page, 'Multiple Login').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'User created').waitFor();
    await page.waitForURL(`**${LIST}`);
    const row = rowOf(page, 'operator1');
    await row.getByRole('cell', { name: 'auditor', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Yes', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Active', exact: true }).waitFor();
    await assertFitsPhone(page);
    await keep(page);
  });

  test("a refused add shows the module's reply", async () => {
    const page = await openAs(browser, server, `${UM}/user_configuration/new`, 'boss');
    await field(page, 'User Name').fill('viewer');
    await field(page, 'Password').fill('Viewer12345');
    await field(page, 'Repeat Password').fill('Viewer12345');
    await field(page, 'Role').selectOption('view');
    const reply = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/usermg/user/add');
    await page.getByRole('button', { name: 'Save' }).click();
    const body = (await (await reply).json()) as { data: { value: string } };
    await alertWith(page, body.data.value).waitFor();
    assert.equal(new URL(page.url()).pathname, `${UM}/user_configuration/new`);
    await keep(page);
  });

  test('Edit saves the role and multiple login; Lock and Unlock toggle the status; Delete asks first', async () => {
    await server.api('POST', '/usermg/user/add', { name: 'temp1', password: USER_PASSWORD, accessLevel: 'view' }, admin);
    const page = await openAs(browser, server, LIST, 'boss');
    await rowOf(page, 'temp1').getByRole('link', { name: 'Edit temp1' }).click();
    await page.waitForURL(`**${UM}/user_configuration/edit/temp1`);
    assert.equal(await field(page, 'User Name').inputValue(), 'temp1');
    await field(page, 'Role').selectOption('auditor');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'User temp1 saved').waitFor();
    await page.waitForURL(`**${LIST}`);
    await rowOf(page, 'temp1').getByRole('cell', { name: 'auditor', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Lock temp1' }).click();
    await rowOf(page, 'temp1').getByRole('cell', { name: 'Locked', exact: true }).waitFor();
    assert.equal((await server.api('POST', '/users/authenticate', { username: 'temp1', password: USER_PASSWORD })).status !== 200, true);
    await page.getByRole('button', { name: 'Unlock temp1' }).click();
    await rowOf(page, 'temp1').getByRole('cell', { name: 'Active', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Delete temp1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete User' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await rowOf(page, 'temp1').count(), 1);
    await page.getByRole('button', { name: 'Delete temp1' }).click();
    await dialog.getByRole('button', { name: 'Yes, continue' }).click();
    await alertWith(page, 'User Deleted').waitFor();
    await rowOf(page, 'temp1').waitFor({ state: 'detached' });
    await keep(page);
  });

  test("a user created here signs in with the role's menus; locking it ends its session", async () => {
    const page = await openAs(browser, server, `${UM}/user_configuration/new`, 'boss');
    await field(page, 'User Name').fill('op2');
    await field(page, 'Password').fill('Operator123');
    await field(page, 'Repeat Password').fill('Operator123');
    await field(page, 'Role').selectOption('auditor');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'User created').waitFor();

    const op = await openAs(browser, server, '/', 'op2', 'Operator123');
    const menu = op.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Settings' }).waitFor();
    assert.deepEqual(await menu.getByRole('link').allTextContents(), ['Reading', 'About', 'Settings']);

    await page.getByRole('button', { name: 'Lock op2' }).click();
    await alertWith(page, 'User op2 locked').waitFor();
    await op.reload();
    await op.waitForURL((u) => u.pathname === '/login');
    await op.context().close();
    await keep(page);
  });

  test('the built-in admin offers no Delete or Lock: both disabled, with the reason (issue 28)', async () => {
    const page = await openAs(browser, server, LIST, 'boss');
    const row = rowOf(page, 'admin');
    await row.getByRole('link', { name: 'Edit admin' }).waitFor();
    for (const name of ['Delete admin', 'Lock admin']) {
      const button = row.getByRole('button', { name });
      assert.ok(await button.isDisabled(), name);
      assert.equal(await button.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent), 'User admin cannot be removed or locked');
    }
    assert.ok(await rowOf(page, 'viewer').getByRole('button', { name: 'Delete viewer' }).isEnabled());
    await keep(page);
  });

  test('without user-management edit: N/A actions, no New, a read-only edit form', async () => {
    const page = await openAs(browser, server, LIST, 'auditor1');
    await rowOf(page, 'viewer').getByRole('cell', { name: 'N/A', exact: true }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'New User' }).count(), 0);
    await page.goto(`${UM}/user_configuration/edit/viewer`);
    await field(page, 'Role').waitFor();
    assert.ok(await field(page, 'Role').isDisabled());
    assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
    await keep(page);
  });
});

describe('Role Configuration', () => {
  const LIST = `${UM}/role_configuration/list`;
  const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

  test('New: the name and the four levels; "Role created"; Edit; Delete asks first', async () => {
    const page = await openAs(browser, server, `${UM}/role_configuration`, 'boss');
    await page.waitForURL(`**${LIST}`);
    await page.getByRole('link', { name: 'New Role' }).click();
    await field(page, 'Role Name').fill('operators');
    await field(page, 'Readings').selectOption('Edit');
    await field(page, 'Configuration').selectOption('View');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'Role created').waitFor();
    await page.waitForURL(`**${LIST}`);
    const row = rowOf(page, 'operators');
    await row.getByRole('cell', { name: 'Edit', exact: true }).first().waitFor();
    const stored = await server.api('GET', '/usermg/role/config/operators', undefined, admin);
    assert.deepEqual(stored.body, { data: { name: 'operators', readingsAllow: 0, configurationAllow: 1, maintenanceAllow: 2, userConfigAllow: 2 } });

    await row.getByRole('link', { name: 'Edit operators' }).click();
    await page.waitForURL(`**${UM}/role_configuration/edit/operators`);
    await field(page, 'Maintenance').selectOption('View');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'Role operators saved').waitFor();
    await page.waitForURL(`**${LIST}`);
    assert.equal(((await server.api('GET', '/usermg/role/config/operators', undefined, admin)).body as { data: { maintenanceAllow: number } }).data.maintenanceAllow, 1);

    await page.getByRole('button', { name: 'Delete operators' }).click();
    await page.getByRole('dialog', { name: 'Delete Role' }).getByRole('button', { name: 'Yes, continue' }).click();
    await alertWith(page, 'Role Deleted').waitFor();
    await rowOf(page, 'operators').waitFor({ state: 'detached' });
    await assertFitsPhone(page);
    await keep(page);
  });

  test('a refused add says "Something wrong, can not be saved"', async () => {
    const page = await openAs(browser, server, `${UM}/role_configuration/new`, 'boss');
    await field(page, 'Role Name').fill('view');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'Something wrong, can not be saved').waitFor();
    await keep(page);
  });

  test('the admin role: the list hides its Edit and Delete (002 §6); the user admin still reaches its edit route', async () => {
    const page = await openAs(browser, server, LIST, 'boss');
    await rowOf(page, 'admin').getByRole('cell', { name: 'N/A', exact: true }).waitFor();
    await rowOf(page, 'view').getByRole('link', { name: 'Edit view' }).waitFor();
    assert.equal(await rowOf(page, 'admin').getByRole('link').count(), 0);
    await keep(page);
    const first = await openAs(browser, server, LIST, 'admin', ADMIN_PASSWORD);
    await rowOf(first, 'view').getByRole('link', { name: 'Edit view' }).waitFor();
    const adminRow = rowOf(first, 'admin');
    await adminRow.getByRole('cell', { name: 'N/A', exact: true }).waitFor();
    assert.equal(await adminRow.getByRole('link', { name: 'Edit admin' }).count(), 0);
    assert.equal(await adminRow.getByRole('button', { name: 'Delete admin' }).count(), 0);
    await adminRow.getByRole('link', { name: 'admin', exact: true }).click();
    await first.waitForURL(`**${UM}/role_configuration/edit/admin`);
    await first.getByRole('button', { name: 'Save' }).waitFor();
    await keep(first);
  });

  test('without user-management edit every action cell is N/A', async () => {
    const page = await openAs(browser, server, LIST, 'auditor1');
    await rowOf(page, 'view').getByRole('cell', { name: 'N/A', exact: true }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'New Role' }).count(), 0);
    await keep(page);
  });
});

describe('Password Management', () => {
  const LIST = `${UM}/password_management/list`;
  const names = (page: Page) => page.getByRole('rowheader').allInnerTexts();

  test('lists the users, sorts by Username, and Edit comes back to the list', async () => {
    const page = await openAs(browser, server, `${UM}/password_management`, 'boss');
    await page.waitForURL(`**${LIST}`);
    for (const h of ['Role', 'Register Date', 'Expiration Date', 'Last Login Time', 'Status', 'Action']) await page.getByRole('columnheader', { name: h, exact: true }).waitFor();
    await page.getByRole('rowheader', { name: 'viewer', exact: true }).waitFor();
    const ascending = await names(page);
    assert.deepEqual(
      ascending,
      [...ascending].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })),
    );
    await page.getByRole('button', { name: /Username/ }).click();
    assert.deepEqual(await names(page), [...ascending].reverse());
    assert.equal(await page.getByRole('columnheader', { name: /Username/ }).getAttribute('aria-sort'), 'descending');

    await page.getByRole('link', { name: 'Edit password of viewer' }).click();
    await page.waitForURL(`**${UM}/password_management/edit/viewer`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`**${LIST}`);
    await page.getByRole('link', { name: 'Edit password of viewer' }).click();
    await field(page, 'Password').fill('Viewer2026pw');
    await field(page, 'Repeat Password').fill('Viewer2026pw');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, 'User viewer password changed').waitFor();
    await page.waitForURL(`**${LIST}`);
    await assertFitsPhone(page);
    await keep(page);
  });

  test('a lockout by failed sign-ins shows in the open list without a reload', async () => {
    assert.equal((await server.api('POST', '/usermg/user/add', { name: 'flaky', password: USER_PASSWORD, accessLevel: 'view' }, admin)).status, 200);
    const page = await openAs(browser, server, LIST, 'boss');
    const status = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'flaky', exact: true }) })
      .getByRole('cell', { name: 'Active', exact: true });
    await status.waitFor();
    // The default policy locks after 5 failed attempts.
    for (let i = 0; i < 5; i++) assert.equal((await server.api('POST', '/users/authenticate', { username: 'flaky', password: 'wrong' })).status, 401);
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'flaky', exact: true }) })
      .getByRole('cell', { name: 'Locked', exact: true })
      .waitFor({ timeout: 15_000 });
    await keep(page);
  });

  test('without user-management edit the action cells show N/A', async () => {
    const page = await openAs(browser, server, LIST, 'auditor1');
    await page.getByRole('rowheader', { name: 'viewer', exact: true }).waitFor();
    assert.equal(await page.getByRole('link', { name: /Edit password of/ }).count(), 0);
    await page.getByRole('cell', { name: 'N/A', exact: true }).first().waitFor();
    await keep(page);
  });
});

describe("A save over someone else's change (issue 25)", () => {
  const STALE = 'These settings were changed by someone else since this page loaded. Reload to see them.';

  test('Role Edit, User Edit and Password Edit send the revision they read: a stale save is refused and the other change is kept', async () => {
    assert.equal((await server.api('POST', '/usermg/role/add', { name: 'stale1', readingsAllow: 1, configurationAllow: 1, maintenanceAllow: 1, userConfigAllow: 2 }, admin)).status, 200);
    assert.equal((await server.api('POST', '/usermg/user/add', { name: 'stale2', password: USER_PASSWORD, accessLevel: 'view' }, admin)).status, 200);

    const page = await openAs(browser, server, `${UM}/role_configuration/edit/stale1`, 'boss');
    await field(page, 'Configuration').waitFor();
    // Another administrator saves the role meanwhile.
    const other = { name: 'stale1', readingsAllow: 1, configurationAllow: 1, maintenanceAllow: 2, userConfigAllow: 2 };
    assert.equal((await server.api('PUT', '/usermg/role/config/stale1', other, admin)).status, 200);
    await field(page, 'Configuration').selectOption('None');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, STALE).waitFor();
    assert.deepEqual((await server.api('GET', '/usermg/role/config/stale1', undefined, admin)).body, { data: other });

    await page.goto(`${UM}/user_configuration/edit/stale2`);
    await field(page, 'Role').waitFor();
    assert.equal((await server.api('PUT', '/usermg/user/config/stale2', { accessLevel: 'view', multipleLogin: false }, admin)).status, 200);
    await field(page, 'Role').selectOption('auditor');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, STALE).waitFor();
    const user = (await server.api('GET', '/usermg/user/config/stale2', undefined, admin)).body.data;
    assert.deepEqual([user.accessLevel, user.multipleLogin], ['view', false]);

    await page.goto(`${UM}/password_management/edit/stale2`);
    await field(page, 'Password').waitFor();
    assert.equal((await server.api('PUT', '/usermg/user/pwd/stale2', { name: 'stale2', password: 'Others2026pw', overridePwdPolicy: false }, admin)).status, 200);
    await field(page, 'Password').fill('Mine2026pw');
    await field(page, 'Repeat Password').fill('Mine2026pw');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, STALE).waitFor();
    assert.equal((await server.api('POST', '/users/authenticate', { username: 'stale2', password: 'Others2026pw' })).status, 200);
    await keep(page);
  });
});

describe('Navigation (000 §6)', () => {
  test('without readings bits: About › Information first, the module event log kept, no user management without bits 3', async () => {
    const role = await server.api('POST', '/usermg/role/add', { name: 'configview', readingsAllow: 2, configurationAllow: 1, maintenanceAllow: 2, userConfigAllow: 2 }, admin);
    assert.equal(role.status, 200);
    assert.equal((await server.api('POST', '/usermg/user/add', { name: 'cfg1', password: USER_PASSWORD, accessLevel: 'configview' }, admin)).status, 200);
    const page = await openAs(browser, server, '/', 'cfg1');
    await page.waitForURL(/\/about\/info$/);
    await page.getByRole('table', { name: 'Meter' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    assert.deepEqual(await menu.getByRole('link').allTextContents(), ['Reading', 'About', 'Settings']);
    await menu.getByRole('link', { name: 'Reading' }).click();
    await page.waitForURL(/\/reading\/log\/module_event_log$/);
    await page.goto(`${UM}/user_configuration/list`);
    await page.waitForURL((u) => !u.pathname.startsWith(UM));
    await keep(page);
  });

  test('a role with no rights at all still lands on About › Information, and asks nothing it may not', async () => {
    const role = await server.api('POST', '/usermg/role/add', { name: 'norights', readingsAllow: 2, configurationAllow: 2, maintenanceAllow: 2, userConfigAllow: 2 }, admin);
    assert.equal(role.status, 200);
    assert.equal((await server.api('POST', '/usermg/user/add', { name: 'nobody1', password: USER_PASSWORD, accessLevel: 'norights' }, admin)).status, 200);
    const page = await openAs(browser, server, '/', 'nobody1');
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(new URL(r.url()).pathname);
    });
    await page.waitForURL(/\/about\/info$/);
    await page.getByRole('table', { name: 'Meter' }).waitFor();
    assert.deepEqual(await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allTextContents(), ['About']);
    // Every request of the reload answered, and the screen drawn, before none is said to be refused.
    watchRequests(page);
    await page.reload();
    await page.getByRole('table', { name: 'Meter' }).waitFor();
    await settle(page);
    assert.deepEqual(refused, []);
    await keep(page);
  });
});
