/** The route table (002 §2.1, §6; 000 §2, §6). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  ROUTES,
  ADMIN_PASSWORD_EDIT_PATH,
  SYSTEM_MODE_EMERGENCY,
  displayName,
  routeByName,
  findRoute,
  routeChain,
  maskOf,
  isRouteAllowed,
  canWriteRoute,
  navLevel,
  segmentsOf,
} from '../src/routes.ts';

/** Every path of 002 §2.1 (plus 000 §2), written out from the spec. */
const SPEC_PATHS = [
  '/login',
  '/login/test',
  '/ce_test',
  '/',
  // about [12]
  '/about',
  '/about/info',
  '/about/installation_record',
  '/about/installation_record/new',
  '/about/inspection_record',
  '/about/inspection_record/new',
  // setting [48]
  '/setting',
  '/setting/emergency',
  '/setting/emergency/step1',
  '/setting/emergency/step2',
  '/setting/emergency/step3',
  '/setting/meter',
  '/setting/meter/general',
  '/setting/meter/user_and_ct',
  '/setting/meter/io_and_event',
  '/setting/meter/alarm',
  // decided (issue 26, beyond the spec): the meter source
  '/setting/meter/meter_connection',
  // communication [48]
  '/setting/communication',
  '/setting/communication/network',
  '/setting/communication/network_v6',
  '/setting/communication/certificate_management',
  '/setting/communication/email',
  '/setting/communication/date_time',
  '/setting/communication/data_log',
  '/setting/communication/data_log/1',
  '/setting/communication/data_log/2',
  '/setting/communication/data_log/3',
  '/setting/communication/access_control',
  '/setting/communication/post_channel',
  '/setting/communication/post_channel/1',
  '/setting/communication/post_channel/2',
  '/setting/communication/post_channel/3',
  '/setting/communication/acucloud',
  '/setting/communication/bacnet_ip',
  '/setting/communication/snmp',
  '/setting/communication/mqtt',
  '/setting/communication/mqtt/general',
  '/setting/communication/mqtt/user_credentials',
  '/setting/communication/mqtt/ssl_tls',
  '/setting/communication/mqtt/last_will_and_testament',
  '/setting/communication/mqtt/topic',
  '/setting/communication/remote_access',
  // decided (issue 27, beyond the spec): the Prometheus metrics' open access
  '/setting/communication/prometheus',
  // management [192]
  '/setting/management',
  '/setting/management/debug_diagnostic',
  // decided: the maintenance Meter Event Log of 001 §2 has no path in the spec's table
  '/setting/management/meter_event_log',
  // user_management [3]
  '/setting/user_management',
  '/setting/user_management/user_configuration',
  '/setting/user_management/user_configuration/list',
  '/setting/user_management/user_configuration/new',
  '/setting/user_management/user_configuration/edit/:username',
  '/setting/user_management/role_configuration',
  '/setting/user_management/role_configuration/list',
  '/setting/user_management/role_configuration/new',
  '/setting/user_management/role_configuration/edit/:roleName',
  '/setting/user_management/password_policy',
  '/setting/user_management/password_management',
  '/setting/user_management/password_management/list',
  '/setting/user_management/password_management/edit/:username',
  '/setting/user_management/api_token_management',
  // decided: 002 §2.17's General page has no path in the spec's table
  '/setting/user_management/general',
  // decided: where a session on a default or expired password is held (002 §4.11 shows no screen)
  '/change_password',
  // network_diagnostic [48]
  '/setting/network_diagnostic',
  '/setting/network_diagnostic/network_status',
  '/setting/network_diagnostic/host_lookup',
  '/setting/network_diagnostic/connection_test',
  // module_firmware [192]; config_management [48]
  '/setting/module_firmware',
  '/setting/config_management',
  // reading [12]
  '/reading',
  '/reading/metering',
  '/reading/metering/basic_metering',
  '/reading/metering/demand',
  '/reading/metering/energy',
  '/reading/metering/harmonics',
  '/reading/metering/io',
  // decided: 000 §2's Current readings view has no path in the spec's table
  '/reading/metering/current',
  '/reading/log',
  '/reading/log/trend_log',
  '/reading/log/trend_log/realtime',
  '/reading/log/trend_log/energy',
  '/reading/log/trend_log_management',
  '/reading/log/data_log',
  '/reading/log/data_log/1',
  '/reading/log/data_log/2',
  '/reading/log/data_log/3',
  '/reading/log/data_log/ac',
  '/reading/log/alarm_log',
  '/reading/log/event_log',
  '/reading/log/module_event_log',
];

const ALL = 255;
const normal = { systemMode: 0, demandVerified: true };
const emergency = { systemMode: 2, demandVerified: true };

