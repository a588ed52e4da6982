/** Sign-in, sign-out, lockout, expiry and the first admin password (000 §4, §7, §8; 002 §4.11). */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildApp, redactUrl } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { ADMIN_PASSWORD, createTestModule, firstStartPassword } from '../../helper.ts';
import { DAY, USER_PASSWORD, addUser, eventLog, moduleWithClock, setPolicy, signIn, userEntry } from '../../users-helpers.ts';
import { UserRepository } from '../../../src/services/users/user-repository.ts';

const INCORRECT = 'Incorrect username/password';
const LOCKED_OUT = 'Account locked by administrator after too many failed attempts';
const LOCKED_BY_ADMIN = 'Account locked by administrator';
const EXPIRED = 'Password expired, account locked by administrator';

test('sign-in reply: token, userName, accessLevel, permission, default, passwordChangeRequired', async () => {
  const m = await createTestModule();
  try {
    const res = await signIn(m, 'admin', ADMIN_PASSWORD);
    assert.equal(res.status, 200, res.raw);
    const user = res.body.data;
    assert.deepEqual(Object.keys(user).sort(), ['accessLevel', 'default', 'passwordChangeRequired', 'permission', 'token', 'userName']);
    assert.equal(user.userName, 'admin');
    assert.equal(user.accessLevel, 'admin');
    assert.equal(user.permission, 255);
    // MODULE_ADMIN_PASSWORD is the installer's own choice, not a default password.
    assert.equal(user.default, false);
    assert.equal(user.passwordChangeRequired, false);
    // 32 random bytes, base64url.
    assert.match(user.token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal((await m.call('GET', '/api/usermg/user/list', { token: user.token })).status, 200);

    // The seeded view role: view on readings, configuration, maintenance; none on user config.
    await addUser(m, user.token, 'viewer');
    const v = await signIn(m, 'viewer', USER_PASSWORD);
    assert.equal(v.status, 200, v.raw);
    assert.deepEqual(
      { ...v.body.data, token: undefined },
      { token: undefined, userName: 'viewer', accessLevel: 'view', permission: 0b01010100, default: false, passwordChangeRequired: false },
    );
  } finally {
    await m.close();
  }
});

test('the generated first admin password is a default password: its session may only change it', async () => {
  const m = await createTestModule({ generatedAdminPassword: true });
  try {
    const password = firstStartPassword(m);
    const first = await signIn(m, 'admin', password);
    assert.equal(first.status, 200, first.raw);
    assert.equal(first.body.data.default, true);
    assert.equal(first.body.data.passwordChangeRequired, true);
    const token = first.body.data.token;
    for (const url of ['/api/usermg/user/list', '/api/settings/passwordPolicy', '/api/command/homePageInfo']) {
      const res = await m.call('GET', url, { token });
      assert.deepEqual({ status: res.status, body: res.body }, { status: 403, body: { data: { value: 'Password change required: change your password or sign out' } } }, url);
    }
    // Keeping the default password is not a change.
    const same = await m.call('PATCH', '/api/command/setPassword', { token, body: { username: 'admin', oldPassword: password, newPassword: password } });
    assert.equal(same.status, 400);
    assert.equal(same.body.data.value, 'Password must differ from the last 1 passwords');
    const ch = await m.call('PATCH', '/api/command/setPassword', { token, body: { username: 'admin', oldPassword: password, newPassword: 'NewAdmin99' } });
    assert.equal(ch.status, 200, ch.raw);
    assert.deepEqual(ch.body, { data: { value: 'Success' } });
    // Changing the admin password forces sign in again (002 §4.11).
    assert.equal((await m.call('POST', '/api/users/logout', { token, body: {} })).status, 401);
    assert.equal((await signIn(m, 'admin', password)).status, 401);
    const again = await signIn(m, 'admin', 'NewAdmin99');
    assert.equal(again.status, 200);
    assert.equal(again.body.data.default, false);
    assert.equal(again.body.data.passwordChangeRequired, false);
    assert.equal((await m.call('GET', '/api/usermg/user/list', { token: again.body.data.token })).status, 200);
  } finally {
    await m.close();
  }
});

test('a wrong user name and a wrong password give the same 401 reply', async () => {
  const m = await createTestModule();
  try {
    const wrongPw = await signIn(m, 'admin', 'not-the-password');
    const wrongUser = await signIn(m, 'nobody', ADMIN_PASSWORD);
    assert.equal(wrongPw.status, 401);
    assert.equal(wrongUser.status, 401);
    // The default policy locks after 5 failures: each name has 4 left after its first.
    assert.deepEqual(wrongPw.body, { data: { value: INCORRECT, attemptsLeft: 4 } });
    assert.deepEqual(wrongUser.body, wrongPw.body);
    assert.ok(!wrongPw.body.data.value.includes('locked by administrator'));
    // Missing fields are a validation error, not a sign-in attempt.
    const empty = await m.call('POST', '/api/users/authenticate', { body: {} });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.data.value, 'Please provide User Name');
  } finally {
    await m.close();
  }
});

