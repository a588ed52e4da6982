import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CE_TEST_DEFAULTS, CHANSPEC_OPTIONS, ceTestForm, ceTestTexts, formMessages, overrideRateOptions } from '../../src/index.ts';

const VALID_CE_FORM = {
  IEEEProtocol: 1,
  MinimumPowerConsumptionMode: 0,
  PhyWatchdog: 0,
  CountryCode: 2,
  ChannelBandwidth: 20,
  ChannelChanspec: 1,
  OverrideRate: 5.5,
  LWBWLANPowertype: 2,
  TestScan: 1,
  DistinationAddress: '00:11:22:33:44:55',
  TransmitPackets: 1,
  SynchronousMode: 0,
  InterPacketGap: 10,
  lengthOfPacketToBeSent: 1024,
  '#OfPacketsToBeTransmitted': 0,
};

const errorsOf = (body: unknown) => {
  const r = ceTestForm.safeParse(body);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

test('override rates by protocol (000 §5): b 1/2/5.5/11, g 6..54, n 1..8 sent as 0..7', () => {
  assert.deepEqual(
    overrideRateOptions(1).map((o) => o.value),
    [1, 2, 5.5, 11],
  );
  assert.deepEqual(
    overrideRateOptions(2).map((o) => o.value),
    [6, 9, 12, 18, 24, 36, 48, 54],
  );
  assert.deepEqual(
    overrideRateOptions(3).map((o) => [o.value, o.label]),
    Array.from({ length: 8 }, (_, i) => [i, String(i + 1)]),
  );
});

test('chanspec 1 to 14 labelled 0*1001 to 0*100e; defaults of 000 §9', () => {
  assert.equal(CHANSPEC_OPTIONS.length, 14);
  assert.deepEqual(CHANSPEC_OPTIONS[0], { value: 1, label: '0*1001' });
  assert.deepEqual(CHANSPEC_OPTIONS[13], { value: 14, label: '0*100e' });
  assert.equal(CE_TEST_DEFAULTS.IEEEProtocol, 1);
  assert.equal(CE_TEST_DEFAULTS.ChannelBandwidth, 20);
  assert.equal(CE_TEST_DEFAULTS.DistinationAddress, '00:11:22:33:44:55');
  assert.equal(CE_TEST_DEFAULTS.ChannelChanspec, 1);
  assert.equal(CE_TEST_DEFAULTS.OverrideRate, undefined);
});

test('a complete form passes; every field is required', () => {
  assert.deepEqual(errorsOf(VALID_CE_FORM), {});
  const errors = errorsOf({});
  for (const key of Object.keys(VALID_CE_FORM)) assert.ok(errors[key], key);
  assert.equal(errors.InterPacketGap, formMessages.required('Inter Packet Gap'));
});

test('the counts are integers of at least 0', () => {
  assert.equal(errorsOf({ ...VALID_CE_FORM, InterPacketGap: -1 }).InterPacketGap, formMessages.minValue('Inter Packet Gap', 0));
  assert.equal(errorsOf({ ...VALID_CE_FORM, lengthOfPacketToBeSent: 1.5 }).lengthOfPacketToBeSent, formMessages.integer('Length Of Packet To Be Sent'));
  assert.ok(errorsOf({ ...VALID_CE_FORM, '#OfPacketsToBeTransmitted': -3 })['#OfPacketsToBeTransmitted']);
  assert.ok(errorsOf({ ...VALID_CE_FORM, MinimumPowerConsumptionMode: -1 }).MinimumPowerConsumptionMode);
});

test("the override rate must be one of the protocol's; the destination a MAC address", () => {
  assert.equal(errorsOf({ ...VALID_CE_FORM, IEEEProtocol: 2 }).OverrideRate, ceTestTexts.badOverrideRate);
  assert.deepEqual(errorsOf({ ...VALID_CE_FORM, IEEEProtocol: 2, OverrideRate: 54 }), {});
  assert.deepEqual(errorsOf({ ...VALID_CE_FORM, IEEEProtocol: 3, OverrideRate: 7 }), {});
  assert.equal(errorsOf({ ...VALID_CE_FORM, IEEEProtocol: 3, OverrideRate: 8 }).OverrideRate, ceTestTexts.badOverrideRate);
  assert.equal(errorsOf({ ...VALID_CE_FORM, DistinationAddress: '00:11:22:33:44' }).DistinationAddress, ceTestTexts.badMac);
});
