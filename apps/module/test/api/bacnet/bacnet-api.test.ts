/** BACnet/IP settings (001 "BACnet config", "BACnet (when enabled)"): defaults, the rules while enabled, save and read back. */
import { DEFAULT_BACNET_CONFIG, type BacnetConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';

const PATH = '/api/settings/communication/bacNetConfig';

describe('BACnet/IP settings', () => {
  let m: TestModule;
  let admin: string;
  before(async () => ({ m, admin } = await startModuleWithUsers()));
  after(() => m.close());

  const put = async (change: (c: BacnetConfig) => void) => {
    const c = (await m.call('GET', PATH, { token: admin })).body.data as BacnetConfig;
    change(c);
    return m.call('PUT', PATH, { token: admin, body: c });
  };
  const errors = (res: { body: { data: { errors?: Record<string, string> } } }) => Object.values(res.body.data.errors ?? {});

  test('defaults: disabled, port 47808', async () => {
    const res = await m.call('GET', PATH, { token: admin });
    assert.deepEqual(res.body.data, DEFAULT_BACNET_CONFIG());
  });

  test('while enabled: port 47000 to 49000, instance 0 to 4194302, texts at most 40; the foreign device needs a BBMD IP, port 1 to 65535, TTL 5 to 1440', async () => {
    let res = await put((c) => Object.assign(c, { enable: 1, port: 46999 }));
    assert.deepEqual(errors(res), ['Port must be between 47000 and 49000']);
    res = await put((c) => Object.assign(c, { enable: 1, deviceInstance: 4194303 }));
    assert.deepEqual(errors(res), ['Device Instance must be between 0 and 4194302']);
    res = await put((c) => Object.assign(c, { enable: 1, deviceName: 'x'.repeat(41) }));
    assert.deepEqual(errors(res), ['Device Name cannot exceed 40 characters']);
    res = await put((c) => Object.assign(c, { enable: 1, foreignDeviceConfig: { enable: 1, BBMDIP: '', BBMDPort: 0, TTL: 4 } }));
    assert.deepEqual(errors(res).sort(), ['BBMD Port must be between 1 and 65535', 'Please provide BBMD IP', 'TTL must be between 5 and 1440'].sort());
    // Disabled, the numbers stay in range (issue 28); only the BBMD IP waits.
    res = await put((c) => Object.assign(c, { enable: 0, port: 46999 }));
    assert.deepEqual(errors(res), ['Port must be between 47000 and 49000']);
    res = await put((c) => Object.assign(c, { enable: 0, foreignDeviceConfig: { enable: 1, BBMDIP: '', BBMDPort: 47808, TTL: 60 } }));
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });

  test('a valid save reads back whole', async () => {
    const next: BacnetConfig = {
      enable: 1,
      port: 47809,
      deviceInstance: 4194302,
      deviceName: 'Meter 7',
      location: 'Main Electrical Room',
      description: 'Incomer',
      foreignDeviceConfig: { enable: 1, BBMDIP: '192.0.2.10', BBMDPort: 47808, TTL: 30 },
    };
    const res = await m.call('PUT', PATH, { token: admin, body: next });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual((await m.call('GET', PATH, { token: admin })).body.data, next);
  });
});
