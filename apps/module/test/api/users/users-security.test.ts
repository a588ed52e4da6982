/**
 * Issue 25, items 2, 4, 5 and 11, each as the attack it closes: an editor acting on a user or
 * role that holds more than it does; one user's sessions taking every place; a save based on a
 * stale copy; the API token read without user-management bits, and kept after its reader is locked.
 * One module for the file; each test signs in afresh.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN_PASSWORD, startModuleWithUsers, type TestModule } from '../../helper.ts';
import { USER_PASSWORD, signIn } from '../../users-helpers.ts';

const STALE = 'These settings were changed by someone else since this page loaded. Reload to see them.';
const SUCCESS = { data: { value: 'Success' } };

let m: TestModule;
/** User admin's session of the set-up. */
let admin: string;

before(async () => {
  ({ m, admin } = await startModuleWithUsers({
    roles: {
      // An editor of user management who may only view everything else.
      usermgr: [1, 1, 1, 0],
      // Every right, but not the admin role.
      alledit: [0, 0, 0, 0],
      alledit2: [0, 0, 0, 0],
      ops: [1, 1, 1, 2],
      auditor: [2, 2, 2, 1],
      readonly: [1, 2, 2, 2],
    },
    // The tests sign them in themselves, each with the places free.
    users: [
      { name: 'ed', accessLevel: 'usermgr', signIn: false },
      { name: 'boss', accessLevel: 'alledit', signIn: false },
      { name: 'vic', accessLevel: 'view', signIn: false },
      { name: 'olga', accessLevel: 'ops', signIn: false },
      { name: 'audrey', accessLevel: 'auditor', signIn: false },
      { name: 'rita', accessLevel: 'readonly', signIn: false },
    ],
  }));
});
after(() => m.close());

/** Ends every session (each test starts with the places free) and signs user admin in again. */
async function freshSessions(): Promise<void> {
  m.services.sessions.endAll();
  admin = await m.login();
}

async function token(name: string, password = USER_PASSWORD): Promise<string> {
  const res = await signIn(m, name, password);
  assert.equal(res.status, 200, `${name}: ${res.raw}`);
  return res.body.data.token as string;
}

async function get(url: string, as = admin) {
  const res = await m.call('GET', url, { token: as });
  assert.equal(res.status, 200, `${url}: ${res.raw}`);
  return { data: res.body.data, etag: res.headers.etag as string };
}

