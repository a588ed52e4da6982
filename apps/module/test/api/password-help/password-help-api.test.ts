/** GET users/passwordRules: the policy's text rules for every password screen's checklist (docs/decisions/users-sign-in-page-and-password-help.md). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { passwordPolicyError } from '@meter/contract';
import { createTestModule, firstStartPassword } from '../../helper.ts';
import { USER_PASSWORD, addUser, setPolicy, signIn } from '../../users-helpers.ts';

test('any session reads the text rules of the current policy, one held on Change Password included; nobody else', async () => {
  const m = await createTestModule({ generatedAdminPassword: true });
  try {
    assert.equal((await m.call('GET', '/api/users/passwordRules')).status, 401);
    // The generated password's session may do nothing but change it: the rules are part of that.
    const first = await signIn(m, 'admin', firstStartPassword(m));
    assert.equal(first.body.data.passwordChangeRequired, true);
    const held = first.body.data.token;
    const defaults = await m.call('GET', '/api/users/passwordRules', { token: held });
    assert.equal(defaults.status, 200, defaults.raw);
    assert.deepEqual(defaults.body, { data: { pwdLength: 8, needUpperLower: false, needNumberLetter: true, needSpecialCharacter: false } });
    assert.equal(
      (await m.call('PATCH', '/api/command/setPassword', { token: held, body: { username: 'admin', oldPassword: firstStartPassword(m), newPassword: 'NewAdmin99' } })).status,
      200,
    );

    const admin = (await signIn(m, 'admin', 'NewAdmin99')).body.data.token;
    await addUser(m, admin, 'viewer');
    await setPolicy(m, admin, { pwdLength: 10, needUpperLower: true, needSpecialCharacter: true });
    // A view user has no view on user configuration: the policy itself stays closed to it.
    const viewer = (await signIn(m, 'viewer', USER_PASSWORD)).body.data.token;
    assert.equal((await m.call('GET', '/api/settings/passwordPolicy', { token: viewer })).status, 403);
    const rules = await m.call('GET', '/api/users/passwordRules', { token: viewer });
    assert.deepEqual(rules.body, { data: { pwdLength: 10, needUpperLower: true, needNumberLetter: true, needSpecialCharacter: true } });

    // The console checks with these rules what the module then refuses with the same message.
    const weak = 'Abcdefgh12';
    const expected = passwordPolicyError(rules.body.data, weak, 'Password');
    assert.equal(expected, 'Password must contain a special character (@!#%^&*?)');
    const refused = await m.call('PATCH', '/api/command/setPassword', { token: viewer, body: { username: 'viewer', oldPassword: USER_PASSWORD, newPassword: weak } });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data.value, expected);
    assert.equal((await m.call('PATCH', '/api/command/setPassword', { token: viewer, body: { username: 'viewer', oldPassword: USER_PASSWORD, newPassword: 'Abcdefgh1!' } })).status, 200);
  } finally {
    await m.close();
  }
});
