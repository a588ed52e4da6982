/** Shared steps of the user, auth and session tests. */
import assert from 'node:assert/strict';
import { createTestModule, type TestModule } from './helper.ts';

export { USER_PASSWORD, addRole, addUser } from './helper.ts';
export const T0 = Date.parse('2026-03-01T08:00:00Z');
export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** A device clock that only moves when the test says so: `now` for the module's options. */
export function testClock(start = T0) {
  const clock = { t: start };
  return { clock, now: () => clock.t, advance: (ms: number) => (clock.t += ms) };
}

/** A module whose clock only moves when the test says so. */
export async function moduleWithClock(options: { dataDir?: string; start?: number } = {}) {
  const { clock, now, advance } = testClock(options.start);
  const m = await createTestModule({ now, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
  return { m, clock, advance };
}

export async function signIn(m: TestModule, username: string, password: string) {
  return m.call('POST', '/api/users/authenticate', { body: { username, password } });
}

/** Saves the password policy with some fields changed. */
export async function setPolicy(m: TestModule, admin: string, patch: Record<string, unknown>) {
  const cur = await m.call('GET', '/api/settings/passwordPolicy', { token: admin });
  assert.equal(cur.status, 200, cur.raw);
  const res = await m.call('PUT', '/api/settings/passwordPolicy', { token: admin, body: { ...cur.body.data, ...patch } });
  assert.equal(res.status, 200, res.raw);
}

export async function userEntry(m: TestModule, admin: string, name: string) {
  const res = await m.call('GET', `/api/usermg/user/config/${name}`, { token: admin });
  assert.equal(res.status, 200, res.raw);
  return res.body.data;
}

export function eventLog(m: TestModule): { level: string; message: string }[] {
  return m.services.ctx.db.prepare('SELECT level, message FROM module_event_log ORDER BY id').all() as { level: string; message: string }[];
}
