import { ceTestTexts } from '@meter/contract';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RADIO_NOT_DRIVEN, runCeTransmitTest } from '../../../src/services/factory/ce-test.ts';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { addUser, eventLog, signIn, USER_PASSWORD } from '../../users-helpers.ts';

const FORM = {
  IEEEProtocol: 1,
  MinimumPowerConsumptionMode: 0,
  PhyWatchdog: 0,
  CountryCode: 2,
  ChannelBandwidth: 20,
  ChannelChanspec: 1,
  OverrideRate: 11,
  LWBWLANPowertype: 2,
  TestScan: 1,
  DistinationAddress: '00:11:22:33:44:55',
  TransmitPackets: 1,
  SynchronousMode: 0,
  InterPacketGap: 10,
  lengthOfPacketToBeSent: 1024,
  '#OfPacketsToBeTransmitted': 100,
};

/** A sysfs-shaped folder: interfaces, one of them a radio when asked. */
function netDir(radio?: { name: string; state: string }) {
  const dir = mkdtempSync(join(tmpdir(), 'sysnet-'));
  mkdirSync(join(dir, 'eth0'));
  writeFileSync(join(dir, 'eth0', 'operstate'), 'up\n');
  if (radio) {
    mkdirSync(join(dir, radio.name, 'wireless'), { recursive: true });
    writeFileSync(join(dir, radio.name, 'operstate'), `${radio.state}\n`);
  }
  return dir;
}

describe('CE transmit test', () => {
  let m: TestModule;
  let admin: string;
  before(async () => ({ m, admin } = await startModuleWithUsers()));
  after(() => m.close());

  test('the radio is looked up in sysfs: none, down, or up without a transmit driver', () => {
    assert.equal(runCeTransmitTest(netDir()), ceTestTexts.noRadio);
    assert.equal(runCeTransmitTest(netDir({ name: 'wlan0', state: 'down' })), ceTestTexts.radioDown('wlan0'));
    assert.equal(runCeTransmitTest(netDir({ name: 'wlan0', state: 'up' })), RADIO_NOT_DRIVEN);
  });

  test('each protocol command answers its run and logs it', async () => {
    for (const [path, protocol, rate] of [
      ['11bTXTesting', 1, 11],
      ['11gTXTesting', 2, 54],
      ['11nTXTesting', 3, 7],
    ] as const) {
      const r = await m.call('PATCH', `/api/command/${path}`, { token: admin, body: { ...FORM, IEEEProtocol: protocol, OverrideRate: rate } });
      assert.equal(r.status, 200, r.raw);
      assert.equal(r.body.data.value, runCeTransmitTest());
      assert.ok(
        eventLog(m).some((e) => e.message === ceTestTexts.ran(path, 'admin', r.body.data.value)),
        path,
      );
    }
  });

  test('a bad form or a protocol that is not the command is 400 and logs nothing', async () => {
    const before = eventLog(m).length;
    const bad = await m.call('PATCH', '/api/command/11bTXTesting', { token: admin, body: { ...FORM, InterPacketGap: -1 } });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.data.errors.InterPacketGap);
    const rate = await m.call('PATCH', '/api/command/11bTXTesting', { token: admin, body: { ...FORM, OverrideRate: 54 } });
    assert.equal(rate.body.data.errors.OverrideRate, ceTestTexts.badOverrideRate);
    const wrong = await m.call('PATCH', '/api/command/11gTXTesting', { token: admin, body: FORM });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.data.value, ceTestTexts.wrongProtocol);
    assert.equal(eventLog(m).length, before);
  });

  test('without configuration edit the command is 403', async () => {
    await addUser(m, admin, 'viewer');
    const viewer = (await signIn(m, 'viewer', USER_PASSWORD)).body.data.token;
    const r = await m.call('PATCH', '/api/command/11bTXTesting', { token: viewer, body: FORM });
    assert.equal(r.status, 403);
  });
});
