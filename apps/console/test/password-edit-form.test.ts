import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PASSWORD_POLICY, PASSWORDS_DO_NOT_MATCH } from '@meter/contract';
import { passwordEditSchema, passwordEditValues } from '../src/features/user-management/password-edit-form.ts';

const policy = { ...DEFAULT_PASSWORD_POLICY, pwdLength: 8, needNumberLetter: true };
const issues = (own: boolean, patch: Record<string, unknown>) =>
  passwordEditSchema(policy, own)
    .safeParse({ ...passwordEditValues('operator'), ...patch })
    .error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

test('password required; repeat must match', () => {
  assert.deepEqual(issues(false, {}), [['password', 'Please provide Password']]);
  assert.deepEqual(issues(false, { password: 'abcd1234', repeatPassword: 'abcd1235' }), [['repeatPassword', PASSWORDS_DO_NOT_MATCH]]);
  assert.deepEqual(issues(false, { password: 'abcd1234', repeatPassword: 'abcd1234' }), []);
});

test('the loaded policy applies unless override is ticked', () => {
  assert.deepEqual(issues(false, { password: 'abc', repeatPassword: 'abc' }), [['password', 'Password must be at least 8 characters']]);
  assert.deepEqual(issues(false, { password: 'abcdefgh', repeatPassword: 'abcdefgh' }), [['password', 'Password must contain at least one number']]);
  assert.deepEqual(issues(false, { password: 'abc', repeatPassword: 'abc', overridePwdPolicy: true }), []);
});

test('own change: current password required, policy applies whatever the override says', () => {
  assert.deepEqual(issues(true, { password: 'abcd1234', repeatPassword: 'abcd1234' }), [['oldPassword', 'Please provide Current Password']]);
  assert.deepEqual(issues(true, { oldPassword: 'x', password: 'abc', repeatPassword: 'abc', overridePwdPolicy: true }), [['password', 'Password must be at least 8 characters']]);
});

test('without a loaded policy the module decides', () => {
  const r = passwordEditSchema(undefined, false).safeParse({ ...passwordEditValues('u'), password: 'a', repeatPassword: 'a' });
  assert.equal(r.success, true);
});
