import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deviceNow, formatDate, formatDeviceTime, formatIsoTime, formatWallTime } from '../../src/lib/device-time.ts';

const t = Date.UTC(2024, 6, 1, 16, 5, 9) / 1000;

test('shown in the device time zone', () => {
  assert.equal(formatDeviceTime(t, 'UTC'), '2024/07/01 04:05:09 PM');
  assert.equal(formatDeviceTime(t, 'America/New_York'), '2024/07/01 12:05:09 PM');
  assert.equal(formatDeviceTime(Date.UTC(2024, 0, 1, 0, 0, 0) / 1000, 'UTC'), '2024/01/01 12:00:00 AM');
});

test('an unknown zone falls back to UTC', () => {
  assert.equal(formatDeviceTime(t, 'Not/AZone'), '2024/07/01 04:05:09 PM');
});

test('ticks locally from the last answer', () => {
  assert.equal(deviceNow(1000, 5_000, 7_999), 1002);
  assert.equal(deviceNow(1000, 5_000, 4_000), 1000);
});

test('one date format for every time the console shows: ISO instants, 24-hour wall times, calendar dates', () => {
  assert.equal(formatIsoTime('2024-07-01T16:05:09.000Z', 'America/New_York'), '2024/07/01 12:05:09 PM');
  assert.equal(formatIsoTime('-', 'UTC'), '-');
  assert.equal(formatWallTime('2024/07/01 16:05:09'), '2024/07/01 04:05:09 PM');
  assert.equal(formatWallTime('2024/07/01 00:00:00'), '2024/07/01 12:00:00 AM');
  assert.equal(formatWallTime('2024/07/01 12:30:00'), '2024/07/01 12:30:00 PM');
  assert.equal(formatWallTime('-'), '-');
  assert.equal(formatDate('2026-03-18'), '2026/03/18');
  assert.equal(formatDate('-'), '-');
});
