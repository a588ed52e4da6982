import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_PASSWORD_EDIT_PATH, FULL_PERMISSION, routeByName } from '@meter/contract';
import { activeTrail, buildNavTree, decideRoute, type NavContext, type NavNode } from '../../src/app/navigation.ts';

const SLICE = ['Login', 'Reading, Metering, Basic', 'About, Information'];
const ctx = (permission: number, opts: { mode?: number; demand?: boolean; screens?: string[] } = {}): NavContext => ({
  permission,
  device: { systemMode: opts.mode ?? 0, demandVerified: opts.demand ?? false },
  hasScreen: opts.screens ? (n) => opts.screens!.includes(n) : () => true,
});
const labels = (nodes: NavNode[] | undefined) => (nodes ?? []).map((n) => n.label);
const find = (nodes: NavNode[], ...path: string[]): NavNode | undefined => {
  let node: NavNode | undefined;
  let level = nodes;
  for (const label of path) {
    node = level.find((n) => n.label === label);
    if (!node) return undefined;
    level = node.children;
  }
  return node;
};
const decide = (name: string, pathname: string, c: NavContext) => decideRoute(routeByName(name), pathname, c);

test('primary entries from the first path segment; hidden and public routes left out', () => {
  const tree = buildNavTree(ctx(FULL_PERMISSION));
  assert.deepEqual(labels(tree), ['Reading', 'About', 'Settings']);
  assert.deepEqual(labels(find(tree, 'About')?.children), ['Information', 'Installation Record', 'Inspection Record']);
  assert.deepEqual(labels(find(tree, 'Reading', 'Log', 'Data Log')?.children), ['Data Log 1', 'Data Log 2', 'Data Log 3', 'AcuCloud']);
  assert.deepEqual(find(tree, 'Settings', 'User Management', 'User Configuration')?.children, []);
});

test('links land on a screen: redirects followed, hidden list pages reached through them', () => {
  const tree = buildNavTree(ctx(FULL_PERMISSION));
  assert.equal(find(tree, 'Reading')?.to, '/reading/metering/basic_metering');
  assert.equal(find(tree, 'Settings', 'User Management', 'User Configuration')?.to, '/setting/user_management/user_configuration/list');
  assert.equal(find(tree, 'Settings', 'Management')?.to, '/setting/management');
});

test('normal mode hides the emergency entry; demand needs a demand-verified device', () => {
  const tree = buildNavTree(ctx(FULL_PERMISSION));
  assert.equal(find(tree, 'Settings', 'Emergency'), undefined);
  assert.deepEqual(labels(find(tree, 'Reading', 'Metering')?.children), ['Basic', 'Energy', 'Harmonics', 'IO', 'Current']);
  const verified = buildNavTree(ctx(FULL_PERMISSION, { demand: true }));
  assert.deepEqual(labels(find(verified, 'Reading', 'Metering')?.children), ['Basic', 'Demand', 'Energy', 'Harmonics', 'IO', 'Current']);
});

test('emergency mode cuts the menu down to the emergency settings', () => {
  const tree = buildNavTree(ctx(FULL_PERMISSION, { mode: 2 }));
  assert.deepEqual(labels(tree), ['About', 'Settings']);
  assert.deepEqual(labels(find(tree, 'Settings')?.children), ['Emergency']);
  assert.deepEqual(labels(find(tree, 'Settings', 'Emergency')?.children), ['Step1', 'Step2', 'Step3']);
});

test('pruned by permission bits', () => {
  assert.deepEqual(labels(buildNavTree(ctx(0b00001100))), ['Reading', 'About']);
  const readOnlyReadings = buildNavTree(ctx(0b00000100));
  assert.deepEqual(labels(readOnlyReadings), ['Reading', 'About']);
  // No readings bits leaves only the module event log under Reading, and About › Information.
  const config = buildNavTree(ctx(0b00110000));
  assert.deepEqual(labels(config), ['Reading', 'About', 'Settings']);
  assert.deepEqual(labels(find(config, 'About')?.children), ['Information']);
  assert.deepEqual(labels(find(config, 'Reading')?.children), ['Log']);
  assert.deepEqual(labels(find(config, 'Reading', 'Log')?.children), ['Module Event Log']);
  assert.equal(find(config, 'Settings', 'User Management'), undefined);
  assert.equal(find(config, 'Settings', 'Management'), undefined);
  const users = buildNavTree(ctx(0b00000011));
  assert.deepEqual(labels(users), ['About', 'Settings']);
  assert.deepEqual(labels(find(users, 'Settings')?.children), ['User Management']);
  // Without bits 3 the user-management menu is gone.
  assert.equal(find(buildNavTree(ctx(0b11111100)), 'Settings', 'User Management'), undefined);
  assert.deepEqual(labels(buildNavTree(ctx(0))), ['About']);
});

