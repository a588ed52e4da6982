/**
 * Guessing any secret is bounded per account, whatever the number of source addresses (issue 25
 * item 3; docs/decisions/users-secret-checks-and-sftp-access.md, "Secret checks: per-account throttling"). The attacks run over real
 * sockets from different loopback addresses (127.0.x.y: Linux routes the whole 127/8 to lo).
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_THROTTLE, SecretThrottle, delayAfter, shortestTimeFor } from '../../../src/services/throttle/secret-throttle.ts';
import { ADMIN_PASSWORD, startModuleWithUsers, type TestModule } from '../../helper.ts';
import { USER_PASSWORD, addUser, eventLog, setPolicy, testClock } from '../../users-helpers.ts';

const INCORRECT = 'Incorrect username/password';
const LOCKED_OUT = 'Account locked by administrator after too many failed attempts';
const DAY_MS = 86_400_000;
const waitReply = (s: number) => ({ status: 429, body: { data: { value: `Too many failed attempts: try again in ${s} s` } }, retryAfter: String(s) });

interface Reply {
  status: number;
  body: { data: { value?: string; token?: string; attemptsLeft?: number } };
  retryAfter: string | undefined;
  setCookie: string[];
}

let port = 0;

/** One API call over a real socket bound to the source address `from`. */
function call(from: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method,
        path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: JSON.parse(text) as Reply['body'],
            retryAfter: res.headers['retry-after'],
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const signIn = (from: string, username: string, password: string, cookie?: string) => call(from, 'POST', '/api/users/authenticate', { username, password }, cookie ? { cookie } : {});
/** What a reply tells an attacker: status, text, attempts left, wait. */
const seen = (r: Reply) => ({ status: r.status, body: r.body, retryAfter: r.retryAfter });
/** The i-th of six attacking addresses. */
const attacker = (i: number) => `127.0.0.${2 + (i % 6)}`;

describe('per-account throttling of secret checks', () => {
  let m: TestModule;
  let admin: string;
  const { now, advance } = testClock();
  before(async () => {
    ({ m, admin } = await startModuleWithUsers({ now, listen: true }));
    port = (m.app.server.address() as AddressInfo).port;
  });
  after(() => m.close());

  /** A day of silence: every account's count restarts (and admin signs in again). */
  const quiet = async () => {
    advance(DEFAULT_THROTTLE.resetMs);
    admin = await m.login();
  };

  test('the delay schedule: 5 free failures, then 1 s doubling to 1 h; all 10,000 meter codes take more than a year', () => {
    const waits = Array.from({ length: 20 }, (_, i) => delayAfter(i + 1) / 1000);
    assert.deepEqual(waits, [0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3600, 3600, 3600]);
    // docs/decisions/users-secret-checks-and-sftp-access.md: past the 17th failure of a count every guess waits 1 h, and a count
    // restarts only after 24 h of silence, so no strategy beats one guess an hour for long.
    const year = 365 * DAY_MS;
    const all = shortestTimeFor(10_000);
    assert.ok(all > year, `10,000 codes in ${all / DAY_MS} days`);
    assert.ok(all >= (10_000 - 17) * 3_600_000, `at least 9,983 h, got ${all / 3_600_000} h`);
    // Restarting the count every 17 guesses (24 h silence each time) is slower still.
    assert.ok(Math.floor(10_000 / 17) * DAY_MS > year);
  });

  test('a device clock set back a day stretches no wait and takes nothing from the sign-in bucket', () => {
    let t = 100 * DAY_MS;
    const throttle = new SecretThrottle(() => t);
    const key = throttle.accountKey('someone');
    for (let i = 1; i <= 7; i++) {
      throttle.begin(key, { bucket: true });
      t += delayAfter(i);
    }
    throttle.begin(key, { bucket: true }); // the 8th failure: a wait of delayAfter(8)
    t -= DAY_MS; // Date and Time sets the clock back
    assert.throws(() => throttle.begin(key), /try again in/);
    t += delayAfter(8);
    assert.doesNotThrow(() => throttle.begin(key), 'the wait ends after its own delay, not a day later');
    assert.doesNotThrow(() => throttle.begin(throttle.accountKey('another'), { bucket: true }), 'the bucket lost nothing');
  });

  test('sign-in failures from six addresses count on the account: growing waits, 429 and Retry-After', async () => {
    await addUser(m, admin, 'alice');
    await setPolicy(m, admin, { maxFailedAttempts: 0 }); // only the throttle speaks
    for (let i = 0; i < 6; i++) assert.equal((await signIn(attacker(i), 'alice', 'wrong')).body.data.value, INCORRECT);
    // The 6th failure made the account wait 1 s: every address is held, the right password too.
    for (let i = 6; i < 12; i++) assert.deepEqual(seen(await signIn(attacker(i), 'alice', i === 11 ? USER_PASSWORD : 'wrong')), waitReply(1));
    let expected = 1;
    for (let n = 7; n <= 12; n++) {
      advance(expected * 1000);
      assert.equal((await signIn(attacker(n), 'alice', 'wrong')).body.data.value, INCORRECT);
      expected *= 2;
      assert.deepEqual(seen(await signIn(attacker(n + 1), 'alice', 'wrong')), waitReply(expected));
    }
    // Another account is not held.
    assert.equal((await signIn(attacker(0), 'admin', ADMIN_PASSWORD)).status, 200);
    await quiet();
  });

  test('the meter password from many users and addresses counts on the meter', async () => {
    await addUser(m, admin, 'op', { accessLevel: 'admin' });
    const op = (await signIn(attacker(1), 'op', USER_PASSWORD)).body.data.token!;
    const tokens = [admin, op];
    const guess = (i: number, code: string) =>
      call(attacker(i), 'PATCH', '/api/command/meter/setMeterPassword', { oldPassword: code, newPassword: '4321' }, { authorization: `Bearer ${tokens[i % 2]}` });
    for (let i = 0; i < 6; i++) assert.equal((await guess(i, String(1000 + i))).body.data.value, 'Current password incorrect');
    assert.deepEqual(seen(await guess(6, '0000')), waitReply(1));
    // The right code is not even checked while the meter waits.
    assert.deepEqual(seen(await guess(7, '0000')), waitReply(1));
    advance(1000);
    assert.equal((await guess(8, '1999')).status, 400);
    assert.deepEqual(seen(await guess(9, '0000')), waitReply(2));
    await quiet();
  });

  test('a client that signed in before gets in during an attack; others are held', async () => {
    await setPolicy(m, admin, { maxFailedAttempts: 5, failedLoginAttemptWindowsSeconds: 300, failedLoginWaitSeconds: 10 });
    const good = await signIn('127.0.0.20', 'admin', ADMIN_PASSWORD);
    assert.equal(good.status, 200);
    const cookie = good.setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith('meterDevice_'))!;
    assert.ok(cookie, 'a device cookie is set');
    assert.match(good.setCookie.join('\n'), /HttpOnly; SameSite=Strict/);
    assert.match(good.setCookie.join('\n'), /Path=\/api\/users\/authenticate/);
    // The attack: six addresses, as fast as the account lets them, lock admin and run up its wait.
    for (let i = 0; i < 5; i++) await signIn(attacker(i), 'admin', `guess${i}`);
    assert.equal((await signIn(attacker(5), 'admin', 'guess5')).body.data.value, LOCKED_OUT);
    // A client never seen before is held, even with the right password.
    assert.equal((await signIn('127.0.0.21', 'admin', ADMIN_PASSWORD)).status, 429);
    // The remembered client is not.
    const back = await signIn('127.0.0.20', 'admin', ADMIN_PASSWORD, cookie);
    assert.equal(back.status, 200, JSON.stringify(back.body));
    // From any address: the token is the client's, not the address's.
    assert.equal((await signIn('127.0.0.22', 'admin', ADMIN_PASSWORD, cookie)).status, 200);
    // It is bound to its user name: the same value under alice's cookie name does not help alice's attacker.
    const forged = cookie.replace(/^meterDevice_[0-9a-f]+=/, '');
    const aliceCookie = (await signIn('127.0.0.23', 'alice', USER_PASSWORD)).setCookie[0]!.split('=')[0]!;
    for (let i = 0; i < 6; i++) await signIn(attacker(i), 'alice', 'wrong');
    assert.equal((await signIn(attacker(0), 'alice', USER_PASSWORD, `${aliceCookie}=${forged}`)).status, 429);
    // A tampered token is not remembered either.
    assert.equal((await signIn('127.0.0.20', 'admin', ADMIN_PASSWORD, cookie.slice(0, -2) + 'xx')).status, 429);
    // The remembered client's own failures are its own: they delay and lock it alone.
    for (let i = 0; i < 4; i++) assert.equal((await signIn('127.0.0.20', 'admin', 'typo', cookie)).body.data.value, INCORRECT);
    assert.equal((await signIn('127.0.0.20', 'admin', 'typo', cookie)).body.data.value, LOCKED_OUT);
    assert.equal((await signIn('127.0.0.20', 'admin', ADMIN_PASSWORD, cookie)).body.data.value, LOCKED_OUT);
    await quiet();
  });

  test('five wrong current passwords end the session of a password change', async () => {
    const alice = (await signIn('127.0.0.30', 'alice', USER_PASSWORD)).body.data.token!;
    const change = (old: string) =>
      call('127.0.0.30', 'PATCH', '/api/command/setPassword', { username: 'alice', oldPassword: old, newPassword: 'Takeover1' }, { authorization: `Bearer ${alice}` });
    for (let i = 0; i < 4; i++) assert.deepEqual((await change(`nope${i}`)).body.data.value, 'Current password incorrect');
    const fifth = await change('nope4');
    assert.deepEqual({ status: fifth.status, value: fifth.body.data.value }, { status: 401, value: 'Too many incorrect current passwords: you have been signed out' });
    // The session is gone: even the right current password is refused now.
    assert.equal((await change(USER_PASSWORD)).status, 401);
    assert.ok(eventLog(m).some((e) => e.level === 'Critical' && e.message === 'Session of user alice ended: 5 incorrect current passwords on password change'));
    // And they counted on alice's account like sign-in failures: the next failure starts the wait.
    assert.equal((await signIn(attacker(0), 'alice', 'wrong')).body.data.value, INCORRECT);
    assert.deepEqual(seen(await signIn(attacker(1), 'alice', 'wrong')), waitReply(1));
    await quiet();
  });

  test('unknown names look exactly like real ones, also after a flood of 1,000 names from 100 addresses', async () => {
    // Locks that never end and a window that never closes: the states an eviction would show.
    await setPolicy(m, admin, { maxFailedAttempts: 5, failedLoginAttemptWindowsSeconds: 0, failedLoginWaitSeconds: 0 });
    await addUser(m, admin, 'bob');
    const both = async (password: string) => {
      const real = seen(await signIn(attacker(0), 'bob', password));
      const unknown = seen(await signIn(attacker(1), 'nobody', password));
      assert.deepEqual(unknown, real);
      return real;
    };
    assert.deepEqual(await both('wrong'), { status: 401, body: { data: { value: INCORRECT, attemptsLeft: 4 } }, retryAfter: undefined });
    assert.equal((await both('wrong')).body.data.attemptsLeft, 3);
    const started = Date.now();
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 20; batch++) {
      const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => batch * 50 + i).map((n) => signIn(`127.0.1.${1 + (n % 100)}`, `flood${n}`, 'x')));
      for (const r of replies) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    assert.ok(Date.now() - started < 30_000, `the flood is answered in seconds: ${Date.now() - started} ms, ${JSON.stringify([...statuses])}`);
    // The module-wide bucket of sign-in failures answered most of the flood 429 without checking.
    assert.ok((statuses.get(429) ?? 0) >= 1000 - DEFAULT_THROTTLE.bucketSize, JSON.stringify([...statuses]));
    // Bounded: the store of unknown names holds what the bucket let through, nothing was evicted.
    const rows = (m.services.ctx.db.prepare('SELECT count(*) AS n FROM unknown_name_failures').get() as { n: number }).n;
    assert.ok(rows <= DEFAULT_THROTTLE.bucketSize + 1, `${rows} rows`);
    // While the bucket is empty both names get the same wait.
    const held = await both('wrong');
    assert.equal(held.status, 429);
    // Once it has refilled, the states are where they were, for both alike.
    advance(Number(held.retryAfter) * 1000 + DEFAULT_THROTTLE.bucketRefillMs);
    assert.equal((await both('wrong')).body.data.attemptsLeft, 2);
    advance(2 * DEFAULT_THROTTLE.bucketRefillMs);
    assert.equal((await both('wrong')).body.data.attemptsLeft, 1);
    advance(2 * DEFAULT_THROTTLE.bucketRefillMs);
    assert.deepEqual(await both('wrong'), { status: 401, body: { data: { value: LOCKED_OUT } }, retryAfter: undefined });
    // Locked for good; and past the free failures, the same wait for both.
    advance(4 * DEFAULT_THROTTLE.bucketRefillMs);
    assert.equal((await both('wrong')).body.data.value, LOCKED_OUT);
    assert.deepEqual(await both('wrong'), waitReply(1));
  });
});
