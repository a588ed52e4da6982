/** Shared steps of the log API tests: a module on a hand-driven clock and users of several roles. */

/** 2026-03-01 08:00 UTC = 03:00 in the device's default zone (America/New_York, EST). */
export const T0 = Date.parse('2026-03-01T08:00:00Z');
export const MINUTE = 60_000;

/** readings edit (not admin), readings view, configuration view only, maintenance edit, nothing. */
export const ROLES = {
  reader: [0, 2, 2, 2],
  readonly: [1, 2, 2, 2],
  config: [2, 1, 2, 2],
  maint: [2, 2, 0, 2],
  nothing: [2, 2, 2, 2],
} as const;
export type RoleName = keyof typeof ROLES;

/** The start options of a module with one signed-in user per role (tokens by role, and admin's); everybody's sessions fit and never time out. */
export const ROLE_USERS = { roleUsers: ROLES, general: { maxLoginUser: 10, sessionTimeout: 0 } } as const;

export const csvRows = (text: string): string[] => text.split('\r\n').filter((l) => l !== '');
