/** Failed secret checks per source address: sign-in, the current password, the meter password (issue 12). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN_PASSWORD, type TestModule } from './helper.ts';
import { USER_PASSWORD, addUser, moduleWithClock, setPolicy, signIn } from './users-helpers.ts';

const INCORRECT = 'Incorrect username/password';
const wait = (s: number) => ({ status: 429, body: { data: { value: `Too many failed attempts from this address: try again in ${s} s` } }, retryAfter: String(s) });
const outcome = (r: { status: number; body: unknown; headers: Record<string, unknown> }) => ({ status: r.status, body: r.body, retryAfter: r.headers['retry-after'] });

/** A sign-in from another address than the tests' 127.0.0.1. */
async function signInFrom(m: TestModule, ip: string, username: string, password: string) {
  const res = await m.app.inject({ method: 'POST', url: '/api/users/authenticate', remoteAddress: ip, payload: { username, password } });
  return { status: res.statusCode, body: res.json() as { data: { value?: string; token?: string } } };
}

test('sign-in: ten free failures per source, then growing waits answered 429 with Retry-After', async () => {
  const { m, advance } = await moduleWithClock();
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    // Lockout off, so only the throttle speaks.
    await setPolicy(m, admin, { maxFailedAttempts: 0 });
    for (let i = 0; i < 10; i++) assert.equal((await signIn(m, i % 2 ? 'alice' : 'ghost', 'wrong')).body.data.value, INCORRECT);
    // The 11th failure is still checked, and makes the source wait 1 s.
    assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, INCORRECT);
    // While waiting nothing is checked: the right password, a known or an unknown name alike.
    assert.deepEqual(outcome(await signIn(m, 'alice', USER_PASSWORD)), wait(1));
    assert.deepEqual(outcome(await signIn(m, 'ghost', 'wrong')), wait(1));
    // Another address is not held up, and the real user signs in from there.
    assert.equal((await signInFrom(m, '10.0.0.7', 'alice', USER_PASSWORD)).status, 200);
    advance(1000);
    assert.equal((await signIn(m, 'ghost', 'wrong')).body.data.value, INCORRECT); // 12th: 2 s
    assert.deepEqual(outcome(await signIn(m, 'alice', 'wrong')), wait(2));
    advance(2000);
    assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, INCORRECT); // 13th: 4 s
    advance(1000);
    assert.deepEqual(outcome(await signIn(m, 'alice', 'wrong')), wait(3));
    advance(3000);
    // A success does not count and lifts the wait it would have started.
    assert.equal((await signIn(m, 'alice', USER_PASSWORD)).status, 200);
    // Fifteen minutes without a check: the count starts again.
    advance(15 * 60_000);
    for (let i = 0; i < 11; i++) assert.equal((await signIn(m, 'alice', 'wrong')).body.data.value, INCORRECT);
    assert.equal((await signIn(m, 'alice', 'wrong')).status, 429);
  } finally {
    await m.close();
  }
});

test('the waits grow to five minutes at most', async () => {
  const { m, advance } = await moduleWithClock();
  try {
    const admin = await m.login();
    await setPolicy(m, admin, { maxFailedAttempts: 0, sessionTimeout: 0 });
    for (let i = 0; i < 10; i++) await signIn(m, 'ghost', 'wrong');
    let last = 0;
    for (let i = 0; i < 12; i++) {
      assert.equal((await signIn(m, 'ghost', 'wrong')).body.data.value, INCORRECT);
      const r = await signIn(m, 'ghost', 'wrong');
      assert.equal(r.status, 429);
      last = Number(r.headers['retry-after']);
      advance(last * 1000);
    }
    assert.equal(last, 300);
  } finally {
    await m.close();
  }
});

test('the current password of setPassword and the meter password count with sign-in failures', async () => {
  const { m } = await moduleWithClock();
  try {
    const admin = await m.login();
    await addUser(m, admin, 'alice');
    const alice = (await signIn(m, 'alice', USER_PASSWORD)).body.data.token;
    for (let i = 0; i < 5; i++) {
      const r = await m.call('PATCH', '/api/command/setPassword', { token: alice, body: { username: 'alice', oldPassword: 'nope', newPassword: 'Takeover1' } });
      assert.equal(r.body.data.value, 'Current password incorrect');
    }
    for (let i = 0; i < 5; i++) {
      const r = await m.call('PATCH', '/api/command/meter/setMeterPassword', { token: admin, body: { oldPassword: '1234', newPassword: '4321' } });
      assert.equal(r.status, 400, r.raw);
    }
    assert.equal((await signIn(m, 'admin', 'wrong')).body.data.value, INCORRECT); // the 11th
    const own = await m.call('PATCH', '/api/command/setPassword', { token: alice, body: { username: 'alice', oldPassword: USER_PASSWORD, newPassword: 'Takeover1' } });
    assert.deepEqual(outcome(own), wait(1));
    const meter = await m.call('PATCH', '/api/command/meter/setMeterPassword', { token: admin, body: { oldPassword: '0000', newPassword: '4321' } });
    assert.deepEqual(outcome(meter), wait(1));
    assert.deepEqual(outcome(await signIn(m, 'admin', ADMIN_PASSWORD)), wait(1));
  } finally {
    await m.close();
  }
});
