/** Sessions: tokens, inactivity timeout, maxLoginUser, multipleLogin (002 §3.16, §4.11, §5.11). */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { SessionStore, sessionIdOf } from '../../../src/services/sessions/session-store.ts';
import { hashPassword, verifyPassword } from '../../../src/services/users/passwords.ts';
import { MINUTE, USER_PASSWORD, addUser, moduleWithClock, setPolicy, signIn, userEntry } from '../../users-helpers.ts';

function store(opts: { max?: number; timeout?: number } = {}) {
  const clock = { t: 1_000_000 };
  const settings = { max: opts.max ?? 5, timeout: opts.timeout ?? 15 };
  const s = new SessionStore({ now: () => clock.t, maxSessions: () => settings.max, timeoutMinutes: () => settings.timeout });
  return { s, clock, settings };
}

describe('SessionStore', () => {
  test('tokens are 32 random bytes; only their SHA-256 is kept', () => {
    const { s } = store();
    const a = s.create('alice', { multipleLogin: true })!;
    const b = s.create('alice', { multipleLogin: true })!;
    assert.match(a.token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(a.token, 'base64url').length, 32);
    assert.notEqual(a.token, b.token);
    assert.equal(a.session.id, createHash('sha256').update(a.token).digest('base64url'));
    assert.equal(sessionIdOf(a.token), a.session.id);
    assert.ok(!JSON.stringify([...(s as unknown as { byId: Map<string, unknown> }).byId]).includes(a.token));
    assert.equal(s.resolve(a.token)?.userName, 'alice');
    assert.equal(s.resolve(a.session.id), null, 'the id is not a token');
    assert.equal(s.resolve('made-up'), null);
  });

  test('inactivity timeout; each user action restarts it, a background use does not; 0 never ends', () => {
    const { s, clock, settings } = store({ timeout: 15 });
    const { token } = s.create('alice', { multipleLogin: true })!;
    clock.t += 14 * MINUTE;
    assert.ok(s.resolve(token, true));
    clock.t += 14 * MINUTE;
    assert.ok(s.resolve(token));
    clock.t += 1 * MINUTE - 1;
    assert.ok(s.resolve(token), 'a background use left the clock running');
    clock.t += 1;
    assert.equal(s.resolve(token), null);
    assert.equal(s.count(), 0);
    settings.timeout = 0;
    const other = s.create('bob', { multipleLogin: true })!;
    clock.t += 1000 * 24 * 60 * MINUTE;
    assert.ok(s.resolve(other.token));
  });

  test('maxLoginUser counts live sessions of everybody; idle ones free their place', () => {
    const { s, clock, settings } = store({ max: 2, timeout: 15 });
    assert.ok(s.create('a', { multipleLogin: true }));
    assert.ok(s.create('b', { multipleLogin: true }));
    assert.equal(s.create('c', { multipleLogin: true }), null);
    clock.t += 15 * MINUTE;
    assert.ok(s.create('c', { multipleLogin: true }));
    settings.max = 1;
    assert.equal(s.create('d', { multipleLogin: true }), null);
  });

  test('at the limit: own oldest session makes room; a user manager displaces a non-manager first', () => {
    const { s, clock } = store({ max: 3 });
    const a1 = s.create('a', { multipleLogin: true })!;
    clock.t += 1;
    const b = s.create('b', { multipleLogin: true })!;
    clock.t += 1;
    const boss = s.create('boss', { multipleLogin: true, userManager: true })!;
    clock.t += 1;
    assert.equal(s.create('c', { multipleLogin: true }), null);
    const a2 = s.create('a', { multipleLogin: true })!;
    assert.equal(a2.displaced[0]?.id, a1.session.id);
    assert.equal(s.resolve(a1.token), null);
    clock.t += 1;
    const mgr = s.create('mgr', { multipleLogin: true, userManager: true })!;
    assert.equal(mgr.displaced[0]?.id, b.session.id);
    assert.ok(s.resolve(boss.token));
    clock.t += 1;
    // Only managers left besides a: a goes first, then the oldest manager.
    assert.equal(s.create('mgr2', { multipleLogin: true, userManager: true })!.displaced[0]?.userName, 'a');
    assert.equal(s.create('mgr3', { multipleLogin: true, userManager: true })!.displaced[0]?.userName, 'boss');
    assert.equal(s.count(), 3);
  });

  test("a user's share is maxLoginUser − 1; at the limit the largest holder's oldest session yields to anybody", () => {
    const { s, clock, settings } = store({ max: 4 });
    const v = [];
    for (let i = 0; i < 5; i++) {
      v.push(s.create('viewer', { multipleLogin: true })!);
      clock.t += 1;
    }
    // Three places at most: the two oldest yielded, each reported.
    assert.deepEqual(
      v.map((c) => s.resolve(c.token) !== null),
      [false, false, true, true, true],
    );
    assert.deepEqual(
      v[3]!.displaced.map((d) => d.id),
      [v[0]!.session.id],
    );
    const b = s.create('bob', { multipleLogin: true })!;
    assert.deepEqual(b.displaced, []);
    clock.t += 1;
    // Full: a plain user gets in, and the viewer (three places) gives up its oldest.
    const c = s.create('carol', { multipleLogin: true })!;
    assert.deepEqual(
      c.displaced.map((d) => d.id),
      [v[2]!.session.id],
    );
    clock.t += 1;
    const d = s.create('dave', { multipleLogin: true })!;
    assert.deepEqual(
      d.displaced.map((x) => x.id),
      [v[3]!.session.id],
    );
    // Everybody holds one place now: a fifth user is refused and nothing ends.
    assert.equal(s.create('erin', { multipleLogin: true }), null);
    assert.equal(s.count(), 4);
    // maxLoginUser 1: the share is still one session.
    settings.max = 1;
    s.endAll();
    s.create('viewer', { multipleLogin: true });
    assert.equal(s.create('viewer', { multipleLogin: true })!.displaced.length, 1);
    assert.equal(s.count(), 1);
  });

  test('without multipleLogin a new sign-in ends the earlier sessions of that user', () => {
    const { s } = store({ max: 2 });
    const first = s.create('alice', { multipleLogin: false })!;
    s.create('bob', { multipleLogin: true });
    // Full, but alice's own earlier session makes room.
    const second = s.create('alice', { multipleLogin: false })!;
    assert.ok(second);
    assert.equal(s.resolve(first.token), null);
    assert.ok(s.resolve(second.token));
    assert.equal(s.count(), 2);
  });

  test('end, endUser, endAll', () => {
    const { s } = store();
    const a1 = s.create('alice', { multipleLogin: true })!;
    const a2 = s.create('alice', { multipleLogin: true })!;
    const b = s.create('bob', { multipleLogin: true })!;
    assert.equal(s.end(a1.token), true);
    assert.equal(s.resolve(a1.token), null);
    assert.equal(s.endUser('alice'), 1);
    assert.equal(s.resolve(a2.token), null);
    assert.ok(s.resolve(b.token));
    s.endAll();
    assert.equal(s.count(), 0);
  });
});

