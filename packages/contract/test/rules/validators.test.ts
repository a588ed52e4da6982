/**
 * The named rules of src/rules/validators.ts against 000 §5.
 * Expected messages are written out literally (from the spec table of 000 §5 for the form field
 * messages, and from the catalogue for the named rules whose texts the spec does not show), so a
 * drift of the catalogue makes these tests fail.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { rules, firstError, isEmpty, isIPv4, isIPv6, isDomain, isEmail, type Checker } from '../../src/rules/validators.ts';
import { formMessages, DEFAULT_LABEL } from '../../src/messages.ts';

const ok = (checker: Checker, ...values: unknown[]) => {
  for (const v of values) assert.equal(checker(v), undefined, `expected ${JSON.stringify(v)} to pass`);
};
const bad = (checker: Checker, message: string, ...values: unknown[]) => {
  for (const v of values) assert.equal(checker(v), message, `expected ${JSON.stringify(v)} to fail with "${message}"`);
};

describe('isEmpty', () => {
  test('undefined, null, blank strings and NaN are empty', () => {
    for (const v of [undefined, null, '', ' ', '\t\n', Number.NaN]) assert.equal(isEmpty(v), true, String(v));
  });
  test('zero, false and text are not empty', () => {
    for (const v of [0, false, 'a', ' a ', '0', [], {}]) assert.equal(isEmpty(v), false, String(v));
  });
});

describe('required', () => {
  test('message uses the label', () => {
    bad(rules.required('User Name'), 'Please provide User Name', undefined, null, '', '   ', Number.NaN);
  });
  test("label defaults to 'This field'", () => {
    assert.equal(DEFAULT_LABEL, 'This field');
    assert.equal(rules.required()(''), 'Please provide This field');
  });
  test('filled values pass, including 0 and false', () => {
    ok(rules.required('X'), 'a', ' a', 0, false, 1);
  });
});

describe('minLength / maxLength', () => {
  test('minLength', () => {
    const c = rules.minLength('Community', 6);
    ok(c, '123456', 'abcdefg', 123456);
    bad(c, 'Community must be at least 6 characters', '12345', 'a', 12345);
  });
  test('maxLength', () => {
    const c = rules.maxLength('SSID', 32);
    ok(c, 'a'.repeat(32), 'a');
    bad(c, 'SSID cannot exceed 32 characters', 'a'.repeat(33));
    assert.equal(rules.maxLength('Code', 3)(1234), 'Code cannot exceed 3 characters');
  });
});

describe('decimal', () => {
  const c = rules.decimal('Ratio');
  test('digits with an optional fraction pass', () => {
    ok(c, '1', '1.5', '0.001', '123', 12, 1.25, '-1.5', '+2');
  });
  test('other text fails', () => {
    bad(c, 'Ratio must be a decimal', 'abc', '1.', '.5', '1.2.3', '1,5', '1e3', '0x1');
  });
});

describe('maxDecimalPlace', () => {
  const c = rules.maxDecimalPlace('PF', 3);
  test('up to N decimals pass', () => {
    ok(c, '1', '1.0', '1.12', '1.123', 0.5);
  });
  test('more than N decimals fail', () => {
    bad(c, 'PF cannot exceed 3 decimal(s)', '1.1234', 1.1234);
  });
  test('a non-decimal fails with the decimal message', () => {
    bad(c, 'PF must be a decimal', 'abc', '1.');
  });
});

describe('numeric', () => {
  const c = rules.numeric('Pin');
  test('digits only pass', () => {
    ok(c, '0', '0123', '999', 42);
  });
  test('anything else fails', () => {
    bad(c, 'Pin must be contain only number 0-9', '-1', '1.5', '12a', '1 2', -3, 1.5);
  });
});

describe('integer', () => {
  const c = rules.integer('Port');
  test('integers pass', () => {
    ok(c, '0', '10', '-5', '+7', 42, -42, 0, '9007199254740991');
  });
  test('non-integers fail', () => {
    bad(c, 'Port must be an integer', '1.5', 1.5, 'abc', '1e3', '9007199254740993', ' 5');
  });
});

describe('alphaNum / alphaNumSpace', () => {
  test('alphaNum', () => {
    const c = rules.alphaNum('Code');
    ok(c, 'abc123', 'ABC', '9', 12);
    bad(c, 'Code must be numeric or alphabet only', 'ab c', 'a-b', 'a_b', 'é');
  });
  test('alphaNumSpace', () => {
    const c = rules.alphaNumSpace('Name');
    ok(c, 'ab c 12', 'ABC');
    bad(c, 'Name numeric, alphabet or spaces only', 'a-b', 'a.b', 'a_b');
  });
});

describe('minValue', () => {
  const c = rules.minValue('Gap', 0);
  test('at or above the bound passes', () => {
    ok(c, 0, '0', 5, '12', 0.1);
  });
  test('below the bound fails', () => {
    bad(c, 'Gap cannot be smaller than 0', -1, '-1', -0.5);
  });
  test('text that is no number fails', () => {
    bad(c, 'Gap cannot be smaller than 0', 'abc');
  });
});

describe('email', () => {
  const c = rules.email('Email');
  test('valid addresses pass', () => {
    ok(c, 'a@b.co', 'first.last+tag@example.com', 'x@sub.example.org');
    assert.equal(isEmail('a@b.co'), true);
  });
  test('invalid addresses fail', () => {
    bad(c, 'Email must be a valid email', 'plain', 'a@b', '@b.co', 'a@.', 'a b@c.de', 'a@@b.co', 'a@b.co x');
    assert.equal(isEmail('a@b'), false);
  });
});

describe('domain', () => {
  const c = rules.domain('Server');
  test('valid domains pass', () => {
    ok(c, 'example.com', 'sub.example.co.uk', 'a-b.example.org', 'localhost', 'x.io', `${'a'.repeat(63)}.com`);
    assert.equal(isDomain('localhost'), true);
  });
  test('invalid domains fail', () => {
    bad(
      c,
      'Server must be a valid domain',
      'example',
      '-a.com',
      'a-.com',
      'a..com',
      '.a.com',
      'example.com.',
      'a_b.com',
      'exa mple.com',
      'a.b',
      'a.c0m',
      '192.168.1.1',
      `${'a'.repeat(64)}.com`,
      `${'a.'.repeat(126)}com`,
    );
  });
});

describe('between', () => {
  const c = rules.between('Port', 1, 10);
  test('bounds and values inside pass', () => {
    ok(c, 1, 10, 5, '1', '10', ' 7 ', 1.5);
  });
  test('outside or non-numeric fails with the spec text', () => {
    assert.equal(rules.between('Port', 1, 10)(11), 'Port must be between 1 and 10');
    bad(c, 'Port must be between 1 and 10', 0, 11, '0', '11', 'abc', -1, Number.POSITIVE_INFINITY);
  });
});

describe('betweenException', () => {
  const c = rules.betweenException('HTTPS Port', 443, 6000, 9999);
  test('range and exception pass', () => {
    ok(c, 443, '443', 6000, 9999, '7000');
  });
  test('others fail', () => {
    bad(c, 'HTTPS Port must be 443, or between 6000 and 9999', 444, 442, 5999, 10000, 'abc', 80);
  });
});

describe('IPv4 / IPv6 helpers', () => {
  test('isIPv4 accepts dotted quads 0-255', () => {
    for (const v of ['0.0.0.0', '1.2.3.4', '192.168.1.1', '255.255.255.255', '10.0.0.254', '199.249.200.100']) assert.equal(isIPv4(v), true, v);
  });
  test('isIPv4 refuses the rest', () => {
    for (const v of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.-4', 'a.b.c.d', '1.2.3.4 ', ' 1.2.3.4', '1..3.4', '', '1.2.3.4/24', '1.2.3.4:80', '300.300.300.300'])
      assert.equal(isIPv4(v), false, v);
  });
  test('isIPv6 accepts full, compressed and IPv4-embedded forms', () => {
    for (const v of [
      '::',
      '::1',
      '1::',
      'fe80::1',
      '2001:db8::8a2e:370:7334',
      '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
      'FE80::ABCD',
      '1:2:3:4:5:6:7::',
      '::2:3:4:5:6:7:8',
      '::ffff:192.168.1.1',
      '64:ff9b::1.2.3.4',
      '1:2:3:4:5:6:1.2.3.4',
    ])
      assert.equal(isIPv6(v), true, v);
  });
  test('isIPv6 refuses malformed addresses', () => {
    for (const v of [
      '',
      ':',
      ':::',
      '1',
      '1.2.3.4',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7:8::',
      '1::2::3',
      '1:::2',
      ':1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:',
      '12345::1',
      'g::1',
      '::ffff:256.1.1.1',
      '1:2:3:4:5:6:7:1.2.3.4',
      '1:2:3:4:5:6::1.2.3.4',
      '::1.2.3.4:1',
      '1.2.3.4::',
      '1.2.3.4::1',
      ' ::1',
      '::1 ',
      'fe80::1%eth0',
    ])
      assert.equal(isIPv6(v), false, v);
  });
});

describe('ipAddress', () => {
  const c = rules.ipAddress('IP');
  test('IPv4 or IPv6 pass', () => {
    ok(c, '192.168.1.1', '::1', '2001:db8::1');
  });
  test('anything else fails', () => {
    bad(c, 'IP must be a valid IP address', 'example.com', '256.0.0.1', '1.2.3', 'abc', '1::2::3');
  });
});

describe('ipOrDomain', () => {
  const c = rules.ipOrDomain('Host');
  test('IPv4, IPv6 and domains pass', () => {
    ok(c, '10.0.0.1', 'fe80::1', 'example.com', 'localhost');
  });
  test('others fail', () => {
    bad(c, 'Host valid IP address or domain', 'exa mple', 'http://example.com', '-bad.com', 'example');
  });
});

describe('noSpace', () => {
  const c = rules.noSpace('Topic');
  test('no whitespace passes', () => {
    ok(c, 'abc', 'a/b/c', 42);
  });
  test('any whitespace fails', () => {
    bad(c, 'Topic cannot contain spaces', 'a b', ' a', 'a\tb', 'a ');
  });
});

describe('hex', () => {
  const c = rules.hex('Key');
  test('hex digits pass', () => {
    ok(c, '0', '09af', 'DEADbeef', 123);
  });
  test('others fail', () => {
    bad(c, 'Key valid hex value (only 0-9 and a-f)', 'g', '0x1f', '12 34', '-1', 'zz');
  });
});

describe('multipleLength', () => {
  const c = rules.multipleLength('Key', 2);
  test('length a multiple of N passes', () => {
    ok(c, 'ab', 'abcd', 12);
  });
  test('other lengths fail', () => {
    bad(c, 'Key length must be a multiple of 2', 'a', 'abc', 123);
  });
});

describe('allNum', () => {
  const c = rules.allNum('Offset');
  test('positive and negative numbers pass', () => {
    ok(c, '1', '-1', '+1', '-1.25', 3.5, -7);
  });
  test('non-numbers fail', () => {
    bad(c, 'Offset must be positive or negative number', 'abc', '--1', '1-', '1.', '.5');
  });
});

describe('isFloat', () => {
  const c = rules.isFloat('PF', 3);
  test('exactly N decimals pass', () => {
    ok(c, '1.000', '0.123', '-0.500');
  });
  test('other decimals fail', () => {
    bad(c, 'PF must be corrected to 3 decimal place(s)', '1', '1.00', '1.0000', 'abc', 1);
  });
});

describe('notStartWith', () => {
  test('prefix refused', () => {
    const c = rules.notStartWith('Topic', '$');
    ok(c, 'a$', 'abc');
    bad(c, 'Topic can not start with $', '$SYS', '$');
  });
  test('the exception value is allowed', () => {
    const c = rules.notStartWith('Address', '0', '0');
    ok(c, '0', '10');
    bad(c, 'Address can not start with 0', '01', '0.5');
  });
});

describe('greaterThan / lessThan', () => {
  test('greaterThan (strict)', () => {
    const c = rules.greaterThan('Max', 5, 'Min');
    ok(c, 6, '5.5', 100);
    bad(c, 'Max must be greater than Min', 5, 4, '5', 'abc');
  });
  test('greaterThan, other label defaults to the number', () => {
    bad(rules.greaterThan('Max', 5), 'Max must be greater than 5', 5);
  });
  test('greaterThan or equal', () => {
    const c = rules.greaterThan('Max', 5, 'Min', true);
    ok(c, 5, 6);
    bad(c, 'Max must be greater than or equal to Min', 4.9, 'abc');
  });
  test('lessThan (strict)', () => {
    const c = rules.lessThan('Min', 10, 'Max');
    ok(c, 9, '-1');
    bad(c, 'Min must be less than Max', 10, 11, 'abc');
  });
  test('lessThan or equal', () => {
    const c = rules.lessThan('Min', 10, 10, true);
    ok(c, 10, 9.5);
    bad(c, 'Min must be less than or equal to 10', 10.1);
  });
});

describe('hexBetween', () => {
  const c = rules.hexBetween('Channel', '1', 'e');
  test('in range passes', () => {
    ok(c, '1', 'a', 'E', 'e');
  });
  test('out of range fails', () => {
    bad(c, 'Channel must be a hex value between 1 and e', '0', 'f', '10');
  });
  test('non-hex fails with the hex message', () => {
    bad(c, 'Channel valid hex value (only 0-9 and a-f)', 'g', '0x1');
  });
});

describe('hasAlpha / hasNum', () => {
  test('hasAlpha', () => {
    const c = rules.hasAlpha('Password');
    ok(c, 'a1', '1B', 'x');
    bad(c, 'Password must contain at least one letter', '1234', '!@#', 12);
  });
  test('hasNum', () => {
    const c = rules.hasNum('Password');
    ok(c, 'a1', '9', 5);
    bad(c, 'Password must contain at least one number', 'abc', '!@#');
  });
});

describe('isMultipleOf', () => {
  test('plain', () => {
    const c = rules.isMultipleOf('Interval', 5);
    ok(c, 0, 5, '10', -15);
    bad(c, 'Interval must be a multiple of 5', 1, '7', 'abc');
  });
  test('with an exception', () => {
    const c = rules.isMultipleOf('Interval', 60, 1);
    ok(c, 1, 60, '120');
    bad(c, 'Interval must be 1, or a multiple of 60', 2, 61);
  });
});

describe('isIntOrFloat', () => {
  const c = rules.isIntOrFloat('Value', 1, 2);
  test('integers and floats with 1-2 decimals pass', () => {
    ok(c, '1', '-3', 7, '1.5', '1.25', 2.5);
  });
  test('others fail', () => {
    bad(c, 'Value must be an integer or a number with 1 to 2 decimal place(s)', '1.234', 'abc', '1.', 1.234);
  });
});

describe('needUppercase / needLowercase / needSpecialCharacter', () => {
  test('needUppercase', () => {
    const c = rules.needUppercase('Password');
    ok(c, 'aB', 'A');
    bad(c, 'Password must contain an uppercase letter', 'abc', '123');
  });
  test('needLowercase', () => {
    const c = rules.needLowercase('Password');
    ok(c, 'Ab', 'a');
    bad(c, 'Password must contain a lowercase letter', 'ABC', '123');
  });
  test('needSpecialCharacter accepts each of @!#%^&*?', () => {
    const c = rules.needSpecialCharacter('Password');
    for (const ch of '@!#%^&*?') ok(c, `abc${ch}1`);
    bad(c, 'Password must contain a special character (@!#%^&*?)', 'abc123', 'Abc1', 'a-b', 'a b');
  });
});

describe('ipv4 / ipv4WithPath / ipv4WithPort / ipv6', () => {
  test('ipv4', () => {
    const c = rules.ipv4('Gateway');
    ok(c, '192.168.0.1', '0.0.0.0');
    bad(c, 'Gateway must be a valid IPv4 address', '256.0.0.1', '1.2.3', '::1', 'host', '1.2.3.4/x');
  });
  test('ipv4WithPath', () => {
    const c = rules.ipv4WithPath('Server');
    ok(c, '192.168.0.1', '192.168.0.1/', '192.168.0.1/api/post');
    bad(c, 'Server must be a valid IPv4 address', '192.168.0.256/x', 'host/x', '1.2.3.4 /x', '1.2.3.4/a b');
  });
  test('ipv4WithPort: optional port up to 5 digits and 65535', () => {
    const c = rules.ipv4WithPort('Broker');
    ok(c, '10.0.0.1', '10.0.0.1:1', '10.0.0.1:65535', '10.0.0.1:0');
    bad(c, 'Broker must be a valid IPv4 address with an optional port', '10.0.0.1:65536', '10.0.0.1:123456', '10.0.0.1:', '10.0.0.1:a', '10.0.0:80', 'host:80');
  });
  test('ipv6', () => {
    const c = rules.ipv6('Address');
    ok(c, '::1', '2001:db8::1', '::ffff:10.0.0.1');
    bad(c, 'Address must be a valid IPv6 address', '1.2.3.4', '1::2::3', 'fffff::1', '1.2.3.4::', ' ::1');
  });
});

describe('url / httpUrl / ftpUrl / sftpUrl', () => {
  test('url', () => {
    const c = rules.url('URL');
    ok(c, 'http://example.com', 'https://a.b/c?d=1', 'mqtt://broker:1883', 'ftp://x');
    bad(c, 'URL must be a valid URL', 'example.com', 'http//x', '://x');
  });
  test('httpUrl', () => {
    const c = rules.httpUrl('Server');
    ok(c, 'http://x', 'https://example.com/path');
    bad(c, 'Server must begin with http:// or https://', 'ftp://x', 'http://', 'https://a b', 'example.com', 'HTTP//x');
  });
  test('the host of a URL is an IP address or a host name, the port at most 65535 (issue 25)', () => {
    const c = rules.httpUrl('Server');
    ok(c, 'http://127.0.0.1:8080/x', 'https://[2001:db8::1]:8443/a?b=1&c', 'http://historian/upload', 'https://u:p@example.com/');
    bad(
      c,
      'Server must begin with http:// or https://',
      'http://a;id',
      'http://$(reboot)/',
      'http://x.example;id/',
      'http://`id`/',
      'http://x.example:99999/',
      'http://[::1;id]/',
      "http://x'.example/",
      'http://-x.example/',
    );
    bad(rules.sftpUrl('S'), 'S must begin with sftp://', 'sftp://h|id', 'sftp://h;id/dir');
  });
  test('hostOrHttpUrl: a host or an http(s) URL of one', () => {
    const c = rules.hostOrHttpUrl('URL');
    ok(c, 'proxy.example', '10.0.0.1', 'http://proxy.example:3128');
    bad(c, 'URL valid IP address or domain', 'a;id', '$(reboot)', 'http://a;id', 'ftp://proxy.example');
  });
  test('httpUrl with a custom message', () => {
    assert.equal(rules.httpUrl('Server', 'Custom text')('ftp://x'), 'Custom text');
  });
  test('ftpUrl', () => {
    const c = rules.ftpUrl('Server');
    ok(c, 'ftp://host', 'ftp://host/dir');
    bad(c, 'Server must begin with ftp://', 'sftp://host', 'http://host', 'ftp://');
  });
  test('sftpUrl', () => {
    const c = rules.sftpUrl('Server');
    ok(c, 'sftp://host', 'sftp://host:22/dir');
    bad(c, 'Server must begin with sftp://', 'ftp://host', 'sftp://', 'sftp://a b');
  });
});

describe('unique', () => {
  const c = rules.unique('Name', ['a', 'b', 3]);
  test('a value not in the list passes', () => {
    ok(c, 'c', 4, '3');
  });
  test('a value in the list fails', () => {
    bad(c, 'Name must be unique', 'a', 'b', 3);
  });
});

describe('every rule but required passes empty values', () => {
  /** One instance of each rule; the table must stay complete. */
  const instances: Record<keyof typeof rules, Checker> = {
    required: rules.required('X'),
    minLength: rules.minLength('X', 3),
    maxLength: rules.maxLength('X', 0),
    decimal: rules.decimal('X'),
    maxDecimalPlace: rules.maxDecimalPlace('X', 2),
    numeric: rules.numeric('X'),
    integer: rules.integer('X'),
    alphaNum: rules.alphaNum('X'),
    alphaNumSpace: rules.alphaNumSpace('X'),
    minValue: rules.minValue('X', 5),
    email: rules.email('X'),
    domain: rules.domain('X'),
    between: rules.between('X', 1, 10),
    betweenException: rules.betweenException('X', 443, 6000, 9999),
    ipAddress: rules.ipAddress('X'),
    ipOrDomain: rules.ipOrDomain('X'),
    hostOrHttpUrl: rules.hostOrHttpUrl('X'),
    noSpace: rules.noSpace('X'),
    hex: rules.hex('X'),
    multipleLength: rules.multipleLength('X', 2),
    allNum: rules.allNum('X'),
    isFloat: rules.isFloat('X', 3),
    notStartWith: rules.notStartWith('X', ''),
    greaterThan: rules.greaterThan('X', 5),
    lessThan: rules.lessThan('X', -5),
    hexBetween: rules.hexBetween('X', 'a', 'f'),
    hasAlpha: rules.hasAlpha('X'),
    hasNum: rules.hasNum('X'),
    isMultipleOf: rules.isMultipleOf('X', 7),
    isIntOrFloat: rules.isIntOrFloat('X', 1, 2),
    needUppercase: rules.needUppercase('X'),
    needLowercase: rules.needLowercase('X'),
    needSpecialCharacter: rules.needSpecialCharacter('X'),
    ipv4: rules.ipv4('X'),
    ipv4WithPath: rules.ipv4WithPath('X'),
    ipv4WithPort: rules.ipv4WithPort('X'),
    ipv6: rules.ipv6('X'),
    url: rules.url('X'),
    httpUrl: rules.httpUrl('X'),
    ftpUrl: rules.ftpUrl('X'),
    sftpUrl: rules.sftpUrl('X'),
    unique: rules.unique('X', ['', undefined, null]),
  };

  test('the table covers every rule', () => {
    assert.deepEqual(Object.keys(instances).sort(), Object.keys(rules).sort());
  });

  for (const [name, checker] of Object.entries(instances)) {
    if (name === 'required') continue;
    test(`${name} passes '', '  ', undefined and null`, () => {
      for (const v of ['', '  ', undefined, null]) assert.equal(checker(v), undefined, `${name}(${JSON.stringify(v)})`);
    });
  }

  test('required refuses the same empty values', () => {
    for (const v of ['', '  ', undefined, null]) assert.equal(instances.required(v), 'Please provide X');
  });
});

describe('firstError', () => {
  test('returns the first failing message in order', () => {
    const checkers = [rules.required('Port'), rules.integer('Port'), rules.between('Port', 1, 10)];
    assert.equal(firstError('', checkers), 'Please provide Port');
    assert.equal(firstError('1.5', checkers), 'Port must be an integer');
    assert.equal(firstError('11', checkers), 'Port must be between 1 and 10');
    assert.equal(firstError('5', checkers), undefined);
  });
  test('no checkers means no error', () => {
    assert.equal(firstError('x', []), undefined);
  });
});

describe('form messages without a rule (000 §5)', () => {
  test('checkbox group texts', () => {
    assert.equal(formMessages.checkboxGroupRequired(), 'Please select at lease one');
    assert.equal(formMessages.checkboxMinSelection(2), 'Select at least 2');
  });
});
