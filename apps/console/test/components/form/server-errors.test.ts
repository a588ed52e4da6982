import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverFieldErrors } from '../../../src/components/form/server-errors.ts';

test('reply errors land on the fields of the same name', () => {
  assert.deepEqual(serverFieldErrors({ password: 'Password must be at least 8 characters' }, ['name', 'password']), {
    byField: { password: 'Password must be at least 8 characters' },
    unmatched: [],
  });
});

test('aliases map reply names to form names', () => {
  const r = serverFieldErrors({ newPassword: 'too short', oldPassword: 'Current password incorrect' }, ['password', 'oldPassword'], { newPassword: 'password' });
  assert.deepEqual(r.byField, { password: 'too short', oldPassword: 'Current password incorrect' });
});

test('nested paths go to their first segment; the first message of a field wins', () => {
  const r = serverFieldErrors({ 'whiteList.0.ipv4': 'bad ip', 'whiteList.1.ipv4': 'bad too' }, ['whiteList']);
  assert.deepEqual(r.byField, { whiteList: 'bad ip' });
});

test('keys no field shows are returned as unmatched', () => {
  const r = serverFieldErrors({ _: 'Unknown field x', other: 'nope' }, ['a']);
  assert.deepEqual(r, { byField: {}, unmatched: ['Unknown field x', 'nope'] });
});

test('no errors in the reply', () => {
  assert.deepEqual(serverFieldErrors(undefined, ['a']), { byField: {}, unmatched: [] });
});
