/** Users, roles and the password policy (002 §3.16, §4.11, §5.11). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  passwordPolicy,
  passwordPolicyError,
  passwordRules,
  DEFAULT_PASSWORD_POLICY,
  PASSWORDS_DO_NOT_MATCH,
  PERMISSION_LEVEL_OPTIONS,
  role,
  generalUserConfig,
  userAddBody,
  userPasswordBody,
  userLockoutBody,
  type PasswordPolicy,
} from '../../../src/areas/users/users.ts';

function issues(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown) {
  const r = schema.safeParse(input);
  assert.equal(r.success, false, `expected ${JSON.stringify(input)} to be refused`);
  return r.error!.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('passwordPolicy ranges (002 §5.11 table)', () => {
  const table: [field: keyof PasswordPolicy, label: string, min: number, max: number][] = [
    ['pwdHistory', 'Password History', 1, 32],
    ['minPwdAgeDays', 'Minimum Password Age', 0, 90],
    ['pwdExpireDays', 'Password Expiration', 0, 90],
    ['pwdLength', 'Minimum Password Length', 6, 64],
    ['gracePeriodDays', 'Grace Period', 0, 65535],
    ['maxFailedAttempts', 'Max Failed Attempts', 0, 30],
    ['failedLoginAttemptWindowsSeconds', 'Failed Login Attempt Window', 0, 86400],
    ['failedLoginWaitSeconds', 'Failed Login Wait', 0, 86400],
    ['sessionTimeout', 'Session Timeout', 0, 60],
  ];

  test('the default policy is valid', () => {
    assert.deepEqual(passwordPolicy.parse(DEFAULT_PASSWORD_POLICY), DEFAULT_PASSWORD_POLICY);
  });
  test('the schema has the 12 settings of 002 §3.16', () => {
    assert.deepEqual(Object.keys(passwordPolicy.shape).sort(), [
      'failedLoginAttemptWindowsSeconds',
      'failedLoginWaitSeconds',
      'gracePeriodDays',
      'maxFailedAttempts',
      'minPwdAgeDays',
      'needNumberLetter',
      'needSpecialCharacter',
      'needUpperLower',
      'pwdExpireDays',
      'pwdHistory',
      'pwdLength',
      'sessionTimeout',
    ]);
  });

  for (const [field, label, min, max] of table) {
    describe(field, () => {
      const withValue = (v: unknown) => ({ ...DEFAULT_PASSWORD_POLICY, [field]: v });
      test(`${min} and ${max} are accepted`, () => {
        assert.equal(passwordPolicy.safeParse(withValue(min)).success, true);
        assert.equal(passwordPolicy.safeParse(withValue(max)).success, true);
      });
      test(`${min - 1} and ${max + 1} are refused`, () => {
        const msg = `${label} must be between ${min} and ${max}`;
        assert.deepEqual(issues(passwordPolicy, withValue(min - 1)), [[field, msg]]);
        assert.deepEqual(issues(passwordPolicy, withValue(max + 1)), [[field, msg]]);
      });
      test('required integer', () => {
        assert.deepEqual(issues(passwordPolicy, withValue(undefined)), [[field, `Please provide ${label}`]]);
        assert.deepEqual(issues(passwordPolicy, withValue(min + 0.5)), [[field, `${label} must be an integer`]]);
        assert.deepEqual(issues(passwordPolicy, withValue(String(min))), [[field, `${label} must be an integer`]]);
      });
    });
  }

  test('literal messages of the table bounds', () => {
    assert.deepEqual(issues(passwordPolicy, { ...DEFAULT_PASSWORD_POLICY, pwdHistory: 0 }), [['pwdHistory', 'Password History must be between 1 and 32']]);
    assert.deepEqual(issues(passwordPolicy, { ...DEFAULT_PASSWORD_POLICY, pwdLength: 65 }), [['pwdLength', 'Minimum Password Length must be between 6 and 64']]);
    assert.deepEqual(issues(passwordPolicy, { ...DEFAULT_PASSWORD_POLICY, gracePeriodDays: 65536 }), [['gracePeriodDays', 'Grace Period must be between 0 and 65535']]);
    assert.deepEqual(issues(passwordPolicy, { ...DEFAULT_PASSWORD_POLICY, failedLoginWaitSeconds: 86401 }), [
      ['failedLoginWaitSeconds', 'Failed Login Wait must be between 0 and 86400'],
    ]);
    assert.deepEqual(issues(passwordPolicy, { ...DEFAULT_PASSWORD_POLICY, sessionTimeout: -1 }), [['sessionTimeout', 'Session Timeout must be between 0 and 60']]);
  });
  test('the three checkboxes have no rules but must be booleans', () => {
    for (const f of ['needUpperLower', 'needNumberLetter', 'needSpecialCharacter'] as const) {
      assert.equal(passwordPolicy.safeParse({ ...DEFAULT_PASSWORD_POLICY, [f]: true }).success, true);
      assert.equal(passwordPolicy.safeParse({ ...DEFAULT_PASSWORD_POLICY, [f]: false }).success, true);
      assert.equal(passwordPolicy.safeParse({ ...DEFAULT_PASSWORD_POLICY, [f]: 1 }).success, false);
    }
  });
  test('unknown fields are refused', () => {
    assert.deepEqual(issues(passwordPolicy, { ...DEFAULT_PASSWORD_POLICY, extra: 1 }), [['', 'Unknown field extra']]);
  });
});

describe('passwordPolicyError (002 §5.11)', () => {
  const none: PasswordPolicy = { ...DEFAULT_PASSWORD_POLICY, needUpperLower: false, needNumberLetter: false, needSpecialCharacter: false, pwdLength: 6 };

  test('minimum length', () => {
    assert.equal(passwordPolicyError(none, 'abcde'), 'Password must be at least 6 characters');
    assert.equal(passwordPolicyError(none, 'abcdef'), undefined);
    assert.equal(passwordPolicyError({ ...none, pwdLength: 12 }, 'abcdefghijk'), 'Password must be at least 12 characters');
    assert.equal(passwordPolicyError({ ...none, pwdLength: 12 }, 'abcdefghijkl'), undefined);
  });
  test('the label is used in the message', () => {
    assert.equal(passwordPolicyError(none, 'abc', 'New Password'), 'New Password must be at least 6 characters');
  });
  test('with no flags any long-enough password passes', () => {
    for (const p of ['aaaaaa', '111111', '!!!!!!', 'AAAAAA']) assert.equal(passwordPolicyError(none, p), undefined);
  });
  test('needUpperLower', () => {
    const p = { ...none, needUpperLower: true };
    assert.equal(passwordPolicyError(p, 'abcdef'), 'Password must contain an uppercase letter');
    assert.equal(passwordPolicyError(p, 'ABCDEF'), 'Password must contain a lowercase letter');
    assert.equal(passwordPolicyError(p, '123456'), 'Password must contain an uppercase letter');
    assert.equal(passwordPolicyError(p, 'abcDef'), undefined);
  });
  test('needNumberLetter', () => {
    const p = { ...none, needNumberLetter: true };
    assert.equal(passwordPolicyError(p, 'abcdef'), 'Password must contain at least one number');
    assert.equal(passwordPolicyError(p, '123456'), 'Password must contain at least one letter');
    assert.equal(passwordPolicyError(p, 'abc123'), undefined);
  });
  test('needSpecialCharacter', () => {
    const p = { ...none, needSpecialCharacter: true };
    assert.equal(passwordPolicyError(p, 'abc123'), 'Password must contain a special character (@!#%^&*?)');
    assert.equal(passwordPolicyError(p, 'abc12!'), undefined);
    assert.equal(passwordPolicyError(p, 'abc12?'), undefined);
  });
  test('all flags together', () => {
    const p: PasswordPolicy = { ...none, needUpperLower: true, needNumberLetter: true, needSpecialCharacter: true, pwdLength: 8 };
    assert.equal(passwordPolicyError(p, 'Ab1!'), 'Password must be at least 8 characters');
    assert.equal(passwordPolicyError(p, 'abcdefg1!'), 'Password must contain an uppercase letter');
    assert.equal(passwordPolicyError(p, 'Abcdefgh!'), 'Password must contain at least one number');
    assert.equal(passwordPolicyError(p, 'Abcdefg12'), 'Password must contain a special character (@!#%^&*?)');
    assert.equal(passwordPolicyError(p, 'Abcdefg1!'), undefined);
  });
  test('a password of spaces does not meet the character rules', () => {
    assert.equal(passwordPolicyError({ ...none, needNumberLetter: true }, '        '), 'Password must contain at least one number');
    assert.equal(passwordPolicyError({ ...none, needUpperLower: true }, '        '), 'Password must contain an uppercase letter');
    assert.equal(passwordPolicyError({ ...none, needSpecialCharacter: true }, '        '), 'Password must contain a special character (@!#%^&*?)');
  });
  test('the default policy asks for a digit and a letter and 8 characters', () => {
    assert.equal(passwordPolicyError(DEFAULT_PASSWORD_POLICY, 'abc1234'), 'Password must be at least 8 characters');
    assert.equal(passwordPolicyError(DEFAULT_PASSWORD_POLICY, 'abcdefgh'), 'Password must contain at least one number');
    assert.equal(passwordPolicyError(DEFAULT_PASSWORD_POLICY, 'abcdefg1'), undefined);
  });
  test("the checklist lines are the policy's rules, each met or not by the same check as the message", () => {
    const all = { ...DEFAULT_PASSWORD_POLICY, pwdLength: 10, needUpperLower: true, needSpecialCharacter: true };
    const list = passwordRules(all);
    assert.deepEqual(
      list.map((r) => r.text),
      ['At least 10 characters', 'An upper case and a lower case letter', 'A number and a letter', 'A special character (@!#%^&*?)'],
    );
    const met = (p: string) => list.map((r) => r.error(p) === undefined);
    assert.deepEqual(met(''), [false, false, false, false]);
    assert.deepEqual(met('abc'), [false, false, false, false]);
    assert.deepEqual(met('abcD1'), [false, true, true, false]);
    assert.deepEqual(met('abcDefgh1!'), [true, true, true, true]);
    // Only what the policy asks for is listed: the default asks for length and a number and a letter.
    assert.deepEqual(
      passwordRules(DEFAULT_PASSWORD_POLICY).map((r) => r.key),
      ['length', 'numberLetter'],
    );
  });
  test('passwords do not match text', () => {
    assert.equal(PASSWORDS_DO_NOT_MATCH, 'Passwords do not match');
  });
});

describe('role (002 §3.16: 0 edit, 1 view, 2 none)', () => {
  const admin = { name: 'operator', readingsAllow: 0, configurationAllow: 1, maintenanceAllow: 2, userConfigAllow: 0 };
  test('levels 0, 1 and 2 are accepted', () => {
    for (const lv of [0, 1, 2]) {
      const r = { name: 'r', readingsAllow: lv, configurationAllow: lv, maintenanceAllow: lv, userConfigAllow: lv };
      assert.deepEqual(role.parse(r), r);
    }
  });
  test('other levels are refused', () => {
    const labels = { readingsAllow: 'Readings', configurationAllow: 'Configuration', maintenanceAllow: 'Maintenance', userConfigAllow: 'User Configuration' };
    for (const [field, label] of Object.entries(labels))
      for (const v of [-1, 3, 1.5, '0', '1', true])
        assert.deepEqual(issues(role, { ...admin, [field]: v }), [[field, `${label} must be one of the listed options`]], `${field}=${JSON.stringify(v)}`);
  });
  test('the four permissions are required', () => {
    assert.deepEqual(issues(role, { name: 'r' }), [
      ['readingsAllow', 'Please provide Readings'],
      ['configurationAllow', 'Please provide Configuration'],
      ['maintenanceAllow', 'Please provide Maintenance'],
      ['userConfigAllow', 'Please provide User Configuration'],
    ]);
  });
  test('the name is required', () => {
    assert.deepEqual(issues(role, { ...admin, name: '' }), [['name', 'Please provide Role Name']]);
  });
  test('level options', () => {
    assert.deepEqual(PERMISSION_LEVEL_OPTIONS, [
      { value: 0, label: 'Edit' },
      { value: 1, label: 'View' },
      { value: 2, label: 'None' },
    ]);
  });
});

describe('general user config (002 §5.11)', () => {
  test('maxLoginUser 1 to 10, sessionTimeout 0 to 60', () => {
    assert.equal(generalUserConfig.safeParse({ maxLoginUser: 1, sessionTimeout: 0 }).success, true);
    assert.equal(generalUserConfig.safeParse({ maxLoginUser: 10, sessionTimeout: 60 }).success, true);
    assert.deepEqual(issues(generalUserConfig, { maxLoginUser: 0, sessionTimeout: 61 }), [
      ['maxLoginUser', 'Max Concurrent Logins must be between 1 and 10'],
      ['sessionTimeout', 'Session Timeout must be between 0 and 60'],
    ]);
    assert.deepEqual(issues(generalUserConfig, { maxLoginUser: 11, sessionTimeout: -1 }), [
      ['maxLoginUser', 'Max Concurrent Logins must be between 1 and 10'],
      ['sessionTimeout', 'Session Timeout must be between 0 and 60'],
    ]);
  });
});

describe('user bodies (002 §5.11)', () => {
  test('new user: name, password and role are required', () => {
    assert.deepEqual(issues(userAddBody, {}), [
      ['name', 'Please provide User Name'],
      ['password', 'Please provide Password'],
      ['accessLevel', 'Please provide Role'],
    ]);
    assert.equal(userAddBody.safeParse({ name: 'bob', password: 'secret1', accessLevel: 'viewer' }).success, true);
  });
  test('user password edit: the override flag must have a value', () => {
    assert.deepEqual(issues(userPasswordBody, { name: 'bob', password: 'x' }), [['overridePwdPolicy', 'Please provide Override Password Policy']]);
    assert.equal(userPasswordBody.safeParse({ name: 'bob', password: 'x', overridePwdPolicy: false }).success, true);
  });
  test('lockout is a 0/1 flag', () => {
    assert.equal(userLockoutBody.safeParse({ name: 'bob', lockout: 1 }).success, true);
    assert.deepEqual(issues(userLockoutBody, { name: 'bob', lockout: 2 }), [['lockout', 'Lockout must be one of the listed options']]);
  });
});
