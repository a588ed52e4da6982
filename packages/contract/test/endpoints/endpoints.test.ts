/** The endpoint table's own consistency: params match the paths, queries let clients add keys. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { ERROR_REPLY, endpoints } from '../../src/index.ts';

const pathKeys = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();

test('every :param of a path is declared in params, and nothing else', () => {
  for (const [name, e] of Object.entries(endpoints)) {
    const keys = pathKeys(e.path);
    if (keys.length === 0) {
      assert.equal('params' in e ? e.params : undefined, undefined, `${name} declares params without :params in its path`);
      continue;
    }
    assert.ok('params' in e && e.params instanceof z.ZodObject, `${name}: params must be an object schema`);
    assert.deepEqual(Object.keys(e.params.shape).sort(), keys, name);
  }
});

test('query schemas accept the keys every client may add (token for downloads, time against caches)', () => {
  for (const [name, e] of Object.entries(endpoints)) {
    if (!('query' in e) || !e.query) continue;
    const r = e.query.safeParse({ token: 'x', time: '1' });
    assert.ok(r.success, `${name}: ${r.error?.issues[0]?.message}`);
  }
});

test('every endpoint names the error reply', () => {
  for (const [name, e] of Object.entries(endpoints)) assert.equal(e.error, ERROR_REPLY, name);
});
