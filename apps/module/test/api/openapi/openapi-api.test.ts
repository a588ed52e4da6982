/** GET /api/openapi.json: public, the committed docs/openapi.json, built off the event loop once. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';

let m: TestModule;
before(async () => ({ m } = await startModuleWithUsers()));
after(() => m.close());

test('the module serves the OpenAPI document without a sign-in, the same as docs/openapi.json', async () => {
  const res = await m.call('GET', '/api/openapi.json');
  assert.equal(res.status, 200, res.raw);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const committed = JSON.parse(readFileSync(new URL('../../../../../docs/openapi.json', import.meta.url), 'utf8'));
  assert.deepEqual(res.body, committed);
  // The second request is served from the kept text.
  const again = await m.call('GET', '/api/openapi.json');
  assert.equal(again.raw, res.raw);
});
