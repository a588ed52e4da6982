/** The user-management tables and forms (002 §2.19, §4.11, §5.11, §6, §7.9): pure rules. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PASSWORD_POLICY, PASSWORDS_DO_NOT_MATCH } from '@meter/contract';
import {
  isLocked,
  isResetSuccess,
  levelText,
  lockActionText,
  mayChangeRole,
  sortByName,
  statusText,
  timeText,
  toggleLockBody,
} from '../../../src/features/user-management/user-tables.ts';
import { NEW_ROLE_VALUES, NEW_USER_VALUES, addUserBody, editUserSchema, newUserSchema, roleOptions, roleSchema } from '../../../src/features/user-management/user-forms.ts';

const active = { name: 'op', status: 0, lockedOut: false };

test('status: locked by an administrator or by failed sign-ins, else active; the toggle calls the other state', () => {
  assert.equal(statusText(active), 'Active');
  assert.equal(statusText({ ...active, status: 1 }), 'Locked');
  assert.equal(statusText({ ...active, lockedOut: true }), 'Locked');
  assert.equal(isLocked(active), false);
  assert.deepEqual(toggleLockBody(active), { name: 'op', lockout: 1 });
  assert.deepEqual(toggleLockBody({ ...active, lockedOut: true }), { name: 'op', lockout: 0 });
  assert.equal(lockActionText(active), 'Lock');
  assert.equal(lockActionText({ ...active, status: 1 }), 'Unlock');
});

test('sorting by name both ways leaves the list as it was', () => {
  const rows = [{ name: 'bob' }, { name: 'Alice' }, { name: 'user10' }, { name: 'user2' }];
  assert.deepEqual(
    sortByName(rows, 'ascending').map((r) => r.name),
    ['Alice', 'bob', 'user2', 'user10'],
  );
  assert.deepEqual(
    sortByName(rows, 'descending').map((r) => r.name),
    ['user10', 'user2', 'bob', 'Alice'],
  );
  assert.equal(rows[0]?.name, 'bob');
});

test('the role named admin is the user admin’s to change; others need write permission', () => {
  assert.equal(mayChangeRole('admin', 'admin', true), true);
  assert.equal(mayChangeRole('admin', 'boss', true), false);
  assert.equal(mayChangeRole('view', 'boss', true), true);
  assert.equal(mayChangeRole('view', 'admin', false), false);
});

test('levels, times and the reset reply', () => {
  assert.deepEqual([0, 1, 2].map(levelText), ['Edit', 'View', 'None']);
  assert.equal(timeText(0, String), 'N/A');
  assert.equal(
    timeText(5, (s) => `t${s}`),
    't5',
  );
  assert.equal(isResetSuccess({ value: 'Success' }), true);
  assert.equal(isResetSuccess({ value: 'Failed' }), false);
  assert.equal(isResetSuccess(undefined), false);
});

const policy = { ...DEFAULT_PASSWORD_POLICY, pwdLength: 8, needNumberLetter: true };
const newUserIssues = (patch: Record<string, unknown>) =>
  newUserSchema(policy)
    .safeParse({ ...NEW_USER_VALUES, ...patch })
    .error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

test('new user: name, password and role required; repeat must match; policy unless overridden', () => {
  assert.deepEqual(
    newUserIssues({ accessLevel: undefined }).map(([p]) => p),
    ['name', 'password', 'accessLevel'],
  );
  const ok = { name: 'op', password: 'abcd1234', repeatPassword: 'abcd1234', accessLevel: 'view' };
  assert.deepEqual(newUserIssues(ok), []);
  assert.deepEqual(newUserIssues({ ...ok, repeatPassword: 'x' }), [['repeatPassword', PASSWORDS_DO_NOT_MATCH]]);
  assert.deepEqual(newUserIssues({ ...ok, password: 'short', repeatPassword: 'short' }), [['password', 'Password must be at least 8 characters']]);
  assert.deepEqual(newUserIssues({ ...ok, password: 'short', repeatPassword: 'short', overridePwdPolicy: true }), []);
  assert.deepEqual(addUserBody({ ...ok, overridePwdPolicy: false, multipleLogin: true }), {
    name: 'op',
    password: 'abcd1234',
    accessLevel: 'view',
    overridePwdPolicy: false,
    multipleLogin: true,
  });
});

test('roles: options from the list, the four levels required, edit sends role and multiple login', () => {
  assert.deepEqual(roleOptions([{ name: 'admin' }, { name: 'view' }]), [
    { value: 'admin', label: 'admin' },
    { value: 'view', label: 'view' },
  ]);
  assert.equal(roleSchema.safeParse({ ...NEW_ROLE_VALUES, name: 'ops' }).success, true);
  assert.equal(roleSchema.safeParse({ ...NEW_ROLE_VALUES, name: 'ops', readingsAllow: undefined }).success, false);
  assert.equal(roleSchema.safeParse(NEW_ROLE_VALUES).success, false);
  assert.equal(editUserSchema.safeParse({ name: 'op', accessLevel: 'view', multipleLogin: true }).success, true);
});