test('lockout after maxFailedAttempts, automatic unlock after the wait', async () => {
  const { m, advance } = await moduleWithClock();
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    // Defaults: 5 attempts within 300 s, 10 s wait.
    for (let i = 1; i <= 4; i++) {
      const r = await signIn(m, 'alice', 'wrong');
      assert.equal(r.status, 401);
      assert.equal(r.body.data.value, INCORRECT, `attempt ${i}`);
      assert.equal(r.body.data.attemptsLeft, 5 - i, `attempt ${i}`);
    }
    const fifth = await signIn(m, 'alice', 'wrong');
    assert.equal(fifth.status, 401);
    assert.equal(fifth.body.data.value, LOCKED_OUT);
    assert.ok(fifth.body.data.value.includes('locked by administrator'));
    // Locked: even the right password is refused.
    const right = await signIn(m, 'alice', USER_PASSWORD);
    assert.equal(right.status, 401);
    assert.equal(right.body.data.value, LOCKED_OUT);
    const entry = await userEntry(m, admin, 'alice');
    assert.equal(entry.lockedOut, true);
    assert.equal(entry.status, 0);
    assert.ok(eventLog(m).some((e) => e.level === 'Critical' && e.message === 'User alice locked out after 5 failed sign-in attempts, for 10 s'));
    assert.ok(eventLog(m).some((e) => e.level === 'Error' && e.message === 'Sign-in failed for user alice: incorrect password'));

    advance(9_000);
    assert.equal((await signIn(m, 'alice', USER_PASSWORD)).body.data.value, LOCKED_OUT);
    advance(1_000);
    const after = await signIn(m, 'alice', USER_PASSWORD);
    assert.equal(after.status, 200, after.raw);
    assert.equal((await userEntry(m, admin, 'alice')).lockedOut, false);
    assert.ok(eventLog(m).some((e) => e.level === 'Info' && e.message === 'User alice signed in'));
  } finally {
    await m.close();
  }
});

test('the attempts left before the lockout: the same for a real and an unknown name, counted in the window, absent when nothing locks', async () => {
  const { m, advance } = await moduleWithClock();
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    await setPolicy(m, admin, { maxFailedAttempts: 3, failedLoginAttemptWindowsSeconds: 60 });
    const left = async (name: string) => {
      const r = await signIn(m, name, 'wrong');
      assert.equal(r.status, 401, r.raw);
      return r.body.data;
    };
    // Step by step a real name and an unknown one answer alike, down to the lockout.
    for (const expected of [2, 1]) {
      const real = await left('alice');
      const ghost = await left('ghost');
      assert.deepEqual(real, { value: INCORRECT, attemptsLeft: expected });
      assert.deepEqual(ghost, real);
    }
    assert.deepEqual(await left('alice'), { value: LOCKED_OUT });
    assert.deepEqual(await left('ghost'), { value: LOCKED_OUT });
    // The count restarts when the window has passed since the first failure.
    await addUser(m, admin, 'bob');
    assert.equal((await left('bob')).attemptsLeft, 2);
    advance(60_000);
    assert.equal((await left('bob')).attemptsLeft, 2);
    // A success restarts it too.
    assert.equal((await signIn(m, 'bob', USER_PASSWORD)).status, 200);
    assert.equal((await left('bob')).attemptsLeft, 2);
    // maxFailedAttempts 0 never locks: no count.
    await setPolicy(m, admin, { maxFailedAttempts: 0 });
    assert.deepEqual(await left('bob'), { value: INCORRECT });
    assert.deepEqual(await left('nobody'), { value: INCORRECT });
  } finally {
    await m.close();
  }
});

