import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PASSWORD_POLICY, PASSWORDS_DO_NOT_MATCH } from '@meter/contract';
import { passwordEditSchema, passwordEditValues } from '../../../src/features/user-management/password-edit-form.ts';

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

test('the checklist under Password: the rules of the loaded policy, ticked as typed, waived by the override', async () => {
  const { passwordEditFields } = await import('../../../src/features/user-management/password-edit-form.ts');
  const rules = { pwdLength: 8, needUpperLower: true, needNumberLetter: true, needSpecialCharacter: false };
  const lines = (own: boolean, values: Record<string, unknown>) => {
    const password = passwordEditFields(rules, own).find((f) => f.name === 'password');
    return password?.checklist?.({ ...passwordEditValues('operator'), ...values }).map((l) => `${l.met ? '✓' : '○'} ${l.text}`);
  };
  assert.deepEqual(lines(false, { password: '' }), ['○ At least 8 characters', '○ An upper case and a lower case letter', '○ A number and a letter']);
  assert.deepEqual(lines(false, { password: 'abcD1' }), ['○ At least 8 characters', '✓ An upper case and a lower case letter', '✓ A number and a letter']);
  assert.deepEqual(lines(false, { password: 'abcDefg1' }), ['✓ At least 8 characters', '✓ An upper case and a lower case letter', '✓ A number and a letter']);
  assert.deepEqual(lines(false, { password: 'x', overridePwdPolicy: true }), []);
  // An own change has no override: the rules always apply.
  assert.equal(lines(true, { password: 'x', overridePwdPolicy: true })?.length, 3);
  // Without the rules (not loaded) there is nothing to tick: the module checks on save.
  assert.deepEqual(
    passwordEditFields(undefined, false)
      .find((f) => f.name === 'password')
      ?.checklist?.({ password: 'x' }),
    [],
  );
});
