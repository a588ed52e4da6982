import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DeviceInfo } from '@meter/contract';
import { displayModuleRows, emmcHealth, meterRows, version, webModuleRows } from '../../../src/features/about/info-rows.ts';

const info: DeviceInfo = {
  meterModel: 'M1',
  meterHardwareVersion: '1.0',
  meterFirmwareVersion: '2.3',
  meterReleaseDate: '2024-01-01',
  meterSerialNumber: 'SN1',
  meterSealStatus: 1,
  meterAddress: 1,
  deviceDescription: 'Main panel',
  displayModel: 'D1',
  displayHardwareVersion: '1.1',
  displayFirmwareVersion: 'v1.2',
  displayReleaseDate: '2024-02-02',
  moduleHardwareVersion: '3.0',
  moduleFirmwareVersion: '3.1',
  moduleEth0MacAddress: 'aa',
  moduleEth1MacAddress: 'bb',
  moduleWlan0MacAddress: '',
  demmandVerified: 1,
  pulseVerified: 0,
};
const value = (rows: { label: string; value: string }[] | undefined, label: string) => rows?.find((r) => r.label === label)?.value;

test('eMMC health is Normal above 10 only', () => {
  assert.equal(emmcHealth(11), 'Normal');
  assert.equal(emmcHealth(10), 'Abnormal');
  assert.equal(emmcHealth(0), 'Abnormal');
  assert.equal(emmcHealth(undefined), '-');
});

test('versions are prefixed with v once', () => {
  assert.equal(version('1.0'), 'v1.0');
  assert.equal(version('v1.2'), 'v1.2');
  assert.equal(version(''), '-');
});

test('meter table: seal On/Off; verified rows only with mc status 1', () => {
  assert.equal(value(meterRows(info, 0), 'Seal Status'), 'On');
  assert.equal(value(meterRows({ ...info, meterSealStatus: 0 }, 0), 'Seal Status'), 'Off');
  assert.equal(value(meterRows(info, 0), 'Demand Verified'), undefined);
  assert.equal(value(meterRows(info, 1), 'Demand Verified'), 'Yes');
  assert.equal(value(meterRows(info, 1), 'Pulse Verified'), 'No');
  assert.equal(value(meterRows(info, 1), 'Firmware Version'), 'v2.3');
  assert.equal(meterRows(undefined, 1), undefined);
});

test('display and web module tables', () => {
  assert.equal(value(displayModuleRows(info), 'Firmware Version'), 'v1.2');
  const web = webModuleRows(info, 42, '1.2G/8G');
  assert.deepEqual(
    web?.map((r) => r.label),
    ['Hardware Version', 'Firmware Version', 'Ethernet 0 MAC Address', 'Ethernet 1 MAC Address', 'WiFi MAC Address', 'eMMC Health', 'Disk Usage'],
  );
  assert.equal(value(web, 'WiFi MAC Address'), '-');
  assert.equal(value(web, 'eMMC Health'), 'Normal');
  assert.equal(value(web, 'Disk Usage'), '1.2G/8G');
});
