import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loginMessages, requestMessages, serverMessages } from '@meter/contract';
import { downloadFailure, genericFailure } from '../../src/lib/api-errors.ts';
import { loginFailure } from '../../src/features/auth/login-error.ts';

const alert = (message: string) => ({ kind: 'alert', type: 'danger', message });

test('generic catalogue of 000 §8', () => {
  assert.deepEqual(genericFailure(400), alert(requestMessages.badRequest));
  assert.deepEqual(genericFailure(401), { kind: 'static', alert: 'unauthorized' });
  assert.deepEqual(genericFailure(404), alert(requestMessages.notFound));
  assert.deepEqual(genericFailure(423), alert(requestMessages.locked));
  assert.deepEqual(genericFailure(500), alert(requestMessages.serverError));
  assert.deepEqual(genericFailure(503), { kind: 'static', alert: 'webServerDown' });
  assert.deepEqual(genericFailure(0), { kind: 'static', alert: 'network' });
  assert.deepEqual(genericFailure(403), alert('Code 403 error has occurred'));
});

test('downloads: not found has its own text; a named failure text wins', () => {
  assert.deepEqual(downloadFailure(404), alert('Error: File not found'));
  assert.deepEqual(downloadFailure(500), alert(requestMessages.serverError));
  assert.deepEqual(downloadFailure(404, requestMessages.certificateNotFound), alert('Error: File not found.'));
  assert.deepEqual(downloadFailure(0, requestMessages.certificateNotFound), alert('Error: File not found.'));
});

test('sign-in failures of 000 §8', () => {
  assert.deepEqual(loginFailure(401, serverMessages.lockedByAdministrator), alert(loginMessages.accountLocked));
  assert.deepEqual(loginFailure(401, serverMessages.lockedOut), alert(loginMessages.accountLocked));
  assert.deepEqual(loginFailure(401, serverMessages.incorrectCredentials), alert(loginMessages.incorrect));
  assert.deepEqual(loginFailure(401, undefined), alert(loginMessages.incorrect));
  assert.deepEqual(loginFailure(423, undefined), alert(loginMessages.accountLocked));
  // Any other refusal shows the module's message; "Network Error" only when nothing answered.
  assert.deepEqual(loginFailure(429, serverMessages.tooManySessions), alert('Maximum number of concurrent logins reached'));
  assert.deepEqual(loginFailure(500, 'boom'), alert('boom'));
  assert.deepEqual(loginFailure(500, undefined), { kind: 'static', alert: 'network' });
  assert.deepEqual(loginFailure(503, undefined), { kind: 'static', alert: 'webServerDown' });
  assert.deepEqual(loginFailure(0, undefined), { kind: 'static', alert: 'network' });
});
