import assert from 'node:assert/strict';
import { test } from 'node:test';
import { routerStarted, type StartingRouter } from '../../src/lib/router-started.ts';

function fakeRouter(initialized: boolean) {
  const listeners = new Set<(s: { initialized: boolean }) => void>();
  const router: StartingRouter & { emit(s: { initialized: boolean }): void; listeners: typeof listeners } = {
    state: { initialized },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    emit(s) {
      router.state = s;
      for (const fn of [...listeners]) fn(s);
    },
    listeners,
  };
  return router;
}

test('a router that has started settles at once, without subscribing', async () => {
  const r = fakeRouter(true);
  await routerStarted(r);
  assert.equal(r.listeners.size, 0);
});

test('a starting router settles on the first initialized state, and the subscription ends', async () => {
  const r = fakeRouter(false);
  let settled = false;
  const started = routerStarted(r).then(() => (settled = true));
  r.emit({ initialized: false });
  await Promise.resolve();
  assert.equal(settled, false);
  r.emit({ initialized: true });
  await started;
  assert.equal(r.listeners.size, 0);
});