test('unknown user names lock out the same way; their kept states are bounded', async () => {
  const m = await createTestModule();
  try {
    for (let i = 1; i <= 4; i++) assert.equal((await signIn(m, 'ghost', 'x')).body.data.value, INCORRECT);
    assert.equal((await signIn(m, 'ghost', 'x')).body.data.value, LOCKED_OUT);
    assert.equal((await signIn(m, 'ghost', 'x')).body.data.value, LOCKED_OUT);
    // Past the limit, the states that hold nothing any more go first (window 60 s here) ...
    const repo = new UserRepository(m.services.ctx.db);
    const count = () => (m.services.ctx.db.prepare('SELECT count(*) AS n FROM unknown_name_failures').get() as { n: number }).n;
    m.services.ctx.db.prepare('DELETE FROM unknown_name_failures').run();
    repo.writeUnknownNameState('locked', { failedCount: 0, firstFailedAt: 0, lockedUntil: -1 }, 0, 1000, 60_000);
    for (let i = 1; i < 1000; i++) repo.writeUnknownNameState(`k${i}`, { failedCount: 1, firstFailedAt: i, lockedUntil: 0 }, i, 1000, 60_000);
    assert.equal(count(), 1000);
    repo.writeUnknownNameState('fresh', { failedCount: 1, firstFailedAt: 70_000, lockedUntil: 0 }, 70_000, 1000, 60_000);
    assert.equal(count(), 2);
    assert.equal(repo.unknownNameState('locked').lockedUntil, -1);
    // ... then, when every state still holds something, the stalest.
    for (let i = 0; i < 1005; i++) repo.writeUnknownNameState(`l${i}`, { failedCount: 0, firstFailedAt: 0, lockedUntil: -1 }, 80_000 + i, 1000, 60_000);
    assert.equal(count(), 1000);
    assert.equal(repo.unknownNameState('locked').lockedUntil, 0);
    assert.equal(repo.unknownNameState('l4').lockedUntil, 0);
    assert.equal(repo.unknownNameState('l5').lockedUntil, -1);
    // The typed name is not written to the log (it may be a password typed in the wrong field).
    assert.ok(eventLog(m).every((e) => !e.message.includes('ghost')));
  } finally {
    await m.close();
  }
});

test('the failed-attempt count resets after the window; window 0 never resets', async () => {
  const { m, advance } = await moduleWithClock();
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    await setPolicy(m, admin, { maxFailedAttempts: 3, failedLoginAttemptWindowsSeconds: 60 });
    for (let i = 0; i < 2; i++) assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, INCORRECT);
    advance(60_000);
    // The window has passed: two more failures do not lock.
    for (let i = 0; i < 2; i++) assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, INCORRECT);
    assert.equal((await userEntry(m, admin, 'alice')).lockedOut, false);
    assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, LOCKED_OUT);

    // A success resets the count.
    advance(10_000);
    assert.equal((await signIn(m, 'alice', USER_PASSWORD)).status, 200);
    await setPolicy(m, admin, { failedLoginAttemptWindowsSeconds: 0 });
    // An hour apart: past its free failures the account's throttle (its own test) would make alice wait.
    for (let i = 0; i < 2; i++) {
      advance(3_600_000);
      assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, INCORRECT);
    }
    advance(30 * DAY);
    assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, LOCKED_OUT);
  } finally {
    await m.close();
  }
});

