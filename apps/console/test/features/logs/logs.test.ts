import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALARM_RECORD_KEYS, METER_EVENT_RECORD_KEYS } from '@meter/contract';
import { zonedToUnix } from '../../../src/lib/device-time.ts';
import { EMPTY_FILTER, intervalIsValid, logQueryOf, toggleLevel, withLevel } from '../../../src/features/logs/log-filter.ts';
import { alarmCellText, keysOf, lastKeyFirst, newestFirst, reversedKeys } from '../../../src/features/logs/record-columns.ts';

test('Alarm Log columns: the first record keys with the last moved to the front; contract keys when empty', () => {
  assert.deepEqual(lastKeyFirst(keysOf([{ a: 1, b: 2, Timestamp: 3 }], ALARM_RECORD_KEYS)), ['Timestamp', 'a', 'b']);
  assert.deepEqual(lastKeyFirst(keysOf([], ALARM_RECORD_KEYS)), ['Timestamp', 'Alarm', 'Parameter', 'Condition', 'Setpoint', 'Value', 'Status']);
  assert.deepEqual(lastKeyFirst(['x']), ['x']);
});

test('Event Log columns: the record keys reversed', () => {
  assert.deepEqual(reversedKeys(keysOf([{ Event: 'x', Timestamp: 1 }], METER_EVENT_RECORD_KEYS)), ['Timestamp', 'Event']);
  assert.deepEqual(reversedKeys(keysOf([], METER_EVENT_RECORD_KEYS)), ['Timestamp', 'Event']);
});

test('newest first by Timestamp, stable within a second', () => {
  const rows = [
    { n: 'a', Timestamp: 10 },
    { n: 'b', Timestamp: 30 },
    { n: 'c', Timestamp: 10 },
    { n: 'd', Timestamp: 20 },
  ];
  assert.deepEqual(
    newestFirst(rows).map((r) => r.n),
    ['b', 'd', 'a', 'c'],
  );
});

test('a wall time typed in the device zone becomes unix seconds, across DST', () => {
  assert.equal(zonedToUnix('2026-03-01T03:00', 'America/New_York'), Date.parse('2026-03-01T08:00:00Z') / 1000);
  assert.equal(zonedToUnix('2026-07-01T03:00:15', 'America/New_York'), Date.parse('2026-07-01T07:00:15Z') / 1000);
  assert.equal(zonedToUnix('2026-07-01T03:00', 'America/New_York', true), Date.parse('2026-07-01T07:00:59Z') / 1000);
  assert.equal(zonedToUnix('2026-07-01T13:30', 'Asia/Kolkata'), Date.parse('2026-07-01T08:00:00Z') / 1000);
  assert.equal(zonedToUnix('', 'UTC'), undefined);
  assert.equal(zonedToUnix('garbage', 'UTC'), undefined);
});

test('the filter becomes the eventLog query of a page', () => {
  assert.deepEqual(logQueryOf(EMPTY_FILTER, 'UTC', 1, 10), { idStart: 0, idEnd: 10 });
  assert.deepEqual(logQueryOf(EMPTY_FILTER, 'UTC', 3, 20), { idStart: 40, idEnd: 60 });
  const f = { start: '2026-03-01T00:00', end: '2026-03-01T01:00', levels: withLevel(withLevel(EMPTY_FILTER, 'Info'), 'Critical').levels, user: '' };
  assert.deepEqual(logQueryOf(f, 'UTC', 1, 80), {
    idStart: 0,
    idEnd: 80,
    timeStart: Date.parse('2026-03-01T00:00:00Z') / 1000,
    timeEnd: Date.parse('2026-03-01T01:00:59Z') / 1000,
    level: 'Critical,Info',
  });
  assert.deepEqual(withLevel(f, 'Info').levels, ['Critical', 'Info'], 'adding a level twice keeps one');
  assert.deepEqual(toggleLevel(f, 'Info').levels, ['Critical']);
  assert.equal(intervalIsValid({ ...f, start: '2026-03-02T00:00' }, 'UTC'), false);
  assert.equal(intervalIsValid({ ...f, end: '' }, 'UTC'), true);
  // The user filter goes as typed, trimmed; blank is no filter.
  assert.equal(logQueryOf({ ...EMPTY_FILTER, user: ' carol ' }, 'UTC', 1, 10).user, 'carol');
  assert.equal('user' in logQueryOf({ ...EMPTY_FILTER, user: '  ' }, 'UTC', 1, 10), false);
});

test('alarm log: set points and values of one quantity show one decimal', () => {
  assert.equal(alarmCellText('100%'), '100.0%');
  assert.equal(alarmCellText('101.25%'), '101.3%');
  assert.equal(alarmCellText('-3%'), '-3.0%');
  assert.equal(alarmCellText('ON'), 'ON');
  assert.equal(alarmCellText('-'), '-');
  assert.equal(alarmCellText(7), '7');
  assert.equal(alarmCellText(undefined), '');
});