describe('item 2: an editor acts only on users and roles holding no right it lacks', () => {
  test('an editor cannot reset, lock, unlock, remove, re-role or reconfigure a user holding more, nor sign in as them', async () => {
    await freshSessions();
    const ed = await token('ed');
    const state = async () => ({ users: (await get('/api/usermg/user/list')).data, roles: (await get('/api/usermg/role/list')).data });
    const before = await state();
    const holdsMore = 'You cannot change a user or role that holds more rights than you on Readings';
    const refused: [string, string, unknown][] = [
      ['PUT', '/api/usermg/user/pwd/boss', { name: 'boss', password: 'Takeover12', overridePwdPolicy: true }],
      ['PATCH', '/api/usermg/user/lockout', { name: 'boss', lockout: 1 }],
      ['PATCH', '/api/usermg/user/lockout', { name: 'boss', lockout: 0 }],
      ['PATCH', '/api/usermg/user/remove', { name: 'boss' }],
      ['PUT', '/api/usermg/user/config/boss', { accessLevel: 'view', multipleLogin: true }],
      ['PUT', '/api/usermg/user/config/boss', { accessLevel: 'alledit', multipleLogin: false }],
      ['PUT', '/api/usermg/role/config/alledit', { name: 'alledit', readingsAllow: 1, configurationAllow: 1, maintenanceAllow: 1, userConfigAllow: 0 }],
      ['PATCH', '/api/usermg/role/remove', { roleName: 'alledit2' }],
    ];
    for (const [method, url, body] of refused) {
      const res = await m.call(method, url, { token: ed, body });
      assert.equal(res.status, 403, `${method} ${url} ${JSON.stringify(body)}: ${res.raw}`);
      assert.deepEqual(res.body, { data: { value: holdsMore } }, url);
    }
    assert.deepEqual(await state(), before);
    // The reset did not happen: the attacker's password opens nothing, the user's own still does.
    assert.equal((await signIn(m, 'boss', 'Takeover12')).status, 401);
    assert.equal((await signIn(m, 'boss', USER_PASSWORD)).status, 200);
    // Admin-role users are user admin's alone.
    const adminUser = await m.call('PUT', '/api/usermg/user/pwd/admin', { token: ed, body: { name: 'admin', password: 'Takeover12', overridePwdPolicy: true } });
    assert.equal(adminUser.status, 403);
    const adminConfig = await m.call('PUT', '/api/usermg/user/config/admin', { token: ed, body: { accessLevel: 'admin', multipleLogin: true } });
    assert.deepEqual(adminConfig.body, { data: { value: 'Only user admin can add or change users of the admin role or set their passwords' } });

    // Users and roles within the editor's rights stay its to manage.
    assert.deepEqual((await m.call('PUT', '/api/usermg/user/pwd/vic', { token: ed, body: { name: 'vic', password: 'Viewer1234', overridePwdPolicy: true } })).body, SUCCESS);
    assert.equal((await signIn(m, 'vic', 'Viewer1234')).status, 200);
    assert.deepEqual((await m.call('PUT', '/api/usermg/user/pwd/vic', { token: ed, body: { name: 'vic', password: USER_PASSWORD, overridePwdPolicy: true } })).body, SUCCESS);
    assert.deepEqual((await m.call('PATCH', '/api/usermg/user/lockout', { token: ed, body: { name: 'olga', lockout: 1 } })).body, SUCCESS);
    assert.deepEqual((await m.call('PATCH', '/api/usermg/user/lockout', { token: ed, body: { name: 'olga', lockout: 0 } })).body, SUCCESS);
    // User admin is the root account: it acts on all of them.
    assert.deepEqual((await m.call('PATCH', '/api/usermg/role/remove', { token: admin, body: { roleName: 'alledit2' } })).body, SUCCESS);
  });
});

describe('item 4: one user cannot take every session place', () => {
  test("a view user's sign-ins keep neither the editors nor other users out", async () => {
    await freshSessions();
    assert.deepEqual((await get('/api/usrmg/general/config')).data, { maxLoginUser: 5, sessionTimeout: 15 });
    assert.equal((await m.call('POST', '/api/users/logout', { token: admin, body: {} })).status, 200);
    // The view user signs in again and again: each sign-in succeeds, its oldest sessions yield.
    const vic: string[] = [];
    for (let i = 0; i < 8; i++) vic.push(await token('vic'));
    const live = async (t: string) => (await m.call('GET', '/api/command/homePageInfo', { token: t })).status === 200;
    assert.equal((await Promise.all(vic.map(live))).filter(Boolean).length, 4, 'at most maxLoginUser − 1 places');
    assert.ok(await live(vic.at(-1)!), 'its newest session lives');
    // The user-management editor and two other users all get in, and stay in.
    const ed = await token('ed');
    const olga = await token('olga');
    const rita = await token('rita');
    for (const t of [ed, olga, rita]) assert.ok(await live(t));
    assert.equal(m.services.sessions.count(), 5);
    assert.equal((await Promise.all(vic.map(live))).filter(Boolean).length, 2);
  });
});

