/** The production test's self-checks (000 §2, §3): each PASS or the reason, from sysfs and the data folder. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runProductionTest } from '../../../src/services/factory/production-test.ts';

/** A sysfs-like folder of interfaces: name → [type, operstate, wireless]. */
function netDir(ifaces: Record<string, [string, string, boolean?]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sysnet-'));
  for (const [name, [type, state, wireless]] of Object.entries(ifaces)) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'type'), `${type}\n`);
    writeFileSync(join(dir, name, 'operstate'), `${state}\n`);
    if (wireless) mkdirSync(join(dir, name, 'wireless'));
  }
  return dir;
}

test('two Ethernet ports up, a radio up, the meter answering and the data folder writable all PASS', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pt-data-'));
  const net = netDir({ eth0: ['1', 'up'], eth1: ['1', 'up'], lo: ['772', 'unknown'], wlan0: ['1', 'up', true] });
  try {
    const r = await runProductionTest({ dataDir, meterAnswers: () => true, netDir: net });
    assert.deepEqual(r, { ethernet1: 'PASS', ethernet2: 'PASS', wifi: 'PASS', serialPort: 'PASS', storage: 'PASS' });
    assert.deepEqual(readdirSync(dataDir), [], 'the storage probe is removed');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(net, { recursive: true, force: true });
  }
});

test('each failure says why', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-'));
  const notAFolder = join(dir, 'file');
  writeFileSync(notAFolder, '');
  const net = netDir({ eth0: ['1', 'down'], wlan0: ['1', 'dormant', true] });
  try {
    const r = await runProductionTest({
      dataDir: notAFolder,
      meterAnswers: () => {
        throw new Error('timeout');
      },
      netDir: net,
    });
    assert.deepEqual(r, {
      ethernet1: 'FAIL: eth0 is down',
      ethernet2: 'FAIL: no second Ethernet interface',
      wifi: 'FAIL: wlan0 is dormant',
      serialPort: 'FAIL: the meter does not answer',
      storage: 'FAIL: the data folder is not writable (ENOTDIR)',
    });
    const none = await runProductionTest({ dataDir: dir, meterAnswers: () => false, netDir: join(dir, 'missing') });
    assert.equal(none.wifi, 'FAIL: no Wi-Fi radio');
    assert.equal(none.ethernet1, 'FAIL: no first Ethernet interface');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(net, { recursive: true, force: true });
  }
});
