import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deviceNow, formatDeviceTime } from '../src/lib/device-time.ts';

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