describe('item 5: a save based on a stale copy is refused', () => {
  test('two concurrent role edits: the second gets 409 and nothing is lost', async () => {
    await freshSessions();
    const second = await token('admin', ADMIN_PASSWORD);
    const a = await get('/api/usermg/role/config/ops');
    const b = await get('/api/usermg/role/config/ops', second);
    assert.match(a.etag, /^"[0-9a-f]{16}"$/);
    assert.equal(a.etag, b.etag);
    const first = await m.call('PUT', '/api/usermg/role/config/ops', { token: admin, body: { ...a.data, readingsAllow: 2 }, headers: { 'if-match': a.etag } });
    assert.deepEqual(first.body, SUCCESS);
    assert.notEqual(first.headers.etag, a.etag);
    const stale = await m.call('PUT', '/api/usermg/role/config/ops', { token: second, body: { ...b.data, configurationAllow: 2 }, headers: { 'if-match': b.etag } });
    assert.equal(stale.status, 409);
    assert.deepEqual(stale.body, { data: { value: STALE } });
    const now = await get('/api/usermg/role/config/ops', second);
    assert.deepEqual(now.data, { name: 'ops', readingsAllow: 2, configurationAllow: 1, maintenanceAllow: 1, userConfigAllow: 2 });
    assert.equal(now.etag, first.headers.etag);
    // Reloaded, the second edit lands on top of the first.
    const again = await m.call('PUT', '/api/usermg/role/config/ops', { token: second, body: { ...now.data, configurationAllow: 2 }, headers: { 'if-match': now.etag } });
    assert.deepEqual(again.body, SUCCESS);
    assert.deepEqual((await get('/api/usermg/role/config/ops')).data, { name: 'ops', readingsAllow: 2, configurationAllow: 2, maintenanceAllow: 1, userConfigAllow: 2 });
  });

  test('users, their passwords, the general config and the password policy: a stale save is 409 and changes nothing', async () => {
    await freshSessions();
    const user = await get('/api/usermg/user/config/olga');
    assert.deepEqual(
      (await m.call('PUT', '/api/usermg/user/config/olga', { token: admin, body: { accessLevel: 'ops', multipleLogin: false }, headers: { 'if-match': user.etag } })).body,
      SUCCESS,
    );
    const staleConfig = await m.call('PUT', '/api/usermg/user/config/olga', { token: admin, body: { accessLevel: 'view', multipleLogin: true }, headers: { 'if-match': user.etag } });
    assert.deepEqual({ status: staleConfig.status, body: staleConfig.body }, { status: 409, body: { data: { value: STALE } } });
    const stalePassword = await m.call('PUT', '/api/usermg/user/pwd/olga', {
      token: admin,
      body: { name: 'olga', password: 'Other1234', overridePwdPolicy: true },
      headers: { 'if-match': user.etag },
    });
    assert.deepEqual({ status: stalePassword.status, body: stalePassword.body }, { status: 409, body: { data: { value: STALE } } });
    const olga = (await get('/api/usermg/user/config/olga')).data;
    assert.equal(olga.accessLevel, 'ops');
    assert.equal(olga.multipleLogin, false);
    assert.equal((await signIn(m, 'olga', USER_PASSWORD)).status, 200, 'the password is unchanged');
    // The password set itself changes the user's revision.
    const fresh = await get('/api/usermg/user/config/olga');
    assert.deepEqual(
      (await m.call('PUT', '/api/usermg/user/pwd/olga', { token: admin, body: { name: 'olga', password: USER_PASSWORD, overridePwdPolicy: true }, headers: { 'if-match': fresh.etag } }))
        .body,
      SUCCESS,
    );
    assert.notEqual((await get('/api/usermg/user/config/olga')).etag, fresh.etag);

    const general = await get('/api/usrmg/general/config');
    assert.deepEqual(
      (await m.call('PUT', '/api/usrmg/general/config', { token: admin, body: { ...general.data, maxLoginUser: 6 }, headers: { 'if-match': general.etag } })).body,
      SUCCESS,
    );
    const staleGeneral = await m.call('PUT', '/api/usrmg/general/config', { token: admin, body: { ...general.data, sessionTimeout: 30 }, headers: { 'if-match': general.etag } });
    assert.equal(staleGeneral.status, 409);
    assert.deepEqual((await get('/api/usrmg/general/config')).data, { maxLoginUser: 6, sessionTimeout: 15 });

    const policy = await get('/api/settings/passwordPolicy');
    assert.deepEqual((await m.call('PUT', '/api/settings/passwordPolicy', { token: admin, body: { ...policy.data, pwdLength: 9 }, headers: { 'if-match': policy.etag } })).body, SUCCESS);
    const stalePolicy = await m.call('PUT', '/api/settings/passwordPolicy', { token: admin, body: { ...policy.data, pwdHistory: 3 }, headers: { 'if-match': policy.etag } });
    assert.deepEqual({ status: stalePolicy.status, body: stalePolicy.body }, { status: 409, body: { data: { value: STALE } } });
    const now = (await get('/api/settings/passwordPolicy')).data;
    assert.equal(now.pwdLength, 9);
    assert.equal(now.pwdHistory, policy.data.pwdHistory);
    // Clients of the spec's API send no If-Match: their saves are accepted as before.
    assert.equal((await m.call('PUT', '/api/usrmg/general/config', { token: admin, body: { maxLoginUser: 5, sessionTimeout: 15 } })).status, 200);
  });
});

