/** docs/api.md is generated from the endpoint table: it must not drift from the contract. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { apiDoc } from '../api-doc.ts';

test('docs/api.md matches the endpoint table (run `npm run docs:api` after changing endpoints)', () => {
  const written = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
  assert.equal(written, apiDoc());
});