test('an entry is listed only when a screen exists in it', () => {
  const tree = buildNavTree(ctx(FULL_PERMISSION, { screens: SLICE }));
  assert.deepEqual(labels(tree), ['Reading', 'About']);
  assert.deepEqual(labels(find(tree, 'Reading')?.children), ['Metering']);
  assert.deepEqual(labels(find(tree, 'Reading', 'Metering')?.children), ['Basic']);
  assert.deepEqual(labels(find(tree, 'About')?.children), ['Information']);
  assert.equal(find(tree, 'About')?.to, '/about/info');
});

test('the active trail follows the path', () => {
  const tree = buildNavTree(ctx(FULL_PERMISSION));
  assert.deepEqual(labels(activeTrail(tree, '/reading/log/data_log/2')), ['Reading', 'Log', 'Data Log', 'Data Log 2']);
  assert.deepEqual(labels(activeTrail(tree, '/nowhere')), []);
});

test('redirect routes forward to their first screen', () => {
  const c = ctx(FULL_PERMISSION, { screens: SLICE });
  assert.deepEqual(decide('Home', '/', c), { kind: 'redirect', to: '/reading/metering/basic_metering' });
  assert.deepEqual(decide('Reading', '/reading', c), { kind: 'redirect', to: '/reading/metering/basic_metering' });
  assert.deepEqual(decide('About', '/about', c), { kind: 'redirect', to: '/about/info' });
  assert.deepEqual(decide('Reading, Metering, Basic', '/reading/metering/basic_metering', c), { kind: 'screen' });
  assert.deepEqual(decide('Login', '/login', c), { kind: 'screen' });
});

test('routes without a screen say Page Not Found', () => {
  const c = ctx(FULL_PERMISSION, { screens: SLICE });
  assert.deepEqual(decide('About, Installation Record', '/about/installation_record', c), { kind: 'notFound' });
  assert.deepEqual(decide('System Settings, User Management, Password Management, Edit', ADMIN_PASSWORD_EDIT_PATH, c), { kind: 'notFound' });
  assert.deepEqual(decide('production_test', '/login/test', c), { kind: 'notFound' });
});

test('emergency mode sends the reading and settings roots to Settings, Emergency', () => {
  const c = ctx(FULL_PERMISSION, { mode: 2 });
  assert.deepEqual(decide('Reading', '/reading', c), { kind: 'redirect', to: '/setting/emergency/step1' });
  assert.deepEqual(decide('Settings', '/setting', c), { kind: 'redirect', to: '/setting/emergency/step1' });
  assert.deepEqual(decide('Home', '/', c), { kind: 'redirect', to: '/setting/emergency/step1' });
  assert.deepEqual(decide('Reading, Metering, Basic', '/reading/metering/basic_metering', c), { kind: 'redirect', to: '/setting/emergency/step1' });
  // Without emergency screens yet, the first screen the user may see.
  const slice = ctx(FULL_PERMISSION, { mode: 2, screens: SLICE });
  assert.deepEqual(decide('Reading', '/reading', slice), { kind: 'redirect', to: '/about/info' });
});

test('a screen the permission does not cover is never shown', () => {
  const basic = (c: NavContext) => decide('Reading, Metering, Basic', '/reading/metering/basic_metering', c);
  // 000 §6: no readings access lands on About › Information, open to every signed-in user.
  assert.deepEqual(basic(ctx(0b00110000)), { kind: 'redirect', to: '/about/info' });
  assert.deepEqual(basic(ctx(0b11000000)), { kind: 'redirect', to: '/about/info' });
  assert.deepEqual(basic(ctx(0b00000011)), { kind: 'redirect', to: '/about/info' });
  assert.deepEqual(basic(ctx(0)), { kind: 'redirect', to: '/about/info' });
  assert.deepEqual(basic(ctx(0b00110000, { screens: ['Login', 'Reading, Metering, Basic'] })), { kind: 'notFound' });
  assert.deepEqual(decide('About, Information', '/about/info', ctx(0b00110000, { screens: [...SLICE, 'Reading, Log, Module Event Log'] })), { kind: 'screen' });
  assert.deepEqual(decide('About, Information', '/about/info', ctx(0)), { kind: 'screen' });
  assert.deepEqual(decide('Home', '/', ctx(0b00110000)), { kind: 'redirect', to: '/about/info' });
  assert.deepEqual(decide('Reading', '/reading', ctx(0b00000011)), { kind: 'redirect', to: '/about/info' });
  // The module event log stays reachable for configuration or maintenance bits.
  assert.deepEqual(decide('Reading, Log, Module Event Log', '/reading/log/module_event_log', ctx(0b00110000)), { kind: 'screen' });
  assert.deepEqual(decide('About, Installation Record', '/about/installation_record', ctx(0b00110000)), { kind: 'redirect', to: '/about/info' });
});