test('failedLoginWaitSeconds 0: only an administrator unlocks; maxFailedAttempts 0: never locks', async () => {
  const { m, advance } = await moduleWithClock();
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    await setPolicy(m, admin, { maxFailedAttempts: 2, failedLoginWaitSeconds: 0 });
    await signIn(m, 'alice', 'wrong');
    assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, LOCKED_OUT);
    advance(365 * DAY);
    assert.equal((await signIn(m, 'alice', USER_PASSWORD)).body.data.value, LOCKED_OUT);
    assert.ok(eventLog(m).some((e) => e.level === 'Critical' && e.message === 'User alice locked out after 2 failed sign-in attempts, until an administrator unlocks it'));
    const admin2 = await m.login();
    const unlock = await m.call('PATCH', '/api/usermg/user/lockout', { token: admin2, body: { name: 'alice', lockout: 0 } });
    assert.equal(unlock.status, 200, unlock.raw);
    assert.equal((await signIn(m, 'alice', USER_PASSWORD)).status, 200);

    await setPolicy(m, admin2, { maxFailedAttempts: 0 });
    // An hour apart (the longest wait), so the account's throttle (its own test) never holds alice.
    for (let i = 0; i < 35; i++) {
      advance(3_600_000);
      assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, INCORRECT);
    }
    advance(3_600_000);
    assert.equal((await signIn(m, 'alice', USER_PASSWORD)).status, 200);
  } finally {
    await m.close();
  }
});

test('an account locked by an administrator gets the locked text', async () => {
  const m = await createTestModule();
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    assert.equal((await m.call('PATCH', '/api/usermg/user/lockout', { token: admin, body: { name: 'alice', lockout: 1 } })).status, 200);
    const r = await signIn(m, 'alice', USER_PASSWORD);
    assert.equal(r.status, 401);
    assert.equal(r.body.data.value, LOCKED_BY_ADMIN);
    const entry = await userEntry(m, admin, 'alice');
    assert.equal(entry.status, 1);
    assert.equal(entry.lockedOut, false);
    assert.equal((await m.call('PATCH', '/api/usermg/user/lockout', { token: admin, body: { name: 'alice', lockout: 0 } })).status, 200);
    assert.equal((await signIn(m, 'alice', USER_PASSWORD)).status, 200);
    assert.equal((await userEntry(m, admin, 'alice')).status, 0);
  } finally {
    await m.close();
  }
});

