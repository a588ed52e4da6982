/** The checkbox-group field kind: a mask of summed bits or a list, through the form's round trip and changed marks. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_METER_CONTEXT, dataLogSection, sectionFields, checkedOptions } from '@meter/contract';
import { changedFields } from '../../../src/components/form/changed-fields.ts';
import type { FieldDef } from '../../../src/components/form/field-layout.ts';
import { fromInputValue, toInputValue } from '../../../src/components/form/form-values.ts';
import { fieldDefOf } from '../../../src/components/section/section-fields.ts';
import { serverFieldErrors } from '../../../src/components/form/server-errors.ts';

const mask: FieldDef = {
  name: 'm',
  label: 'Mask',
  kind: 'checkboxGroup',
  groupValue: 'mask',
  options: [
    { value: 1, label: 'A' },
    { value: 2, label: 'B' },
    { value: 4, label: 'C' },
  ],
};
const list: FieldDef = {
  name: 'l',
  label: 'List',
  kind: 'checkboxGroup',
  groupValue: 'list',
  options: [
    { value: 1, label: 'One' },
    { value: 2, label: 'Two' },
    { value: 3, label: 'Three' },
  ],
};

test('a mask loads as its set bits and saves as their sum', () => {
  assert.deepEqual(toInputValue(mask, 5), ['1', '4']);
  assert.deepEqual(toInputValue(mask, 0), []);
  assert.equal(fromInputValue(mask, ['4', '1']), 5);
  assert.equal(fromInputValue(mask, []), 0);
  assert.equal(fromInputValue(mask, undefined), 0);
});

test('a list loads as its members and saves them in option order, whatever order they were ticked in', () => {
  assert.deepEqual(toInputValue(list, [3, 1]), ['1', '3']);
  assert.deepEqual(fromInputValue(list, ['3', '1']), [1, 3]);
  assert.deepEqual(fromInputValue(list, ['9']), []);
  assert.deepEqual(checkedOptions(list, 'x'), []);
});

test('a group is changed when what it saves differs, not when the ticks were made in another order', () => {
  assert.deepEqual(changedFields([list], { l: [1, 3] }, { l: ['3', '1'] }), []);
  assert.deepEqual(changedFields([list], { l: [1, 3] }, { l: ['1'] }), ['l']);
  assert.deepEqual(changedFields([mask], { m: 3 }, { m: ['2', '1'] }), []);
  assert.deepEqual(changedFields([mask], { m: 3 }, { m: ['2'] }), ['m']);
});

test('the data log masks and post channels are checkbox groups with the spec parameter bits', () => {
  const fields = sectionFields(dataLogSection, DEFAULT_METER_CONTEXT).map(fieldDefOf);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const real = byName.get('dataLog1__realTimeMask')!;
  assert.equal(real.kind, 'checkboxGroup');
  assert.equal(real.groupValue, 'mask');
  assert.deepEqual(
    real.options?.map((o) => [o.value, o.label]),
    [
      [1, 'Line-to-Neutral Voltage'],
      [2, 'Line-to-Line Voltage'],
      [4, 'Line Current'],
      [8, 'Active Power'],
      [16, 'Reactive Power'],
      [32, 'Apparent Power'],
      [64, 'Power Factor'],
      [128, 'Frequency'],
      [256, 'Load Type'],
    ],
  );
  assert.equal(byName.get('dataLog2__powerQualityMask')?.options?.length, 13);
  const post = byName.get('dataLog3__postChannel')!;
  assert.equal(post.groupValue, 'list');
  assert.deepEqual(
    post.options?.map((o) => o.label),
    ['Post Channel 1', 'Post Channel 2', 'Post Channel 3'],
  );
});

test('a message the module names by a nested key lands on the flat field', () => {
  const r = serverFieldErrors({ 'dataLog1.postChannel': 'no' }, ['dataLog1__postChannel']);
  assert.deepEqual(r.byField, { dataLog1__postChannel: 'no' });
});