describe('table shape', () => {
  test('every path of 002 §2.1 is a route', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    const missing = SPEC_PATHS.filter((p) => !paths.has(p));
    assert.deepEqual(missing, []);
  });
  test('no route outside the spec list', () => {
    const spec = new Set(SPEC_PATHS);
    assert.deepEqual(
      ROUTES.map((r) => r.path).filter((p) => !spec.has(p)),
      [],
    );
  });
  test('route paths are unique', () => {
    const paths = ROUTES.map((r) => r.path);
    assert.equal(new Set(paths).size, paths.length, paths.filter((p, i) => paths.indexOf(p) !== i).join(', '));
  });
  test('route names are unique', () => {
    const names = ROUTES.map((r) => r.name);
    assert.equal(new Set(names).size, names.length, names.filter((n, i) => names.indexOf(n) !== i).join(', '));
  });
  test('the route names used by the product exist (002 §2.1)', () => {
    for (const name of [
      'Settings, Management',
      'Settings, Management, Debug Diagnostic',
      'Settings, Emergency, Step1',
      'Settings, Emergency, Step2',
      'Settings, Emergency, Step3',
      'System Settings, User Management',
      'System Settings, User Management, User Configuration, List',
      'System Settings, User Management, User Configuration, New',
      'System Settings, User Management, User Configuration, Edit',
      'System Settings, User Management, Role Configuration, List',
      'System Settings, User Management, Role Configuration, New',
      'System Settings, User Management, Role Configuration, Edit',
      'About, Installation Record, New Installation Record',
      'About, Inspection Record, New Inspection Record',
      'About, Information',
      'Reading, Log, Module Event Log',
    ])
      assert.equal(routeByName(name).name, name);
  });
  test('routeByName throws for an unknown name', () => {
    assert.throws(() => routeByName('Nope'), /no route named Nope/);
  });
  test('every redirect points at an existing route', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const r of ROUTES) if (r.redirect) assert.ok(paths.has(r.redirect), `${r.path} → ${r.redirect}`);
  });
  test('root redirects to the Reading section', () => {
    assert.equal(findRoute('/')!.redirect, '/reading');
  });
  test('every route but the public ones and the root is permission-checked', () => {
    for (const r of ROUTES) {
      if (r.public || r.everyUser || r.path === '/') continue;
      assert.notEqual(maskOf(r.path), undefined, r.path);
    }
  });
  test('admin password edit path (000 §2)', () => {
    assert.equal(ADMIN_PASSWORD_EDIT_PATH, '/setting/user_management/password_management/edit/admin');
    assert.equal(findRoute(ADMIN_PASSWORD_EDIT_PATH)!.name, 'System Settings, User Management, Password Management, Edit');
  });
  test('login and production test are public', () => {
    assert.equal(findRoute('/login')!.public, true);
    assert.equal(findRoute('/login/test')!.public, true);
    assert.equal(findRoute('/login/test')!.name, 'production_test');
  });
});

describe('displayName', () => {
  test('the part after the last comma and space', () => {
    assert.equal(displayName({ name: 'Reading, Metering, Basic' }), 'Basic');
    assert.equal(displayName({ name: 'Settings, Communication, MQTT, Topic and Parameter Selection' }), 'Topic and Parameter Selection');
    assert.equal(displayName({ name: 'System Settings, User Management' }), 'User Management');
  });
  test('a name without a comma is shown whole', () => {
    assert.equal(displayName({ name: 'Reading' }), 'Reading');
    assert.equal(displayName({ name: 'Production Test' }), 'Production Test');
  });
  test('a comma without a space does not split', () => {
    assert.equal(displayName({ name: 'A,B' }), 'A,B');
  });
  test('of a real route', () => {
    assert.equal(displayName(findRoute('/reading/metering/basic_metering')!), 'Basic');
    assert.equal(displayName(findRoute('/setting/meter/user_and_ct')!), 'User & CT');
  });
});

