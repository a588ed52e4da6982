/**
 * Walks the whole endpoint table with several roles: every endpoint is registered, and the
 * server answers 401/403 exactly where the endpoint's declared area and access say it must.
 */
import { endpointUrl, endpoints, hasAccess, permissionFromFlags, type Endpoint, type PermissionLevel, type RoleFlags } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../helper.ts';

const PARAMS = { channel: 1, username: 'admin', roleName: 'admin', id: 1, fileName: 'none.csv', filename: 'none.csv', spec: 'VLN&0&60&1min' };

interface RoleCase {
  role: string;
  flags: RoleFlags;
}
const lv = (r: PermissionLevel, c: PermissionLevel, m: PermissionLevel, u: PermissionLevel): RoleFlags => ({
  readingsAllow: r,
  configurationAllow: c,
  maintenanceAllow: m,
  userConfigAllow: u,
});
const ROLES: RoleCase[] = [
  { role: 'viewall', flags: lv(1, 1, 1, 1) },
  { role: 'readonly', flags: lv(1, 2, 2, 2) },
  { role: 'reader', flags: lv(0, 2, 2, 2) },
  { role: 'config', flags: lv(2, 0, 2, 2) },
  { role: 'maint', flags: lv(2, 2, 0, 2) },
  { role: 'usermgr', flags: lv(2, 2, 2, 0) },
  { role: 'nothing', flags: lv(2, 2, 2, 2) },
];

function expectedAllowed(e: Endpoint, permission: number | null, isUser = true): boolean {
  if (e.auth.kind === 'public') return true;
  if (permission === null) return false;
  if (e.auth.kind === 'session') return isUser;
  // The walk's roles are never the admin access level.
  if (e.adminOnly) return false;
  const { areas, access, and } = e.auth;
  return areas.some((a) => hasAccess(permission, a, access)) && (and?.areas.some((a) => hasAccess(permission, a, and.access)) ?? true);
}

describe('permission walk over the endpoint table', () => {
  let m: TestModule;
  let tokens: Record<string, string>;

  before(async () => {
    ({ m, tokens } = await startModuleWithUsers({
      // Eight users sign in at once: more than the default maxLoginUser.
      general: { maxLoginUser: 10, sessionTimeout: 15 },
      roleUsers: Object.fromEntries(ROLES.map(({ role, flags: f }) => [role, [f.readingsAllow, f.configurationAllow, f.maintenanceAllow, f.userConfigAllow] as const])),
    }));
  });
  after(() => m.close());

  test('every endpoint of the contract is registered', () => {
    for (const [name, e] of Object.entries(endpoints)) {
      assert.ok(m.app.hasRoute({ method: e.method, url: ('root' in e && e.root ? '' : '/api') + e.path }), `${name} ${e.method} ${e.path} is not registered`);
    }
  });

  test('every endpoint declares who may call it', () => {
    for (const [name, e] of Object.entries(endpoints)) {
      assert.ok(['public', 'session', 'area'].includes(e.auth.kind), name);
      if (e.auth.kind === 'area') assert.ok(e.auth.areas.length > 0, name);
    }
  });

  const entries = Object.entries(endpoints).filter(([name]) => name !== 'logout' && name !== 'rebootSystem');

  test('without a token only public endpoints answer; the rest are 401', async () => {
    for (const [name, e] of entries) {
      const res = await m.call(e.method, endpointUrl(e.path, PARAMS, { root: 'root' in e && e.root }), { body: e.method === 'GET' ? undefined : {} });
      if (expectedAllowed(e, null)) assert.ok(![401, 403].includes(res.status), `${name}: ${res.status}`);
      else assert.equal(res.status, 401, `${name} answered ${res.status} without a token`);
    }
  });

  test('a bad token is 401 on protected endpoints', async () => {
    const res = await m.call('GET', '/api/command/homePageInfo', { token: 'not-a-token' });
    assert.equal(res.status, 401);
  });

  for (const { role, flags } of ROLES) {
    test(`role ${role}: 403 exactly where its permission does not reach`, async () => {
      const permission = permissionFromFlags(flags);
      const token = tokens[role]!;
      for (const [name, e] of entries) {
        // Writes are sent with an empty body: allowed ones fail validation (400) and change nothing.
        const res = await m.call(e.method, endpointUrl(e.path, PARAMS, { root: 'root' in e && e.root }), { token, body: e.method === 'GET' ? undefined : {} });
        if (expectedAllowed(e, permission)) assert.ok(![401, 403].includes(res.status), `${role} ${name}: ${res.status} ${res.raw}`);
        else assert.equal(res.status, 403, `${role} ${name}: expected 403, got ${res.status}`);
      }
    });
  }

  test('reboot: only maintenance writers reach it', async () => {
    for (const { role, flags } of ROLES) {
      const res = await m.call('PATCH', '/api/command/rebootSystem', { token: tokens[role], body: { value: 1 } });
      const allowed = hasAccess(permissionFromFlags(flags), 'maintenance', 'write');
      assert.equal(res.status, allowed ? 200 : 403, role);
    }
    assert.equal(m.reboots, 1);
  });

  test('the API token reads readings and nothing else', async () => {
    const admin = await m.login();
    const { body } = await m.call('GET', '/api/command/getApiToken', { token: admin });
    const apiToken = body.data.value as string;
    assert.equal((await m.call('GET', '/api/readings/realtime/system', { token: apiToken })).status, 200);
    assert.equal((await m.call('GET', '/api/usermg/user/list', { token: apiToken })).status, 403);
    assert.equal((await m.call('PATCH', '/api/command/rebootSystem', { token: apiToken, body: { value: 1 } })).status, 403);
    assert.equal((await m.call('GET', '/api/command/homePageInfo', { token: apiToken })).status, 403);
  });

  test('logout ends the session', async () => {
    const token = tokens.viewall!;
    assert.equal((await m.call('POST', '/api/users/logout', { token, body: {} })).status, 200);
    assert.equal((await m.call('GET', '/api/command/homePageInfo', { token })).status, 401);
  });
});
