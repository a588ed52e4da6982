import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageCount, pageList, pageSlice } from '../../src/components/pagination.ts';

test('two neighbour pages each side, first and last, ellipses between', () => {
  assert.deepEqual(pageList(10, 20), [1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
});

test('no ellipsis near the ends', () => {
  assert.deepEqual(pageList(1, 10), [1, 2, 3, 'ellipsis-end', 10]);
  assert.deepEqual(pageList(10, 10), [1, 'ellipsis-start', 8, 9, 10]);
  assert.deepEqual(pageList(3, 10), [1, 2, 3, 4, 5, 'ellipsis-end', 10]);
});

test('an ellipsis never stands for a single page', () => {
  assert.deepEqual(pageList(4, 10), [1, 2, 3, 4, 5, 6, 'ellipsis-end', 10]);
  assert.deepEqual(pageList(7, 10), [1, 'ellipsis-start', 5, 6, 7, 8, 9, 10]);
});

test('few pages are all listed; current is clamped', () => {
  assert.deepEqual(pageList(1, 1), [1]);
  assert.deepEqual(pageList(2, 5), [1, 2, 3, 4, 5]);
  assert.deepEqual(pageList(99, 3), [1, 2, 3]);
  assert.deepEqual(pageList(1, 0), []);
});

test('page count and slices by page size', () => {
  const rows = Array.from({ length: 60 }, (_, i) => i);
  assert.equal(pageCount(0, 25), 1);
  assert.equal(pageCount(60, 25), 3);
  assert.deepEqual(pageSlice(rows, 3, 25), [50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
  assert.equal(pageSlice(rows, 1, 50).length, 50);
});