describe('findRoute / routeChain / segments', () => {
  test('parameters match one segment', () => {
    assert.equal(findRoute('/setting/user_management/user_configuration/edit/bob')!.path, '/setting/user_management/user_configuration/edit/:username');
    assert.equal(findRoute('/setting/user_management/role_configuration/edit/viewer')!.path, '/setting/user_management/role_configuration/edit/:roleName');
    assert.equal(findRoute('/setting/user_management/user_configuration/edit/bob/x'), undefined);
  });
  test('unknown paths have no route', () => {
    assert.equal(findRoute('/nope'), undefined);
    assert.equal(findRoute('/setting/nope'), undefined);
  });
  test('the indexed lookup gives the first route of the table that matches, as a scan of the table does', () => {
    const scan = (path: string) => {
      const b = segmentsOf(path);
      return ROUTES.find((r) => {
        const a = segmentsOf(r.path);
        return a.length === b.length && a.every((s, i) => s.startsWith(':') || s === b[i]);
      });
    };
    const paths = [...ROUTES.map((r) => r.path), ...ROUTES.map((r) => r.path.replace(/:\w+/g, 'x')), ...ROUTES.map((r) => `${r.path}/`), '/setting/nope', '//setting//meter'];
    for (const path of paths) assert.equal(findRoute(path), scan(path), path);
  });
  test('trailing slashes are ignored', () => {
    assert.equal(findRoute('/setting/meter/')!.path, '/setting/meter');
  });
  test('the chain lists each prefix that is a route', () => {
    assert.deepEqual(
      routeChain('/setting/user_management/password_management/edit/admin').map((r) => r.path),
      ['/setting', '/setting/user_management', '/setting/user_management/password_management', '/setting/user_management/password_management/edit/:username'],
    );
    assert.deepEqual(routeChain('/nope'), []);
  });
  test('segmentsOf and navLevel', () => {
    assert.deepEqual(segmentsOf('/a/b/c/'), ['a', 'b', 'c']);
    assert.deepEqual(segmentsOf('/'), []);
    assert.equal(navLevel(findRoute('/reading')!), 1);
    assert.equal(navLevel(findRoute('/reading/metering')!), 2);
    assert.equal(navLevel(findRoute('/reading/metering/basic_metering')!), 3);
    assert.equal(navLevel(findRoute('/setting/communication/mqtt/topic')!), 4);
  });
});

describe('maskOf (nearest mask in the chain decides)', () => {
  const expected: [string, number | undefined][] = [
    ['/setting/management', 192],
    ['/setting/management/debug_diagnostic', 192],
    ['/setting/module_firmware', 192],
    ['/setting/meter/general', 48],
    ['/setting', 48],
    ['/setting/emergency/step1', 48],
    ['/setting/communication/mqtt/topic', 48],
    ['/setting/communication/data_log/2', 48],
    ['/setting/network_diagnostic/host_lookup', 48],
    ['/setting/config_management', 48],
    ['/setting/user_management', 3],
    ['/setting/user_management/password_policy', 3],
    ['/setting/user_management/password_management/edit/admin', 3],
    ['/setting/user_management/role_configuration/edit/viewer', 3],
    ['/setting/user_management/api_token_management', 3],
    ['/reading', 12],
    ['/reading/metering/basic_metering', 12],
    ['/reading/log/trend_log/realtime', 12],
    ['/reading/log/data_log/ac', 12],
    ['/about', 12],
    ['/about/inspection_record/new', 12],
    ['/login', undefined],
    ['/login/test', undefined],
    ['/nope', undefined],
  ];
  for (const [path, mask] of expected)
    test(`${path} → ${mask}`, () => {
      assert.equal(maskOf(path), mask);
    });
  test('the module event log stays readable without readings bits (000 §6)', () => {
    const mask = maskOf('/reading/log/module_event_log')!;
    assert.equal(mask & 12, 12);
    assert.equal(isRouteAllowed('/reading/log/module_event_log', ALL & ~12, normal), true);
  });
});

