/** The zod-free call table (endpoints/calls.ts) says what the endpoint table says, entry for entry. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ENDPOINT_CALLS, endpoints, type EndpointAuth } from '../src/index.ts';

test('every endpoint has its call, same method, path and permission, in the same order', () => {
  const line = (name: string, e: { method: string; path: string; auth: EndpointAuth }) => `${name}: ${e.method} ${e.path} ${JSON.stringify(e.auth)}`;
  assert.deepEqual(
    Object.entries(ENDPOINT_CALLS).map(([n, c]) => line(n, c)),
    Object.entries(endpoints).map(([n, e]) => line(n, e)),
    'endpoints/calls.ts must list these entries',
  );
});
