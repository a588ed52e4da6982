import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROUTES } from '@meter/contract';
import { screens } from '../../src/app/screens.ts';

test('every registered screen names a route of the contract table', () => {
  const names = new Set(ROUTES.map((r) => r.name));
  for (const name of Object.keys(screens)) assert.ok(names.has(name), `no route named ${name}`);
});

test('no screen is registered for a route that forwards', () => {
  for (const r of ROUTES) if (r.redirect) assert.ok(!(r.name in screens), `${r.name} redirects`);
});