test('a lockout survives a restart; a never-ending admin lockout lifts at the next start', async () => {
  const { m, clock } = await moduleWithClock();
  const dataDir = m.dataDir;
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    await setPolicy(m, admin, { maxFailedAttempts: 2, failedLoginWaitSeconds: 0 });
    await signIn(m, 'alice', 'wrong');
    assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, LOCKED_OUT);
    await signIn(m, 'admin', 'wrong');
    assert.equal((await signIn(m, 'admin', 'wrong')).body.data.value, LOCKED_OUT);
    // An unknown name locks the same way, and the store keeps a keyed digest, never the name.
    await signIn(m, 'ghost', 'wrong');
    assert.equal((await signIn(m, 'ghost', 'wrong')).body.data.value, LOCKED_OUT);
    const keys = m.services.ctx.db.prepare('SELECT key FROM unknown_name_failures').all() as { key: string }[];
    assert.equal(keys.length, 1);
    assert.ok(!keys[0]!.key.includes('ghost'));
    await m.close(true);

    const { m: m2 } = await moduleWithClock({ dataDir, start: clock.t });
    try {
      assert.equal((await signIn(m2, 'alice', USER_PASSWORD)).body.data.value, LOCKED_OUT);
      // Across the restart the unknown name stays locked like alice: the two cannot be told apart.
      assert.equal((await signIn(m2, 'ghost', 'anything')).body.data.value, LOCKED_OUT);
      // User admin can unlock the others; nobody could unlock admin, so its lockout lifted.
      const admin2 = await m2.login();
      assert.equal((await userEntry(m2, admin2, 'alice')).lockedOut, true);
      assert.ok(eventLog(m2).some((e) => e.level === 'Critical' && e.message === 'Lockout of user admin lifted by the module start'));
    } finally {
      await m2.close(true);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a timed lockout survives a restart and ends on time', async () => {
  const { m, clock } = await moduleWithClock();
  const dataDir = m.dataDir;
  try {
    const admin = await m.login();
    await addUser(m, admin, 'bob');
    await setPolicy(m, admin, { maxFailedAttempts: 1, failedLoginWaitSeconds: 600 });
    assert.equal((await signIn(m, 'bob', 'wrong')).body.data.value, LOCKED_OUT);
    await m.close(true);
    const { m: m2, advance } = await moduleWithClock({ dataDir, start: clock.t + 60_000 });
    try {
      assert.equal((await signIn(m2, 'bob', USER_PASSWORD)).body.data.value, LOCKED_OUT);
      advance(540_000);
      assert.equal((await signIn(m2, 'bob', USER_PASSWORD)).status, 200);
    } finally {
      await m2.close(true);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('password expiry: sign-in within the grace period must change; after it the account locks', async () => {
  const { m, advance, clock } = await moduleWithClock();
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    await addUser(m, admin, 'bob');
    await setPolicy(m, admin, { pwdExpireDays: 30, gracePeriodDays: 5 });
    const entry = await userEntry(m, admin, 'alice');
    assert.equal(entry.passwordExpirationTime, Math.floor(clock.t / 1000) + 30 * 86400);

    advance(29 * DAY);
    const fresh = await signIn(m, 'alice', USER_PASSWORD);
    assert.equal(fresh.body.data.default, false);
    assert.equal(fresh.body.data.passwordChangeRequired, false);
    advance(2 * DAY); // day 31: expired, in grace
    const inGrace = await signIn(m, 'alice', USER_PASSWORD);
    assert.equal(inGrace.status, 200);
    assert.equal(inGrace.body.data.default, false);
    assert.equal(inGrace.body.data.passwordChangeRequired, true);
    advance(5 * DAY); // day 36: grace over
    const late = await signIn(m, 'alice', USER_PASSWORD);
    assert.equal(late.status, 401);
    assert.equal(late.body.data.value, EXPIRED);
    assert.ok(late.body.data.value.includes('locked by administrator'));
    // (the first admin session has timed out meanwhile)
    assert.equal((await m.call('GET', '/api/usermg/user/list', { token: admin })).status, 401);
    // User admin's own password has expired too: its session may only change it.
    const expiredAdmin = await m.login();
    assert.equal((await m.call('GET', '/api/usermg/user/list', { token: expiredAdmin })).status, 403);
    const renewed = await m.call('PATCH', '/api/command/setPassword', { token: expiredAdmin, body: { username: 'admin', oldPassword: ADMIN_PASSWORD, newPassword: 'Renewed123' } });
    assert.equal(renewed.status, 200, renewed.raw);
    const admin2 = await m.login('admin', 'Renewed123');
    assert.equal((await userEntry(m, admin2, 'alice')).status, 1);
    assert.ok(eventLog(m).some((e) => e.level === 'Critical' && e.message === 'User alice locked: password expired'));

    // Unlocked by an administrator, the user may sign in once more and must change the password.
    assert.equal((await m.call('PATCH', '/api/usermg/user/lockout', { token: admin2, body: { name: 'alice', lockout: 0 } })).status, 200);
    const again = await signIn(m, 'alice', USER_PASSWORD);
    assert.equal(again.status, 200);
    assert.deepEqual([again.body.data.default, again.body.data.passwordChangeRequired], [true, true]);
    const ch = await m.call('PATCH', '/api/command/setPassword', { token: again.body.data.token, body: { username: 'alice', oldPassword: USER_PASSWORD, newPassword: 'Fresh1234' } });
    assert.equal(ch.status, 200, ch.raw);
    assert.equal((await signIn(m, 'alice', 'Fresh1234')).body.data.default, false);

    // Grace 0: locked at once. User admin is never locked: it must change the password instead.
    await setPolicy(m, admin2, { gracePeriodDays: 0 });
    assert.equal((await signIn(m, 'bob', USER_PASSWORD)).body.data.value, EXPIRED);
    advance(31 * DAY);
    const a = await signIn(m, 'admin', 'Renewed123');
    assert.equal(a.status, 200);
    assert.deepEqual([a.body.data.default, a.body.data.passwordChangeRequired], [false, true]);
  } finally {
    await m.close();
  }
});

test('logout ends the session and is logged', async () => {
  const m = await createTestModule();
  try {
    const token = await m.login();
    const out = await m.call('POST', '/api/users/logout', { token, body: {} });
    assert.equal(out.status, 200);
    assert.deepEqual(out.body, { data: { value: 'Success' } });
    assert.equal((await m.call('GET', '/api/usermg/user/list', { token })).status, 401);
    assert.equal((await m.call('POST', '/api/users/logout', { token, body: {} })).status, 401);
    assert.ok(eventLog(m).some((e) => e.level === 'Info' && e.message === 'User admin signed out'));
  } finally {
    await m.close();
  }
});

test('no token or password ever reaches the event log; logged URLs hide ?token=', async () => {
  const m = await createTestModule();
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    const alice = (await signIn(m, 'alice', USER_PASSWORD)).body.data.token;
    await signIn(m, 'alice', 'WrongSecret9');
    await m.call('PUT', '/api/usermg/user/pwd/alice', { token: admin, body: { name: 'alice', password: 'Other5678', overridePwdPolicy: false } });
    const apiToken = (await m.call('GET', '/api/command/getApiToken', { token: admin })).body.data.value;
    const secrets = [admin, alice, apiToken, ADMIN_PASSWORD, USER_PASSWORD, 'WrongSecret9', 'Other5678'];
    const log = eventLog(m);
    assert.ok(log.length > 4);
    for (const e of log) for (const s of secrets) assert.ok(!e.message.includes(s), `event log holds a secret: ${e.message}`);
  } finally {
    await m.close();
  }
  assert.equal(redactUrl('/api/readings/io?token=abc.DEF-123&x=1'), '/api/readings/io?token=[redacted]&x=1');
  assert.equal(redactUrl('/api/file?time=5&token=secret'), '/api/file?time=5&token=[redacted]');
  assert.equal(redactUrl('/api/readings/io'), '/api/readings/io');
  // The query parser decodes names: every spelling it reads as `token` is redacted.
  assert.equal(redactUrl('/api/readings/io?%74oken=abc'), '/api/readings/io?%74oken=[redacted]');
  assert.equal(redactUrl('/api/readings/io?x=1&%74%6F%6B%65%6E=abc&y=2'), '/api/readings/io?x=1&%74%6F%6B%65%6E=[redacted]&y=2');
  assert.equal(redactUrl('/api/readings/io?tok%65n=abc&token=def'), '/api/readings/io?tok%65n=[redacted]&token=[redacted]');
  assert.equal(redactUrl('/api/readings/io?%E0%A4%A=abc'), '/api/readings/io?%E0%A4%A=[redacted]');
  assert.equal(redactUrl('/api/readings/io?tokens=abc&mytoken=b'), '/api/readings/io?tokens=abc&mytoken=b');
});

test('without MODULE_ADMIN_PASSWORD the first admin password is random, shown once and kept in a 0600 file', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'module-test-'));
  const logged: string[] = [];
  const log = t.mock.method(console, 'log', (...args: unknown[]) => void logged.push(args.join(' ')));
  try {
    const config = loadConfig({ MODULE_DATA_DIR: dataDir, MODULE_LOG_LEVEL: 'silent', MODULE_MODBUS_PORT: '0' });
    assert.equal(config.adminPassword, undefined);
    const { app } = await buildApp(config, { logger: false });
    const file = join(dataDir, 'initial-admin-password');
    const password = readFileSync(file, 'utf8').trim();
    assert.match(password, /^[A-Za-z0-9]{16}$/);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(logged.filter((l) => l.includes(password)).length, 1);
    assert.equal(logged.length, 1);
    const login = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'admin', password } });
    assert.equal(login.statusCode, 200);
    const user = login.json().data;
    assert.equal(user.default, true);
    assert.equal(user.passwordChangeRequired, true);
    // No universal default password.
    const other = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    assert.equal(other.statusCode, 401);
    // Changing it removes the file.
    const ch = await app.inject({
      method: 'PATCH',
      url: '/api/command/setPassword',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { username: 'admin', oldPassword: password, newPassword: 'Changed123' },
    });
    assert.equal(ch.statusCode, 200, ch.body);
    assert.equal(existsSync(file), false);
    await app.close();

    // A second start of the same folder prints nothing.
    const again = await buildApp(config, { logger: false });
    await again.app.close();
    assert.equal(logged.length, 1);
  } finally {
    log.mock.restore();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a session with an expired password may only change the password or sign out', async () => {
  const { m, advance } = await moduleWithClock();
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    await setPolicy(m, admin, { pwdExpireDays: 30, gracePeriodDays: 5, sessionTimeout: 0 });
    advance(31 * DAY); // expired, in grace; user admin's first password too
    const REQUIRED = { data: { value: 'Password change required: change your password or sign out' } };
    const grace = await signIn(m, 'alice', USER_PASSWORD);
    assert.deepEqual([grace.body.data.default, grace.body.data.passwordChangeRequired], [false, true]);
    const token = grace.body.data.token as string;
    for (const [method, url, body] of [
      ['GET', '/api/command/homePageInfo', undefined],
      ['GET', '/api/readings/realtime/system', undefined],
      ['GET', '/api/settings/deviceInfo', undefined],
      ['PATCH', '/api/eventLog/export', { action: 'export' }],
    ] as const) {
      const res = await m.call(method, url, { token, body });
      assert.deepEqual({ status: res.status, body: res.body }, { status: 403, body: REQUIRED }, url);
    }
    // Public calls stay public; signing out works.
    assert.equal((await m.call('GET', '/api/systemMode', { token })).status, 200);
    const other = (await signIn(m, 'alice', USER_PASSWORD)).body.data.token;
    assert.equal((await m.call('POST', '/api/users/logout', { token: other, body: {} })).status, 200);
    // The change goes through the same session, ends it, and the next sign-in is unrestricted.
    const bad = await m.call('PATCH', '/api/command/setPassword', { token, body: { username: 'alice', oldPassword: USER_PASSWORD, newPassword: 'short' } });
    assert.equal(bad.status, 400);
    const ch = await m.call('PATCH', '/api/command/setPassword', { token, body: { username: 'alice', oldPassword: USER_PASSWORD, newPassword: 'Fresh1234' } });
    assert.equal(ch.status, 200, ch.raw);
    assert.equal((await m.call('GET', '/api/command/homePageInfo', { token })).status, 401);
    const fresh = await signIn(m, 'alice', 'Fresh1234');
    assert.equal(fresh.body.data.default, false);
    assert.equal((await m.call('GET', '/api/command/homePageInfo', { token: fresh.body.data.token })).status, 200);
    // Sessions opened before the expiry keep working until they end.
    assert.equal((await m.call('GET', '/api/command/homePageInfo', { token: admin })).status, 200);
  } finally {
    await m.close();
  }
});
