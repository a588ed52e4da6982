/** The production test's rows and its text report (000 §2 Production Test); pure. */
import { DEVICE_INFO_LABELS as L, type ProductionTestResult } from '@meter/contract';

export const PASS = 'PASS';

export function moduleInfoRows(r: ProductionTestResult): { label: string; value: string }[] {
  const m = r.moduleInfo;
  return [
    { label: L.model, value: m.moduleModel },
    { label: L.serialNumber, value: m.moduleSerialNumber },
    { label: L.hardwareVersion, value: m.moduleHardwareVer },
    { label: L.firmwareVersion, value: m.moduleFirmwareVersion },
    { label: 'Ethernet 1 MAC Address', value: m.moduleEth0MacAddress },
    { label: 'Ethernet 2 MAC Address', value: m.moduleEth1MacAddress },
  ];
}

export function testOutputRows(r: ProductionTestResult): { label: string; value: string }[] {
  const t = r.testResult;
  return [
    { label: 'Ethernet 1', value: t.ethernet1 },
    { label: 'Ethernet 2', value: t.ethernet2 },
    { label: 'WiFi', value: t.wifi },
    { label: 'Serial Port', value: t.serialPort },
    { label: 'Storage', value: t.storage },
  ];
}

export const reportFileName = (r: ProductionTestResult) => `${r.moduleInfo.moduleSerialNumber}_TestReport.txt`;

/** The two tables as "label: value" lines under their titles. */
export function reportText(r: ProductionTestResult): string {
  const block = (title: string, rows: { label: string; value: string }[]) => [title, ...rows.map((x) => `${x.label}: ${x.value}`)].join('\n');
  return `${block('Module Information', moduleInfoRows(r))}\n\n${block('Test Output', testOutputRows(r))}\n`;
}
