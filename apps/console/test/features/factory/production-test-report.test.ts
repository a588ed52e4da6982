import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportFileName, reportText } from '../../../src/features/factory/test-report.ts';

const RESULT = {
  moduleInfo: {
    moduleModel: 'AcuRev-W',
    moduleSerialNumber: 'AR12345678',
    moduleHardwareVer: '1.0',
    moduleFirmwareVersion: '2.1.0',
    moduleEth0MacAddress: '02:00:00:00:00:01',
    moduleEth1MacAddress: '02:00:00:00:00:02',
  },
  testResult: { ethernet1: 'PASS', ethernet2: 'FAIL: no second Ethernet interface', wifi: 'FAIL: no Wi-Fi radio', serialPort: 'PASS', storage: 'PASS' },
};

test('the report is named <serial>_TestReport.txt and lists both tables', () => {
  assert.equal(reportFileName(RESULT), 'AR12345678_TestReport.txt');
  assert.equal(
    reportText(RESULT),
    [
      'Module Information',
      'Model: AcuRev-W',
      'Serial Number: AR12345678',
      'Hardware Version: 1.0',
      'Firmware Version: 2.1.0',
      'Ethernet 1 MAC Address: 02:00:00:00:00:01',
      'Ethernet 2 MAC Address: 02:00:00:00:00:02',
      '',
      'Test Output',
      'Ethernet 1: PASS',
      'Ethernet 2: FAIL: no second Ethernet interface',
      'WiFi: FAIL: no Wi-Fi radio',
      'Serial Port: PASS',
      'Storage: PASS',
      '',
    ].join('\n'),
  );
});
