import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endpoints } from '@meter/contract';
import { calls, endpointNamed } from '../../src/lib/endpoint-table.ts';

test("every call by name is the contract's, method and path", () => {
  for (const name of Object.keys(endpoints) as (keyof typeof endpoints)[]) {
    assert.deepEqual({ method: calls[name].method, path: calls[name].path }, { method: endpoints[name].method, path: endpoints[name].path }, name);
  }
  assert.equal(endpointNamed('trendLogFile').path, endpoints.trendLogFile.path);
});
