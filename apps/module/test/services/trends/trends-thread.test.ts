/** The trend thread starts with the first call, answers what the loop would, and stops when idle. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TrendQueryThread } from '../../../src/services/trends/query-thread.ts';
import { NY, T0, storeFixture, type StoreFixture } from '../../trends-helpers.ts';
import { until } from '../../../../../test-peers/until.ts';

describe('trend thread', () => {
  let f: StoreFixture;
  before(async () => {
    f = await storeFixture();
    f.run(600);
  });
  after(() => f.close());

  test('starts on the first call, answers as the in-process query does, stops after its idle time and starts again', async () => {
    const thread = new TrendQueryThread(f.dataDir, () => NY, 200);
    try {
      assert.equal(thread.running, false, 'nothing started before a call');
      const q = { parameter: 'VLN' as const, start: T0 / 1000, end: T0 / 1000 + 599, interval: '15sec' as const };
      const first = await thread.run('realtime', q);
      assert.equal(thread.running, true);
      assert.deepEqual(JSON.parse(first.json), JSON.parse(JSON.stringify({ data: f.svc.queryRealtime(q) })));
      await until('the idle thread to stop', () => !thread.running, 20_000);
      assert.equal(thread.running, false, 'stopped when idle');
      const again = await thread.run('realtime', q);
      assert.equal(again.json, first.json);
      assert.equal(thread.running, true);
    } finally {
      await thread.close();
    }
  });
});
