import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveAge } from '../../src/components/live-age.tsx';
import { noteAnswer, noteNoResponse, reachabilityStore } from '../../src/lib/reachability.ts';

test('the age of polled readings: whole seconds, stale past two poll intervals', () => {
  assert.equal(liveAge(0, 10_000, 5000), undefined);
  assert.deepEqual(liveAge(10_000, 10_999, 5000), { seconds: 0, stale: false });
  assert.deepEqual(liveAge(10_000, 20_000, 5000), { seconds: 10, stale: false });
  assert.deepEqual(liveAge(10_000, 20_001, 5000), { seconds: 10, stale: true });
  // A clock read just before the reply landed is no negative age.
  assert.deepEqual(liveAge(10_000, 9_000, 5000), { seconds: 0, stale: false });
});

test('reachability: no response marks the module unreachable, any answer reachable again', () => {
  const seen: boolean[] = [];
  const stop = reachabilityStore.subscribe(() => seen.push(reachabilityStore.get().unreachable));
  noteAnswer();
  noteNoResponse();
  noteNoResponse();
  noteAnswer();
  noteAnswer();
  stop();
  // Only the changes are published: a poll every 5 s does not wake the banner each time.
  assert.deepEqual(seen, [true, false]);
});
