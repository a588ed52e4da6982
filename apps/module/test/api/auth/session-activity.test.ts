/**
 * Session timeout counts what the user does, not background polling (issue 28; docs/decisions/users-first-day-password-change-and-session-timeout.md,
 * "Session timeout"). A short timeout through MODULE_SESSION_MINUTE_SECONDS (a minute of the
 * timeout lasts 1 s here) on the module's clock, moved by the test.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';

const SECOND = 1000;
let m: TestModule;
const clock = { t: Date.UTC(2026, 10, 27, 12) };
const advance = (ms: number) => (clock.t += ms);
let admin: string;

before(async () => {
  ({ m, admin } = await startModuleWithUsers({ now: () => clock.t, env: { MODULE_SESSION_MINUTE_SECONDS: '1' } }));
  // sessionTimeout 3 "minutes": 3 s of the module's clock.
  const general = await m.call('PUT', '/api/usrmg/general/config', { token: admin, body: { maxLoginUser: 10, sessionTimeout: 3 } });
  assert.equal(general.status, 200, general.raw);
});
after(() => m.close());

const poll = (token: string, headers: Record<string, string> = {}) => m.call('GET', '/api/readings/realtime/system', { token, headers });
const status = (token: string, headers: Record<string, string> = {}) => m.call('GET', '/api/users/session', { token, headers });

test('the session status: the timeout, the time left and the warning lead, in seconds; asking does not extend', async () => {
  const token = await m.login();
  advance(1 * SECOND);
  const first = await status(token);
  assert.equal(first.status, 200, first.raw);
  assert.deepEqual(first.body, { data: { timeoutSeconds: 3, remainingSeconds: 2, warningSeconds: 1 } });
  advance(1 * SECOND);
  assert.equal((await status(token)).body.data.remainingSeconds, 1);
  advance(1 * SECOND);
  assert.equal((await status(token)).status, 401);
});

test('background polls do not extend a session: an open console alone times out', async () => {
  const token = await m.login();
  const path = (await m.call('GET', '/api/readings/realtime/system', { token })).status;
  assert.equal(path, 200);
  for (let i = 0; i < 5; i++) {
    advance(SECOND / 2);
    // The console's pollers say '0'; a client that says nothing is treated the same on a read.
    const res = i % 2 === 0 ? await poll(token, { 'x-user-activity': '0' }) : await poll(token);
    assert.equal(res.status, 200, `poll ${i}`);
  }
  advance(SECOND / 2);
  assert.equal((await poll(token)).status, 401, 'three seconds since sign-in, polled all along');
});

test("the user's actions extend it: a marked read, a write; 'Stay signed in' is one marked call", async () => {
  const token = await m.login();
  advance(2.5 * SECOND);
  // A read the user asked for (the console marks the first call after a key or a click).
  assert.equal((await poll(token, { 'x-user-activity': '1' })).status, 200);
  advance(2.5 * SECOND);
  assert.equal((await status(token)).body.data.remainingSeconds, 0.5);
  // A write counts without the header (the spec's clients send none).
  const save = await m.call('PUT', '/api/usrmg/general/config', { token, body: { maxLoginUser: 10, sessionTimeout: 3 } });
  assert.equal(save.status, 200, save.raw);
  advance(2.5 * SECOND);
  // ... but not when marked as background.
  assert.equal((await m.call('PUT', '/api/usrmg/general/config', { token, body: { maxLoginUser: 10, sessionTimeout: 3 }, headers: { 'x-user-activity': '0' } })).status, 200);
  advance(0.4 * SECOND);
  // "Stay signed in": the status call marked as the user's.
  const stay = await status(token, { 'x-user-activity': '1' });
  assert.equal(stay.body.data.remainingSeconds, 3);
  advance(2.9 * SECOND);
  assert.equal((await poll(token)).status, 200);
  advance(0.1 * SECOND);
  assert.equal((await poll(token)).status, 401);
});

test('the header opens nothing: without a live session it is a 401, and an ended session stays ended', async () => {
  assert.equal((await status('made-up', { 'x-user-activity': '1' })).status, 401);
  const token = await m.login();
  advance(3 * SECOND);
  assert.equal((await status(token, { 'x-user-activity': '1' })).status, 401);
  assert.equal((await poll(token, { 'x-user-activity': '1' })).status, 401);
});

test('sessionTimeout 0: never ends, and the status says so', async () => {
  assert.equal((await m.call('PUT', '/api/usrmg/general/config', { token: await m.login(), body: { maxLoginUser: 10, sessionTimeout: 0 } })).status, 200);
  const token = await m.login();
  advance(3600 * SECOND);
  assert.deepEqual((await status(token)).body, { data: { timeoutSeconds: 0, remainingSeconds: 0, warningSeconds: 1 } });
  assert.equal((await poll(token)).status, 200);
});
