/** The zod field builders of src/rules/fields.ts: catalogue messages through zod. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { text, optionalText, int, intBetween, num, bool, oneOf, flag, strictObject } from '../../src/rules/fields.ts';
import { rule, rules } from '../../src/rules/validators.ts';

/** The messages of a failed parse (asserts that it failed). */
function messages(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  assert.equal(r.success, false, `expected ${JSON.stringify(input)} to be refused`);
  return r.error!.issues.map((i) => i.message);
}
function only(schema: z.ZodType, input: unknown): string {
  const m = messages(schema, input);
  assert.equal(m.length, 1, `one message expected, got ${JSON.stringify(m)}`);
  return m[0]!;
}
function accepts(schema: z.ZodType, input: unknown): unknown {
  const r = schema.safeParse(input);
  assert.equal(r.success, true, `expected ${JSON.stringify(input)} to pass: ${r.success ? '' : JSON.stringify(r.error.issues)}`);
  return r.data;
}

describe('text', () => {
  const s = text('User Name', rules.maxLength('User Name', 5), rules.noSpace('User Name'));
  test('missing or empty gives the required message', () => {
    for (const v of [undefined, null, '', '   ']) assert.equal(only(s, v), 'Please provide User Name');
  });
  test('a non-string is refused as text', () => {
    assert.equal(only(s, 5), 'User Name must be text');
    assert.equal(only(s, true), 'User Name must be text');
  });
  test('rules run in order after required, first message only', () => {
    assert.equal(only(s, 'abcdef'), 'User Name cannot exceed 5 characters');
    assert.equal(only(s, 'a b'), 'User Name cannot contain spaces');
    assert.equal(only(s, 'a b cd'), 'User Name cannot exceed 5 characters');
  });
  test('valid text passes unchanged', () => {
    assert.equal(accepts(s, 'admin'), 'admin');
  });
});

describe('optionalText', () => {
  const s = optionalText('Description', rules.maxLength('Description', 3));
  test('empty text passes', () => {
    assert.equal(accepts(s, ''), '');
    assert.equal(accepts(s, '  '), '  ');
  });
  test('rules apply to non-empty values', () => {
    assert.equal(accepts(s, 'abc'), 'abc');
    assert.equal(only(s, 'abcd'), 'Description cannot exceed 3 characters');
  });
  test('non-strings are refused as text', () => {
    assert.equal(only(s, 5), 'Description must be text');
  });
});

describe('int', () => {
  const s = int('Port');
  test('missing or empty gives the required message', () => {
    for (const v of [undefined, null, '', Number.NaN]) assert.equal(only(s, v), 'Please provide Port', String(v));
  });
  test('non-integers give the integer message', () => {
    for (const v of [1.5, '5', 'abc', Number.POSITIVE_INFINITY, 2 ** 53, true]) assert.equal(only(s, v), 'Port must be an integer', String(v));
  });
  test('integers pass', () => {
    for (const v of [0, -1, 65535, Number.MAX_SAFE_INTEGER]) assert.equal(accepts(s, v), v);
  });
  test('extra checkers run after the integer check', () => {
    const odd = int('Count', rules.isMultipleOf('Count', 2));
    assert.equal(only(odd, 3), 'Count must be a multiple of 2');
    assert.equal(only(odd, 2.5), 'Count must be an integer');
    assert.equal(accepts(odd, 4), 4);
  });
});

describe('intBetween', () => {
  const s = intBetween('Max Concurrent Logins', 1, 10);
  test('bounds accepted', () => {
    assert.equal(accepts(s, 1), 1);
    assert.equal(accepts(s, 10), 10);
  });
  test('out of range refused with the between text', () => {
    assert.equal(only(s, 0), 'Max Concurrent Logins must be between 1 and 10');
    assert.equal(only(s, 11), 'Max Concurrent Logins must be between 1 and 10');
  });
  test('required and integer messages', () => {
    assert.equal(only(s, undefined), 'Please provide Max Concurrent Logins');
    assert.equal(only(s, ''), 'Please provide Max Concurrent Logins');
    assert.equal(only(s, 5.5), 'Max Concurrent Logins must be an integer');
  });
  test('extra checkers follow the range', () => {
    const https = intBetween('HTTPS Port', 1, 65535, rules.betweenException('HTTPS Port', 443, 6000, 9999));
    assert.equal(accepts(https, 443), 443);
    assert.equal(only(https, 80), 'HTTPS Port must be 443, or between 6000 and 9999');
    assert.equal(only(https, 0), 'HTTPS Port must be between 1 and 65535');
  });
});

