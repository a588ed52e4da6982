/** Shared steps of the log API tests: a module on a hand-driven clock and users of several roles. */
import assert from 'node:assert/strict';
import type { TestModule } from './helper.ts';
import { USER_PASSWORD, addRole, addUser } from './users-helpers.ts';

/** 2026-03-01 08:00 UTC = 03:00 in the device's default zone (America/New_York, EST). */
export const T0 = Date.parse('2026-03-01T08:00:00Z');
export const MINUTE = 60_000;

/** readings edit (not admin), readings view, configuration view only, nothing. */
export const ROLES = {
  reader: [0, 2, 2, 2],
  readonly: [1, 2, 2, 2],
  config: [2, 1, 2, 2],
  maint: [2, 2, 0, 2],
  nothing: [2, 2, 2, 2],
} as const;
export type RoleName = keyof typeof ROLES;

/** Adds one user per role and signs everybody in; returns the tokens by role (and admin's). */
export async function signInRoles(m: TestModule): Promise<Record<RoleName | 'admin', string>> {
  const admin = await m.login();
  const general = await m.call('PUT', '/api/usrmg/general/config', { token: admin, body: { maxLoginUser: 10, sessionTimeout: 0 } });
  assert.equal(general.status, 200, general.raw);
  const tokens = { admin } as Record<RoleName | 'admin', string>;
  for (const [role, [r, c, mt, u]] of Object.entries(ROLES)) {
    await addRole(m, admin, role, r, c, mt, u);
    await addUser(m, admin, `u_${role}`, { accessLevel: role, overridePwdPolicy: true });
    tokens[role as RoleName] = await m.login(`u_${role}`, USER_PASSWORD);
  }
  return tokens;
}

export const csvRows = (text: string): string[] => text.split('\r\n').filter((l) => l !== '');
