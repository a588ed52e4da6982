import { test } from 'node:test';
import assert from 'node:assert/strict';
import { passwordPolicy, DEFAULT_PASSWORD_POLICY } from '@meter/contract';
import type { FieldDef } from '../../../src/components/form/field-layout.ts';
import { fromInputValue, toFormValues, toInputValue, toSchemaValues } from '../../../src/components/form/form-values.ts';
import { schemaFieldDefs } from '../../../src/components/section/section-fields.ts';

const PASSWORD_POLICY_FIELDS = schemaFieldDefs(passwordPolicy);

const num: FieldDef = { name: 'port', label: 'Port', kind: 'number' };
const txt: FieldDef = { name: 'host', label: 'Host', kind: 'text' };
const box: FieldDef = { name: 'on', label: 'On', kind: 'checkbox' };
const flag: FieldDef = { name: 'enable', label: 'Enable', kind: 'checkbox', checkboxValues: [0, 1] };
const sel: FieldDef = {
  name: 'rate',
  label: 'Rate',
  kind: 'select',
  options: [
    { value: 1, label: 'One' },
    { value: 2, label: 'Two' },
  ],
};
const radio: FieldDef = {
  name: 'mode',
  label: 'Mode',
  kind: 'radio',
  options: [
    { value: 'AP', label: 'AP' },
    { value: true, label: 'Yes' },
  ],
};

test('number inputs: text to number, empty to undefined, junk stays text', () => {
  assert.equal(fromInputValue(num, '502'), 502);
  assert.equal(fromInputValue(num, ' -1.5 '), -1.5);
  assert.equal(fromInputValue(num, '0'), 0);
  assert.equal(fromInputValue(num, ''), undefined);
  assert.equal(fromInputValue(num, '   '), undefined);
  assert.equal(fromInputValue(num, undefined), undefined);
  assert.equal(fromInputValue(num, '0x10'), '0x10');
  assert.equal(fromInputValue(num, '1e3'), '1e3');
  assert.equal(fromInputValue(num, 'abc'), 'abc');
});

test('checkboxes: booleans, or the device flag values', () => {
  assert.equal(fromInputValue(box, true), true);
  assert.equal(fromInputValue(box, false), false);
  assert.equal(fromInputValue(flag, true), 1);
  assert.equal(fromInputValue(flag, false), 0);
  assert.equal(toInputValue(flag, 1), true);
  assert.equal(toInputValue(flag, 0), false);
  assert.equal(toInputValue(box, true), true);
  assert.equal(toInputValue(box, undefined), false);
});

test('select and radio: the option value back from its text; empty is undefined', () => {
  assert.equal(fromInputValue(sel, '2'), 2);
  assert.equal(fromInputValue(sel, ''), undefined);
  assert.equal(fromInputValue(sel, '9'), '9');
  assert.equal(fromInputValue(radio, 'true'), true);
  assert.equal(fromInputValue(radio, 'AP'), 'AP');
  assert.equal(toInputValue(sel, 2), '2');
});

test('text: kept as typed; missing loaded values show as empty', () => {
  assert.equal(fromInputValue(txt, ' a b '), ' a b ');
  assert.equal(toInputValue(txt, undefined), '');
  assert.equal(toInputValue(txt, null), '');
  assert.equal(toInputValue(num, 8), '8');
});

test('toSchemaValues keeps fields outside the layout and converts the ones inside', () => {
  const baseline = { port: 502, host: 'a', on: false, hidden: 'keep' };
  const form = toFormValues([num, txt, box], baseline);
  assert.deepEqual(form, { port: '502', host: 'a', on: false });
  assert.deepEqual(toSchemaValues([num, txt, box], { ...form, port: '' }, baseline), { port: undefined, host: 'a', on: false, hidden: 'keep' });
});

test('the password policy layout round-trips the loaded policy through its schema', () => {
  const form = toFormValues(PASSWORD_POLICY_FIELDS, DEFAULT_PASSWORD_POLICY);
  assert.equal(form.pwdHistory, '1');
  assert.equal(form.needNumberLetter, true);
  assert.deepEqual(passwordPolicy.parse(toSchemaValues(PASSWORD_POLICY_FIELDS, form, DEFAULT_PASSWORD_POLICY)), DEFAULT_PASSWORD_POLICY);
  assert.equal(PASSWORD_POLICY_FIELDS.length, 12);
  assert.deepEqual(PASSWORD_POLICY_FIELDS.map((f) => f.name).sort(), Object.keys(passwordPolicy.shape).sort());
});

test('an emptied number gets the required message, an out-of-range one the between message', () => {
  const form = toFormValues(PASSWORD_POLICY_FIELDS, DEFAULT_PASSWORD_POLICY);
  const messages = (patch: Record<string, string>) =>
    passwordPolicy.safeParse(toSchemaValues(PASSWORD_POLICY_FIELDS, { ...form, ...patch }, DEFAULT_PASSWORD_POLICY)).error?.issues.map((i) => i.message);
  assert.deepEqual(messages({ pwdHistory: '' }), ['Please provide Password History']);
  assert.deepEqual(messages({ pwdHistory: '33' }), ['Password History must be between 1 and 32']);
  assert.deepEqual(messages({ pwdHistory: '1.5' }), ['Password History must be an integer']);
});