describe('item 11: the API token is read with user-management bits only, and dies with its reader', () => {
  test('a readings-only user cannot fetch it; after its reader is locked, the token it read opens nothing', async () => {
    await freshSessions();
    const rita = await token('rita');
    const refused = await m.call('GET', '/api/command/getApiToken', { token: rita });
    assert.deepEqual({ status: refused.status, body: refused.body }, { status: 403, body: { data: { value: 'Permission denied' } } });

    const audrey = await token('audrey');
    const known = (await get('/api/command/getApiToken', audrey)).data.value as string;
    const reads = async (t: string) => (await m.call('GET', '/api/readings/realtime/system', { token: t })).status;
    assert.equal(await reads(known), 200);
    assert.deepEqual((await m.call('PATCH', '/api/usermg/user/lockout', { token: admin, body: { name: 'audrey', lockout: 1 } })).body, SUCCESS);
    assert.equal(await reads(known), 401, 'the token a locked user read is replaced');
    assert.equal((await m.call('GET', `/api/readings/realtime/system?token=${encodeURIComponent(known)}`)).status, 401);
    const next = (await get('/api/command/getApiToken')).data.value as string;
    assert.notEqual(next, known);
    assert.equal(await reads(next), 200);
    assert.ok(
      (m.services.ctx.db.prepare('SELECT message FROM module_event_log ORDER BY id').all() as { message: string }[]).some(
        (e) => e.message === 'API token reset: user audrey, who had read it, may no longer read it (change by admin)',
      ),
    );

    // A reader whose role loses the user-management bits: the same.
    assert.deepEqual((await m.call('PATCH', '/api/usermg/user/lockout', { token: admin, body: { name: 'audrey', lockout: 0 } })).body, SUCCESS);
    const audrey2 = await token('audrey');
    const read2 = (await get('/api/command/getApiToken', audrey2)).data.value as string;
    assert.equal(read2, next, 'unlocking does not bring the old token back');
    const role = await m.call('PUT', '/api/usermg/role/config/auditor', {
      token: admin,
      body: { name: 'auditor', readingsAllow: 1, configurationAllow: 2, maintenanceAllow: 2, userConfigAllow: 2 },
    });
    assert.deepEqual(role.body, SUCCESS);
    assert.equal(await reads(read2), 401);
    // A change that leaves every reader able to read it keeps the token.
    const kept = (await get('/api/command/getApiToken')).data.value as string;
    assert.deepEqual((await m.call('PATCH', '/api/usermg/user/lockout', { token: admin, body: { name: 'olga', lockout: 1 } })).body, SUCCESS);
    assert.equal(await reads(kept), 200);
  });
});
