import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldDef } from '../../../src/components/form/field-layout.ts';
import { changedFields } from '../../../src/components/form/changed-fields.ts';
import { toFormValues } from '../../../src/components/form/form-values.ts';

const fields: FieldDef[] = [
  { name: 'port', label: 'Port', kind: 'number' },
  { name: 'host', label: 'Host', kind: 'text' },
  { name: 'on', label: 'On', kind: 'checkbox' },
  { name: 'enable', label: 'Enable', kind: 'checkbox', checkboxValues: [0, 1] },
  {
    name: 'rate',
    label: 'Rate',
    kind: 'select',
    options: [
      { value: 1, label: 'One' },
      { value: 2, label: 'Two' },
    ],
  },
];
const baseline = { port: 502, host: 'meter', on: false, enable: 1, rate: 2 };
const loaded = toFormValues(fields, baseline);

test('nothing changed right after loading', () => {
  assert.deepEqual(changedFields(fields, baseline, loaded), []);
});

test('each edited field is flagged, and only it', () => {
  assert.deepEqual(changedFields(fields, baseline, { ...loaded, port: '503' }), ['port']);
  assert.deepEqual(changedFields(fields, baseline, { ...loaded, host: 'meter2', on: true }), ['host', 'on']);
  assert.deepEqual(changedFields(fields, baseline, { ...loaded, enable: false, rate: '1' }), ['enable', 'rate']);
  assert.deepEqual(changedFields(fields, baseline, { ...loaded, port: '' }), ['port']);
});

test('an edit back to the loaded value is no change; so is another spelling of the same number', () => {
  assert.deepEqual(changedFields(fields, baseline, { ...loaded, port: '0502' }), []);
  assert.deepEqual(changedFields(fields, baseline, { ...loaded, port: ' 502 ' }), []);
  assert.deepEqual(changedFields(fields, baseline, { ...loaded, port: '502.0' }), []);
});

test('a value the device never sent equals an empty input', () => {
  const textOnly: FieldDef[] = [{ name: 'note', label: 'Note', kind: 'text' }];
  assert.deepEqual(changedFields(textOnly, {}, { note: '' }), []);
  assert.deepEqual(changedFields(textOnly, {}, { note: 'x' }), ['note']);
});

test('text is compared as typed: spaces count', () => {
  assert.deepEqual(changedFields(fields, baseline, { ...loaded, host: 'meter ' }), ['host']);
});
