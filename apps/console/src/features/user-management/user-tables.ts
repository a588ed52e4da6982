/**
 * What the user-management tables show (002 §2.19, §3.16, §4.11, §6), as pure functions so the
 * rules are tested: lock state, sort order, who may act on a role, and the reset reply.
 */
import { ADMIN_ACCESS_LEVEL, ADMIN_USER_NAME, PERMISSION_LEVEL_OPTIONS, serverMessages, userManagementTexts as t, type UserListEntry } from '@meter/contract';

type LockState = Pick<UserListEntry, 'status' | 'lockedOut'>;

/** Locked by an administrator (status 1) or by failed sign-ins. */
export const isLocked = (u: LockState): boolean => u.status === 1 || u.lockedOut;
export const statusText = (u: LockState): string => (isLocked(u) ? t.locked : t.active);
/** The lockout call that toggles the state shown (002 §4.11: Active ⇄ Locked). */
export const toggleLockBody = (u: LockState & { name: string }) => ({ name: u.name, lockout: isLocked(u) ? (0 as const) : (1 as const) });
export const lockActionText = (u: LockState): string => (isLocked(u) ? 'Unlock' : 'Lock');

export type SortDirection = 'ascending' | 'descending';
/** Rows by name (the sortable Username column), without changing the given list. */
export function sortByName<T extends { name: string }>(rows: readonly T[], direction: SortDirection): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' }));
}
export const flipDirection = (d: SortDirection): SortDirection => (d === 'ascending' ? 'descending' : 'ascending');

/** 002 §6: edit and delete of the role named admin belong to the user admin only; other roles to write permission. */
export const mayChangeRole = (roleName: string, userName: string | undefined, canWrite: boolean): boolean =>
  canWrite && (roleName !== ADMIN_ACCESS_LEVEL || userName === ADMIN_USER_NAME);

/** 'Edit', 'View' or 'None' for a role's level. */
export const levelText = (level: number): string => PERMISSION_LEVEL_OPTIONS.find((o) => o.value === level)?.label ?? String(level);

/** A time column: 0 means never set. */
export const timeText = (unixSeconds: number, format: (s: number) => string): string => (unixSeconds > 0 ? format(unixSeconds) : t.notAvailable);

/** 002 §7.9: the reset succeeded only when the reply's value equals 'Success'. */
export const isResetSuccess = (reply: { value?: unknown } | undefined): boolean => reply?.value === serverMessages.success;
