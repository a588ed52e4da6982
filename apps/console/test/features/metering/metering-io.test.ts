import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IoReply } from '@meter/contract';
import { DI_STATUS_TEXT, RELAY_STATUS_TEXT, diCounter, diValue, toggledRelays, withRelays } from '../../../src/features/metering/io-rows.ts';

const io: IoReply = {
  di: [
    { name: 'Water', status: 1, counter: 42, value: 420, unit: 'L', type: 1 },
    { name: 'Door', status: 0, counter: 0, value: 0, unit: '', type: 0 },
  ],
  ro: [
    { name: 'RO1', status: 0 },
    { name: 'RO2', status: 1 },
  ],
};

test('status words: DI Open/Closed, relays OFF/ON', () => {
  assert.deepEqual([DI_STATUS_TEXT[0], DI_STATUS_TEXT[1], RELAY_STATUS_TEXT[0], RELAY_STATUS_TEXT[1]], ['Open', 'Closed', 'OFF', 'ON']);
});

test('counter inputs show the count and the value with its unit; status inputs "-"', () => {
  assert.deepEqual([diCounter(io.di[0]!), diValue(io.di[0]!)], ['42', '420 L']);
  assert.deepEqual([diCounter(io.di[1]!), diValue(io.di[1]!)], ['-', '-']);
});

test('000 §4: the command flips one relay and keeps the other', () => {
  assert.deepEqual(toggledRelays(io.ro, 0), { ro1: 1, ro2: 1 });
  assert.deepEqual(toggledRelays(io.ro, 1), { ro1: 0, ro2: 0 });
  assert.deepEqual(withRelays(io, { ro1: 1, ro2: 1 }).ro, [
    { name: 'RO1', status: 1 },
    { name: 'RO2', status: 1 },
  ]);
  assert.equal(withRelays(io, { ro1: 1, ro2: 1 }).di, io.di);
});