describe('num', () => {
  const s = num('Ratio');
  test('missing or empty gives the required message', () => {
    for (const v of [undefined, null, '', Number.NaN]) assert.equal(only(s, v), 'Please provide Ratio', String(v));
  });
  test('non-numbers give the decimal message', () => {
    for (const v of ['1.5', 'abc', Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) assert.equal(only(s, v), 'Ratio must be a decimal', String(v));
  });
  test('decimals and integers pass', () => {
    for (const v of [0, 1.5, -2.25, 100]) assert.equal(accepts(s, v), v);
  });
  test('extra checkers', () => {
    const pf = num('PF', rules.maxDecimalPlace('PF', 3));
    assert.equal(only(pf, 0.1234), 'PF cannot exceed 3 decimal(s)');
    assert.equal(accepts(pf, 0.123), 0.123);
  });
});

describe('bool', () => {
  const s = bool('Multiple Login');
  test('booleans pass', () => {
    assert.equal(accepts(s, true), true);
    assert.equal(accepts(s, false), false);
  });
  test('missing gives the required message', () => {
    assert.equal(only(s, undefined), 'Please provide Multiple Login');
    assert.equal(only(s, null), 'Please provide Multiple Login');
  });
  test('other values are refused', () => {
    for (const v of [0, 1, 'true', '']) assert.equal(only(s, v), 'Multiple Login must be true or false', String(v));
  });
});

describe('oneOf / flag', () => {
  const s = oneOf('Mode', [0, 1, 2] as const);
  test('listed values pass', () => {
    for (const v of [0, 1, 2]) assert.equal(accepts(s, v), v);
  });
  test('empty gives the required message', () => {
    for (const v of [undefined, null, '', ' ']) assert.equal(only(s, v), 'Please provide Mode', String(v));
  });
  test('other values are refused', () => {
    for (const v of [3, -1, '1', 1.5, true]) assert.equal(only(s, v), 'Mode must be one of the listed options', String(v));
  });
  test('string options', () => {
    const t = oneOf('Format', ['csv', 'json'] as const);
    assert.equal(accepts(t, 'json'), 'json');
    assert.equal(only(t, 'xml'), 'Format must be one of the listed options');
  });
  test('flag is 0 or 1', () => {
    const f = flag('Lockout');
    assert.equal(accepts(f, 0), 0);
    assert.equal(accepts(f, 1), 1);
    assert.equal(only(f, 2), 'Lockout must be one of the listed options');
    assert.equal(only(f, true), 'Lockout must be one of the listed options');
    assert.equal(only(f, undefined), 'Please provide Lockout');
  });
});

describe('strictObject', () => {
  const s = strictObject({ name: text('Name'), port: intBetween('Port', 1, 10), on: bool('On') });
  test('a complete object passes', () => {
    assert.deepEqual(accepts(s, { name: 'a', port: 5, on: true }), { name: 'a', port: 5, on: true });
  });
  test('an unknown field is refused', () => {
    const r = s.safeParse({ name: 'a', port: 5, on: true, extra: 1 });
    assert.equal(r.success, false);
    assert.deepEqual(
      r.error!.issues.map((i) => i.message),
      ['Unknown field extra'],
    );
  });
  test('several unknown fields are listed together', () => {
    assert.deepEqual(messages(s, { name: 'a', port: 5, on: true, x: 1, y: 2 }), ['Unknown field x, y']);
  });
  test('missing fields give their required messages, keyed by path', () => {
    const r = s.safeParse({});
    assert.equal(r.success, false);
    assert.deepEqual(
      r.error!.issues.map((i) => [i.path.join('.'), i.message]),
      [
        ['name', 'Please provide Name'],
        ['port', 'Please provide Port'],
        ['on', 'Please provide On'],
      ],
    );
  });
  test('field errors come with their field path', () => {
    const r = s.safeParse({ name: 'a', port: 11, on: true });
    assert.equal(r.success, false);
    assert.deepEqual(r.error!.issues[0]!.path, ['port']);
    assert.equal(r.error!.issues[0]!.message, 'Port must be between 1 and 10');
  });
  test('a non-object is refused', () => {
    assert.equal(s.safeParse(5).success, false);
    assert.equal(s.safeParse(null).success, false);
    assert.equal(s.safeParse([]).success, false);
  });
});

describe('rules without their label (issue 29)', () => {
  test("the field builder gives each rule its own label, in the given order, beside the catalogue's checkers", () => {
    const name = text('Broker Address', rule.noSpace(), rule.maxLength(5));
    assert.deepEqual(messages(name, 'a b'), ['Broker Address cannot contain spaces']);
    assert.deepEqual(messages(name, 'abcdef'), ['Broker Address cannot exceed 5 characters']);
    assert.deepEqual(messages(name, ''), ['Please provide Broker Address']);
    assert.deepEqual(messages(optionalText('Trap Target 1', rule.ipAddress()), 'x'), ['Trap Target 1 must be a valid IP address']);
    assert.equal(optionalText('Trap Target 1', rule.ipAddress()).safeParse('').success, true);
    assert.deepEqual(messages(int('Port', rule.betweenException(161, 16100, 16199)), 200), ['Port must be 161, or between 16100 and 16199']);
    assert.deepEqual(messages(num('Ratio', rule.between(-10, 10)), 11), ['Ratio must be between -10 and 10']);
    // A checker built with a label still works beside them.
    assert.deepEqual(messages(text('Topic', rules.maxLength('Other', 2), rule.noSpace()), 'abc'), ['Other cannot exceed 2 characters']);
  });
});
