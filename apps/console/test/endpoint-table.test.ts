import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endpoints } from '@meter/contract';
import { LANDING_CALLS, SHELL_CALLS, endpointNamed } from '../src/lib/endpoint-table.ts';

test("the shell's and the landing screen's calls are the contract's, method and path", () => {
  for (const [name, call] of Object.entries({ ...SHELL_CALLS, ...LANDING_CALLS })) {
    const entry = endpoints[name as keyof typeof endpoints];
    assert.deepEqual({ method: entry.method, path: entry.path }, call, name);
  }
});

test('any other name comes from the contract table', async () => {
  assert.equal(await endpointNamed('trendLogFile'), endpoints.trendLogFile);
  assert.equal((await endpointNamed('systemMode')).path, endpoints.systemMode.path);
});
