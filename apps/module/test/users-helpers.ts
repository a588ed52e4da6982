/** Shared steps of the user, auth and session tests. */
import assert from 'node:assert/strict';
import { createTestModule, type TestModule } from './helper.ts';

export const USER_PASSWORD = 'Passw0rd1';
export const T0 = Date.parse('2026-03-01T08:00:00Z');
export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** A module whose clock only moves when the test says so. */
export async function moduleWithClock(options: { dataDir?: string; start?: number } = {}) {
  const clock = { t: options.start ?? T0 };
  const m = await createTestModule({ now: () => clock.t, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
  return { m, clock, advance: (ms: number) => (clock.t += ms) };
}

export async function signIn(m: TestModule, username: string, password: string) {
  return m.call('POST', '/api/users/authenticate', { body: { username, password } });
}

export async function addUser(m: TestModule, admin: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await m.call('POST', '/api/usermg/user/add', { token: admin, body: { name, password: USER_PASSWORD, accessLevel: 'view', ...extra } });
  assert.equal(res.status, 200, res.raw);
  assert.deepEqual(res.body, { data: { value: 'Success' } });
}

export async function addRole(m: TestModule, admin: string, name: string, r: number, c: number, mt: number, u: number) {
  const res = await m.call('POST', '/api/usermg/role/add', {
    token: admin,
    body: { name, readingsAllow: r, configurationAllow: c, maintenanceAllow: mt, userConfigAllow: u },
  });
  assert.equal(res.status, 200, res.raw);
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