describe('isRouteAllowed', () => {
  test('full permission in normal mode sees the normal menus', () => {
    for (const p of [
      '/reading/metering/basic_metering',
      '/reading/metering/demand',
      '/about/info',
      '/setting/meter/general',
      '/setting/communication/network',
      '/setting/management',
      '/setting/module_firmware',
      '/setting/config_management',
      '/setting/network_diagnostic/network_status',
      '/setting/user_management/user_configuration/list',
      ADMIN_PASSWORD_EDIT_PATH,
    ])
      assert.equal(isRouteAllowed(p, ALL, normal), true, p);
  });
  test('outside mode 2 the emergency entries are hidden', () => {
    for (const mode of [0, 1, 3])
      for (const p of ['/setting/emergency', '/setting/emergency/step1', '/setting/emergency/step2', '/setting/emergency/step3'])
        assert.equal(isRouteAllowed(p, ALL, { systemMode: mode, demandVerified: true }), false, `${p} mode ${mode}`);
  });
  test('in mode 2 (emergency) the emergency steps are visible', () => {
    assert.equal(SYSTEM_MODE_EMERGENCY, 2);
    for (const p of ['/setting/emergency', '/setting/emergency/step1', '/setting/emergency/step2', '/setting/emergency/step3']) assert.equal(isRouteAllowed(p, ALL, emergency), true, p);
  });
  test('in mode 2 reading and the normal settings are hidden', () => {
    for (const p of [
      '/reading',
      '/reading/metering/basic_metering',
      '/reading/log/module_event_log',
      '/setting/meter',
      '/setting/meter/general',
      '/setting/communication/network',
      '/setting/management',
      '/setting/network_diagnostic/host_lookup',
      '/setting/module_firmware',
      '/setting/config_management',
      '/setting/user_management/user_configuration/list',
    ])
      assert.equal(isRouteAllowed(p, ALL, emergency), false, p);
  });
  test('the emergency steps still need the settings bits', () => {
    assert.equal(isRouteAllowed('/setting/emergency/step1', 16, emergency), true);
    assert.equal(isRouteAllowed('/setting/emergency/step1', ALL & ~48, emergency), false);
  });
  test('the demand route is hidden when the device is not demand verified', () => {
    assert.equal(isRouteAllowed('/reading/metering/demand', ALL, { systemMode: 0, demandVerified: false }), false);
    assert.equal(isRouteAllowed('/reading/metering/demand', ALL, { systemMode: 0, demandVerified: true }), true);
    assert.equal(isRouteAllowed('/reading/metering/energy', ALL, { systemMode: 0, demandVerified: false }), true);
  });
  test('no readings bits leaves only the module event log of the reading section, and About › Information', () => {
    const p = ALL & ~12;
    assert.equal(isRouteAllowed('/reading/metering/basic_metering', p, normal), false);
    assert.equal(isRouteAllowed('/reading/log/alarm_log', p, normal), false);
    assert.equal(isRouteAllowed('/about/installation_record', p, normal), false);
    assert.equal(isRouteAllowed('/reading/log/module_event_log', p, normal), true);
  });
  test('About › Information is open to every signed-in user, read-only', () => {
    for (const p of [0, 3, 48, ALL & ~12]) assert.equal(isRouteAllowed('/about/info', p, normal), true);
    assert.equal(canWriteRoute('/about/info', ALL), false);
  });
  test('view bits are enough to see a route', () => {
    assert.equal(isRouteAllowed('/reading/metering/basic_metering', 4, normal), true);
    assert.equal(isRouteAllowed('/setting/meter/general', 16, normal), true);
    assert.equal(isRouteAllowed('/setting/management', 64, normal), true);
    assert.equal(isRouteAllowed('/setting/user_management/password_policy', 1, normal), true);
  });
  test('no user bits removes user management', () => {
    assert.equal(isRouteAllowed('/setting/user_management/user_configuration/list', ALL & ~3, normal), false);
    assert.equal(isRouteAllowed(ADMIN_PASSWORD_EDIT_PATH, ALL & ~3, normal), false);
  });
  test('no maintenance bits removes management and firmware', () => {
    assert.equal(isRouteAllowed('/setting/management', ALL & ~192, normal), false);
    assert.equal(isRouteAllowed('/setting/module_firmware', ALL & ~192, normal), false);
    assert.equal(isRouteAllowed('/setting/meter/general', ALL & ~192, normal), true);
  });
  test('no configuration bits removes the configuration settings', () => {
    const p = ALL & ~48;
    for (const path of ['/setting/meter/general', '/setting/communication/network', '/setting/network_diagnostic/host_lookup', '/setting/config_management'])
      assert.equal(isRouteAllowed(path, p, normal), false, path);
  });
  test('public routes need no permission', () => {
    assert.equal(isRouteAllowed('/login', 0, normal), true);
    assert.equal(isRouteAllowed('/login/test', 0, normal), true);
  });
  test('an unknown top-level path is not allowed', () => {
    assert.equal(isRouteAllowed('/nope', ALL, normal), false);
  });
});

describe('canWriteRoute', () => {
  test('write needs the higher bit of the pair', () => {
    assert.equal(canWriteRoute('/setting/meter/general', 16), false);
    assert.equal(canWriteRoute('/setting/meter/general', 32), true);
    assert.equal(canWriteRoute('/setting/management', 64), false);
    assert.equal(canWriteRoute('/setting/management', 128), true);
    assert.equal(canWriteRoute('/reading/metering/io', 4), false);
    assert.equal(canWriteRoute('/reading/metering/io', 8), true);
    assert.equal(canWriteRoute(ADMIN_PASSWORD_EDIT_PATH, 1), false);
    assert.equal(canWriteRoute(ADMIN_PASSWORD_EDIT_PATH, 3), true);
  });
  test('routes without a mask are never writable', () => {
    assert.equal(canWriteRoute('/login', ALL), false);
    assert.equal(canWriteRoute('/nope', ALL), false);
  });
});
