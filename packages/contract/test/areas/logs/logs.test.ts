import { test } from 'node:test';
import assert from 'node:assert/strict';
import { METER_EVENT_KEYS, deleteDataLogBody, logQuery, logTexts, meterEventTexts } from '../../../src/index.ts';

test('log query: defaults to the first page of 10; strings become numbers and levels a list', () => {
  assert.deepEqual(logQuery.parse({}), { idStart: 0, idEnd: 10, timeStart: undefined, timeEnd: undefined, levels: [] });
  assert.deepEqual(logQuery.parse({ idStart: '20', idEnd: '40', timeStart: '5', timeEnd: '5', level: 'Critical, Info', token: 'x' }), {
    idStart: 20,
    idEnd: 40,
    timeStart: 5,
    timeEnd: 5,
    levels: ['Critical', 'Info'],
  });
});

test('log query: refused with the catalogue texts', () => {
  const first = (q: Record<string, string>) => logQuery.safeParse(q).error?.issues[0]?.message;
  assert.equal(first({ idStart: '9', idEnd: '1' }), logTexts.badWindow);
  assert.equal(first({ idStart: '0', idEnd: '1001' }), logTexts.badWindow);
  assert.equal(first({ idStart: '1.5' }), logTexts.badWindow);
  assert.equal(first({ timeStart: 'x' }), logTexts.badTime);
  assert.equal(first({ timeStart: '9', timeEnd: '1' }), logTexts.badInterval);
  assert.equal(first({ level: 'Debug' }), logTexts.badLevel('Debug'));
});

test('data log delete body: plain listed-style names only', () => {
  assert.equal(deleteDataLogBody.safeParse([]).error?.issues[0]?.message, logTexts.noDataLogSelected);
  for (const bad of ['../x.csv', '/etc/passwd', '.hidden', 'a/b.csv', 'a\\b.csv', '']) assert.equal(deleteDataLogBody.safeParse([bad]).success, false, bad);
  assert.equal(deleteDataLogBody.safeParse(['datalog1_20260301_000000.csv']).success, true);
});

test('every meter event key has a text', () => {
  for (const k of METER_EVENT_KEYS) assert.ok(meterEventTexts[k], k);
});
