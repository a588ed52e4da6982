import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasUnsavedChanges, registerDirtyCheck, shouldBlockLeaving } from '../../src/lib/unsaved-changes.ts';

test('leaving is blocked only while a mounted form reports changes, and never towards Login', () => {
  let dirty = false;
  const unregister = registerDirtyCheck(() => dirty);
  const clean = registerDirtyCheck(() => false);
  assert.equal(shouldBlockLeaving('/a', '/b'), false);
  dirty = true;
  assert.equal(hasUnsavedChanges(), true);
  assert.equal(shouldBlockLeaving('/a', '/b'), true);
  assert.equal(shouldBlockLeaving('/a', '/login'), false);
  assert.equal(shouldBlockLeaving('/a', '/a'), false);
  unregister();
  clean();
  assert.equal(shouldBlockLeaving('/a', '/b'), false);
});

test('a running operation refuses every way out but Login, with its message, until it ends', async () => {
  const { registerBusyOperation, runningOperation, shouldRefuseLeaving } = await import('../../src/lib/unsaved-changes.ts');
  let updating = false;
  const remove = registerBusyOperation(() => (updating ? 'Firmware is upgrading. Please stay on the current page' : undefined));
  assert.equal(shouldRefuseLeaving('/a', '/b'), false);
  updating = true;
  assert.equal(runningOperation(), 'Firmware is upgrading. Please stay on the current page');
  assert.equal(shouldRefuseLeaving('/a', '/b'), true);
  assert.equal(shouldRefuseLeaving('/a', '/login'), false);
  remove();
  assert.equal(shouldRefuseLeaving('/a', '/b'), false);
});
