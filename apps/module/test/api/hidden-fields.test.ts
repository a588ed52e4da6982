/**
 * Hidden is not free (issue 14): numbers the screens hide or disable (a disabled alarm limit, the
 * protocol not chosen, a status-type DI row, a disabled data log or post channel) are still
 * range-checked, so 1e308 and 2^53+1 never reach the device.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PROTOCOL } from '@meter/contract';
import { startModuleWithUsers, type TestModule } from '../helper.ts';

/** 2^53 + 1 is not a JavaScript number: it is sent as the JSON text a client would write. */
const BIG = '__2^53+1__';
const HUGE_VALUES = [1e308, BIG] as const;

describe('hidden fields are range-checked', () => {
  let m: TestModule;
  let admin: string;
  before(async () => ({ m, admin } = await startModuleWithUsers()));
  after(() => m.close());

  const get = async (path: string) => {
    const r = await m.call('GET', `/api/settings/${path}`, { token: admin });
    assert.equal(r.status, 200, r.raw);
    return r.body.data;
  };
  /** PUTs the current object with one value set; the JSON text carries 2^53+1 exactly. */
  const putWith = async (path: string, set: (body: any, value: unknown) => void, value: unknown) => {
    const body = await get(path);
    set(body, value);
    const payload = JSON.stringify(body).replace(`"${BIG}"`, '9007199254740993');
    const res = await m.app.inject({ method: 'PUT', url: `/api/settings/${path}`, payload, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' } });
    return { status: res.statusCode, body: res.json() as { data: { value: string; errors?: Record<string, string> } } };
  };
  const refused = async (path: string, field: string, set: (body: any, value: unknown) => void) => {
    for (const value of HUGE_VALUES) {
      const before = await get(path);
      const r = await putWith(path, set, value);
      assert.equal(r.status, 400, `${field} = ${String(value)}: ${JSON.stringify(r.body)}`);
      assert.ok(r.body.data.errors?.[field], `${field} = ${String(value)} names the field: ${JSON.stringify(r.body)}`);
      assert.deepEqual(await get(path), before, 'nothing written');
    }
  };

  test('a disabled alarm limit, and every limit while the alarm is off', async () => {
    const alarm = await get('alarmConfig');
    assert.equal(alarm.alarmId1.enable, false);
    for (const field of ['alarmChannelType', 'alarmChannelParam', 'setting', 'setPoint', 'delay', 'output']) {
      await refused('alarmConfig', `alarmId1.${field}`, (b, v) => (b.alarmId1[field] = v));
    }
    await refused('alarmConfig', 'alarmId2.delay', (b, v) => {
      b.enable = false;
      b.alarmId2.enable = true;
      b.alarmId2.delay = v;
    });
  });

  test('a status-type DI row keeps its category, unit and ratio in range', async () => {
    const io = await get('ioConfig');
    io.di1Config.type = 0;
    const saved = await m.call('PUT', '/api/settings/ioConfig', { token: admin, body: io });
    assert.equal(saved.status, 200, saved.raw);
    assert.equal((await get('ioConfig')).di1Config.type, 0, 'DI 1 is a status input');
    for (const field of ['category', 'unit', 'ratio']) await refused('ioConfig', `di1Config.${field}`, (b, v) => (b.di1Config[field] = v));
  });

  test('the RS-485 protocol not chosen: BACnet ID under Modbus RTU', async () => {
    assert.equal((await get('meter')).protocolSelect, PROTOCOL.modbusRtu);
    await refused('meter', 'bacnetId', (b, v) => (b.bacnetId = v));
    // Issue 28: in range too (1 to 4194303), with the spec's between message.
    for (const value of [0, 99999999]) {
      const before = await get('meter');
      const r = await putWith('meter', (b, v) => (b.bacnetId = v), value);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.data.errors?.bacnetId, 'BACnet ID must be between 1 and 4194303');
      assert.deepEqual(await get('meter'), before, 'nothing written');
    }
  });

  test('a disabled protocol keeps its numbers in range: BACnet/IP and SNMP off (issue 28)', async () => {
    const cases = [
      ['communication/bacNetConfig', 'port', (b: any) => (b.port = 46999), 'Port must be between 47000 and 49000'],
      ['communication/bacNetConfig', 'deviceInstance', (b: any) => (b.deviceInstance = 4194303), 'Device Instance must be between 0 and 4194302'],
      ['communication/bacNetConfig', 'foreignDeviceConfig.TTL', (b: any) => (b.foreignDeviceConfig.TTL = 4), 'TTL must be between 5 and 1440'],
      ['communication/snmpConfig', 'port', (b: any) => (b.port = 162), 'Port must be 161, or between 16100 and 16199'],
      ['communication/snmpConfig', 'trapConfig.reportHoldTime', (b: any) => (b.trapConfig.reportHoldTime = 301), 'Report Hold Time must be between 0 and 300'],
    ] as const;
    for (const [path, field, set, message] of cases) {
      const before = await get(path);
      assert.equal(before.enable, 0, `${path} is off`);
      const r = await putWith(path, (b) => set(b), null);
      assert.equal(r.status, 400, `${path} ${field}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.data.errors?.[field], message);
      assert.deepEqual(await get(path), before, 'nothing written');
    }
  });

  test('post methods not chosen and disabled channels: ports and choices', async () => {
    const path = 'communication/dataPostConfig';
    for (const field of ['HTTPPort', 'FTPPort', 'SFTPPort', 'HTTPAuthenticationMethod', 'directoryOption']) {
      await refused(path, `dataPost1.postChannelInfo.${field}`, (b, v) => (b.dataPost1.postChannelInfo[field] = v));
    }
  });

  test('a disabled data log keeps its choices in range', async () => {
    const path = 'communication/dataLogConfig';
    const logs = await get(path);
    const off = (['dataLog1', 'dataLog2', 'dataLog3'] as const).find((k) => !logs[k].enable)!;
    assert.ok(off, 'a disabled data log');
    for (const field of ['logInterval', 'logFormat', 'timeStampFormat']) await refused(path, `${off}.${field}`, (b, v) => (b[off][field] = v));
  });
});
