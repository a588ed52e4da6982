import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { UserNameMapping } from '@meter/contract';
import { channelName, channelOptions } from '../../src/components/channel-options.ts';

const mapping = (entries: Record<number, { channel: number; userName: string }>): UserNameMapping => Object.fromEntries(Object.entries(entries).map(([n, v]) => [`userId${n}`, v]));

test('18 options in userId order, labelled with the user name', () => {
  const opts = channelOptions(mapping({ 1: { channel: 1, userName: 'Lights' }, 2: { channel: 2, userName: '' } }));
  assert.equal(opts.length, 18);
  assert.deepEqual(opts[0], { value: 1, label: 'Input Channel 1 - Lights' });
  assert.deepEqual(opts[1], { value: 2, label: 'Input Channel 2' });
  assert.deepEqual(opts[17], { value: 18, label: 'Input Channel 18' });
});

test('channels above 18 are user channels numbered from 1', () => {
  const opts = channelOptions(mapping({ 1: { channel: 19, userName: 'HVAC' }, 2: { channel: 24, userName: ' ' } }));
  assert.deepEqual(opts[0], { value: 19, label: 'User Channel 1 - HVAC' });
  assert.deepEqual(opts[1], { value: 24, label: 'User Channel 6' });
  assert.equal(channelName(18), 'Input Channel 18');
});

test('a channel of 0 stands for the entry number', () => {
  const opts = channelOptions(mapping({ 5: { channel: 0, userName: 'Pump' } }));
  assert.deepEqual(opts[4], { value: 5, label: 'Input Channel 5 - Pump' });
  assert.deepEqual(channelOptions(undefined)[2], { value: 3, label: 'Input Channel 3' });
});
