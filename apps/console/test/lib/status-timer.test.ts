import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusTimer } from '../../src/lib/status-timer.ts';

test("000 §8: a status timer set twice without clearing raises 'Interval Not Cleared' / 'Timeout Not Cleared'", () => {
  const timer = new StatusTimer();
  timer.setInterval(() => {}, 1000);
  assert.throws(() => timer.setInterval(() => {}, 1000), { message: 'Interval Not Cleared' });
  timer.clearInterval();
  timer.setInterval(() => {}, 1000);
  timer.setTimeout(() => {}, 1000);
  assert.throws(() => timer.setTimeout(() => {}, 1000), { message: 'Timeout Not Cleared' });
  timer.clearTimeout();
  timer.setTimeout(() => {}, 1000);
  timer.clear();
});

test('a timeout that has run may be set again', async () => {
  const timer = new StatusTimer();
  await new Promise<void>((resolve) => timer.setTimeout(resolve, 1));
  await new Promise<void>((resolve) => timer.setTimeout(resolve, 1));
});
