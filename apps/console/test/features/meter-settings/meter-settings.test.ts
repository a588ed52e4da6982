import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_METER_CONTEXT, alarmConfigSchema, routeByName } from '@meter/contract';
import { PATH_MAPPING, flatSchema, flatten, unflatten } from '../../../src/components/section/flat-values.ts';
import { DEFAULT_SETPOINT, generalRedirect, normaliseRow } from '../../../src/features/meter-settings/rules.ts';

test('General redirect: 192 without 48 → Settings, Management; only 3 → User Management; else stays', () => {
  assert.equal(generalRedirect(192), routeByName('Settings, Management').path);
  assert.equal(generalRedirect(3), routeByName('System Settings, User Management').path);
  assert.equal(generalRedirect(48), undefined);
  assert.equal(generalRedirect(192 | 48 | 3), undefined);
  assert.equal(generalRedirect(0), undefined);
});

test('flatten and unflatten are inverse for the named nested keys; others stay whole', () => {
  const data = { enable: true, alarmId1: { enable: false, delay: 5 }, list: { a: [1] } };
  const flat = flatten(data, ['alarmId1']);
  assert.deepEqual(flat, { enable: true, alarmId1__enable: false, alarmId1__delay: 5, list: { a: [1] } });
  assert.deepEqual(unflatten(flat), data);
});

test("a flat schema reports the nested schema's issues under the flat field", () => {
  const row = { enable: true, alarmChannelType: 0, alarmChannelParam: 1, setting: 1, setPoint: 10, delay: 40000, output: 0 };
  const off = { ...row, enable: false };
  const body: Record<string, unknown> = { enable: true, alarmId1: row };
  for (let i = 2; i <= 10; i++) body[`alarmId${i}`] = off;
  const r = flatSchema(alarmConfigSchema(DEFAULT_METER_CONTEXT), PATH_MAPPING).safeParse(
    flatten(
      body,
      Object.keys(body).filter((k) => k !== 'enable'),
    ),
  );
  assert.equal(r.success, false);
  const issue = r.error!.issues[0]!;
  assert.deepEqual(issue.path, ['alarmId1__delay']);
  assert.equal(issue.message, 'Alarm #1 Delay must be between 0 and 30000');
});

test('a new alarm channel type keeps what it still offers and resets the rest', () => {
  const ctx = DEFAULT_METER_CONTEXT;
  // To Digital Input: only '=' (2), ON/OFF setpoint.
  assert.deepEqual(normaliseRow(ctx, 4, { param: '1', setting: '1', setPoint: '10' }), { param: '1', setting: '2', setPoint: '1' });
  // Back to a real-time type: the setting '=' stays, the ON setpoint stays a number.
  assert.deepEqual(normaliseRow(ctx, 0, { param: '1', setting: '2', setPoint: '1' }), { param: '1', setting: '2', setPoint: '1' });
  // An empty setpoint gets the default %.
  assert.deepEqual(normaliseRow(ctx, 0, { param: '99', setting: '3', setPoint: '' }), { param: '0', setting: '3', setPoint: String(DEFAULT_SETPOINT) });
});
