/** Data log settings (002 §3.4, §4.2, §5.3): the rules with their messages, nothing changed on a refusal, 403 for a view role, loggers follow a save. */
import { dataLogTexts as t, type DataLogConfig } from '@meter/contract';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { ROLE_USERS, T0, type RoleName } from '../../logs-helpers.ts';

describe('data log settings', () => {
  let m: TestModule;
  let tokens: Record<RoleName | 'admin', string>;
  const clock = { t: T0 };
  const get = async (): Promise<DataLogConfig> => (await m.call('GET', '/api/settings/communication/dataLogConfig', { token: tokens.admin })).body.data;
  const put = (body: unknown, token = tokens.admin) => m.call('PUT', '/api/settings/communication/dataLogConfig', { token, body });
  const withLog2 = (cfg: DataLogConfig, patch: Partial<DataLogConfig['dataLog2']>) => ({ ...cfg, dataLog2: { ...cfg.dataLog2, enable: true, ...patch } });

  before(async () => ({ m, tokens } = await startModuleWithUsers({ ...ROLE_USERS, now: () => clock.t })));
  after(() => m.close());

  test('defaults: logger 1 on, 2 and 3 off', async () => {
    const cfg = await get();
    assert.equal(cfg.dataLog1.enable, true);
    assert.equal(cfg.dataLog2.enable, false);
    assert.deepEqual(cfg.dataLog1.postChannel, []);
  });

  test('each rule refuses with its message and changes nothing', async () => {
    const cfg = await get();
    const cases: [Partial<DataLogConfig['dataLog2']>, string][] = [
      [{ realTimeMask: 0 }, t.paramRequired],
      [{ isInstValueOn: false }, t.paramRequired],
      [{ energyMask: 1, logInterval: 11 }, t.noFifteenSeconds],
      [{ demandMask: 1, isAvgValueOn: true }, t.instOnly],
      [{ logFormat: 1, timeStampFormat: 2 }, t.isoNotForJson],
      [{ logFileNamePrefix: '' }, 'Please provide Log File Name Prefix'],
      [{ logFileNamePrefix: 'a b' }, 'Log File Name Prefix cannot contain spaces'],
      [{ localLogFileNamePrefix: 'x-y' }, 'Local Log File Name Prefix must be numeric or alphabet only'],
      [{ logFileNamePrefix: 'a'.repeat(41) }, 'Log File Name Prefix cannot exceed 40 characters'],
      [{ logInterval: 13 }, 'Log Interval must be one of the listed options'],
      [{ localLogFileLength: 12 }, 'Local Log File Length must be one of the listed options'],
      [{ realTimeMask: 1024 }, t.badMask('Real Time Parameters')],
      [{ postChannel: [4] }, t.badChannel],
      [{ postChannel: [1] }, t.channelDisabled(1)],
    ];
    for (const [patch, message] of cases) {
      const res = await put(withLog2(cfg, patch));
      assert.equal(res.status, 400, `${JSON.stringify(patch)}: ${res.raw}`);
      assert.equal(res.body.data.value, message, JSON.stringify(patch));
    }
    assert.deepEqual(await get(), cfg);
    assert.equal((await put(cfg, tokens.config)).status, 403);
  });

  test('a saved log 2 writes its rows at once, as JSON with UTC seconds', async () => {
    const cfg = await get();
    const res = await put(withLog2(cfg, { logFormat: 1, timeStampFormat: 1, logInterval: 12, energyMask: 1, localLogFileNamePrefix: 'second' }));
    assert.equal(res.status, 200, res.raw);
    clock.t = T0;
    m.services.ticker.tickAt(T0);
    const files = readdirSync(join(m.dataDir, 'datalog', 'backup2'));
    assert.deepEqual(files, ['second_20260301_000000.json']);
  });
});