describe('passwords', () => {
  test('scrypt, self-describing, salted', async () => {
    const h = await hashPassword('Secret123');
    const parts = h.split('$');
    assert.deepEqual(parts.slice(0, 4), ['scrypt', '16384', '8', '1']);
    assert.equal(Buffer.from(parts[4]!, 'base64').length, 16);
    assert.equal(Buffer.from(parts[5]!, 'base64').length, 64);
    assert.notEqual(await hashPassword('Secret123'), h);
    assert.equal(await verifyPassword('Secret123', h), true);
    assert.equal(await verifyPassword('Secret124', h), false);
    assert.equal(await verifyPassword('Secret123', 'garbage'), false);
    assert.equal(await verifyPassword('Secret123', 'scrypt$1048576$64$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA'), false);
  });
});

describe('sessions through the API', () => {
  test('a session ends after sessionTimeout minutes without a request', async () => {
    const { m, advance } = await moduleWithClock();
    try {
      const token = await m.login();
      // The user's own calls (the console's activity header) restart the clock.
      const acting = { token, headers: { 'x-user-activity': '1' } };
      advance(14 * MINUTE);
      assert.equal((await m.call('GET', '/api/usermg/user/list', acting)).status, 200);
      advance(14 * MINUTE);
      assert.equal((await m.call('GET', '/api/usermg/user/list', acting)).status, 200);
      advance(15 * MINUTE);
      const res = await m.call('GET', '/api/usermg/user/list', { token });
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { data: { value: 'Unauthorized' } });

      // sessionTimeout is one setting, shown in the policy and in the general config.
      const t2 = await m.login();
      const gen = await m.call('PUT', '/api/usrmg/general/config', { token: t2, body: { maxLoginUser: 5, sessionTimeout: 0 } });
      assert.equal(gen.status, 200, gen.raw);
      assert.equal((await m.call('GET', '/api/settings/passwordPolicy', { token: t2 })).body.data.sessionTimeout, 0);
      advance(10_000 * MINUTE);
      assert.equal((await m.call('GET', '/api/usermg/user/list', { token: t2 })).status, 200);
      await setPolicy(m, t2, { sessionTimeout: 7 });
      assert.deepEqual((await m.call('GET', '/api/usrmg/general/config', { token: t2 })).body.data, { maxLoginUser: 5, sessionTimeout: 7 });
      advance(7 * MINUTE);
      assert.equal((await m.call('GET', '/api/usermg/user/list', { token: t2 })).status, 401);
    } finally {
      await m.close();
    }
  });

  test('the session timeout held between saves follows a save at once, and a save rolled back is not held', async () => {
    const { m } = await moduleWithClock();
    try {
      const { settings } = m.services.users;
      assert.equal(settings.sessionTimeoutMinutes(), 15);
      assert.throws(() =>
        m.services.ctx.db.transaction(() => {
          settings.savePasswordPolicy({ ...settings.passwordPolicy(), sessionTimeout: 3 });
          assert.equal(settings.sessionTimeoutMinutes(), 3, 'read inside the transaction');
          throw new Error('rolled back');
        })(),
      );
      assert.equal(settings.sessionTimeoutMinutes(), 15);
      settings.savePasswordPolicy({ ...settings.passwordPolicy(), sessionTimeout: 4 });
      assert.equal(settings.sessionTimeoutMinutes(), 4);
    } finally {
      await m.close();
    }
  });

  test('maxLoginUser refuses sign-ins beyond the limit', async () => {
    const { m, advance } = await moduleWithClock();
    try {
      const admin = await m.login();
      assert.deepEqual((await m.call('GET', '/api/usrmg/general/config', { token: admin })).body.data, { maxLoginUser: 5, sessionTimeout: 15 });
      await addUser(m, admin, 'alice');
      await addUser(m, admin, 'bob');
      assert.equal((await m.call('PUT', '/api/usrmg/general/config', { token: admin, body: { maxLoginUser: 2, sessionTimeout: 15 } })).status, 200);
      const alice = (await signIn(m, 'alice', USER_PASSWORD)).body.data.token;
      const refused = await signIn(m, 'bob', USER_PASSWORD);
      assert.equal(refused.status, 429);
      assert.deepEqual(refused.body, { data: { value: 'Maximum number of concurrent logins reached' } });
      assert.equal((await userEntry(m, admin, 'bob')).lastLoginTime, 0);
      assert.equal((await m.call('POST', '/api/users/logout', { token: alice, body: {} })).status, 200);
      assert.equal((await signIn(m, 'bob', USER_PASSWORD)).status, 200);
      // Idle sessions do not hold a place.
      advance(15 * MINUTE);
      assert.equal((await signIn(m, 'alice', USER_PASSWORD)).status, 200);
      // Out of range is refused by the contract's rule.
      const bad = await m.call('PUT', '/api/usrmg/general/config', { token: (await signIn(m, 'admin', 'Admin1234')).body.data.token, body: { maxLoginUser: 11, sessionTimeout: 15 } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.data.value, 'Max Concurrent Logins must be between 1 and 10');
    } finally {
      await m.close();
    }
  });

  test('one user never holds every place: its share is maxLoginUser − 1, and a full module makes room from the largest holder', async () => {
    const { m } = await moduleWithClock();
    try {
      const admin = await m.login();
      await addUser(m, admin, 'viewer');
      await addUser(m, admin, 'other');
      assert.equal((await m.call('PUT', '/api/usrmg/general/config', { token: admin, body: { maxLoginUser: 3, sessionTimeout: 15 } })).status, 200);
      assert.equal((await m.call('POST', '/api/users/logout', { token: admin, body: {} })).status, 200);
      // One view user signs in again and again: it keeps two places, its oldest session yielding.
      const viewer = [];
      for (let i = 0; i < 4; i++) {
        const res = await signIn(m, 'viewer', USER_PASSWORD);
        assert.equal(res.status, 200, res.raw);
        viewer.push(res.body.data.token as string);
      }
      const live = async (token: string) => (await m.call('GET', '/api/command/homePageInfo', { token })).status === 200;
      assert.deepEqual(await Promise.all(viewer.map(live)), [false, false, true, true]);
      // The place it leaves is another user's.
      assert.equal((await signIn(m, 'other', USER_PASSWORD)).status, 200);
      // Full: user admin gets in, and the user holding the most places gives up its oldest.
      assert.equal((await signIn(m, 'admin', 'Admin1234')).status, 200);
      assert.deepEqual(await Promise.all(viewer.map(live)), [false, false, false, true]);
      const log = m.services.ctx.db.prepare('SELECT message FROM module_event_log ORDER BY id').all() as { message: string }[];
      assert.ok(log.some((e) => e.message === 'Session of user viewer ended: maximum number of concurrent logins reached at sign-in of user admin'));
    } finally {
      await m.close();
    }
  });

  test('multipleLogin: off ends the earlier session, on keeps both', async () => {
    const { m } = await moduleWithClock();
    try {
      const admin = await m.login();
      await addUser(m, admin, 'single', { multipleLogin: false });
      await addUser(m, admin, 'multi', { multipleLogin: true });
      const s1 = (await signIn(m, 'single', USER_PASSWORD)).body.data.token;
      const s2 = (await signIn(m, 'single', USER_PASSWORD)).body.data.token;
      assert.equal((await m.call('GET', '/api/command/homePageInfo', { token: s1 })).status, 401);
      assert.equal((await m.call('GET', '/api/command/homePageInfo', { token: s2 })).status, 200);
      const m1 = (await signIn(m, 'multi', USER_PASSWORD)).body.data.token;
      const m2 = (await signIn(m, 'multi', USER_PASSWORD)).body.data.token;
      assert.equal((await m.call('GET', '/api/command/homePageInfo', { token: m1 })).status, 200);
      assert.equal((await m.call('GET', '/api/command/homePageInfo', { token: m2 })).status, 200);
      assert.equal((await userEntry(m, admin, 'single')).multipleLogin, false);
    } finally {
      await m.close();
    }
  });
});
