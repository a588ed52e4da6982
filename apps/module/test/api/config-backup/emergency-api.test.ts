/**
 * Emergency mode (002 §2.16, §7.8): a module started in system mode 2 says so, step 1's export of
 * the current configuration is a real .conf.an (it imports back) that takes no place in the list,
 * and step 2's calls really export and reset the data loggers 1, 2, 3 and AcuCloud and clear the
 * trend log.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { uploadFile } from '../../upload-helper.ts';
import { addUser, USER_PASSWORD } from '../../users-helpers.ts';

let m: TestModule;
let admin: string;
/** The device clock, moved by the test's own seconds (the loggers and the trend ingest follow the ticker). */
const clock = { t: Math.floor(Date.now() / 1000) * 1000 };
const tick = (seconds: number) => {
  for (let i = 0; i < seconds; i++) {
    clock.t += 1000;
    m.services.ticker.tickAt(clock.t);
  }
};
before(async () => ({ m, admin } = await startModuleWithUsers({ now: () => clock.t, env: { MODULE_SYSTEM_MODE: '2', MODULE_DATALOG_INTERVAL_SECONDS: '1' } })));
after(() => m.close());

test('the module starts in emergency mode when told', async () => {
  assert.deepEqual((await m.call('GET', '/api/systemMode')).body.data, { mode: 2 });
});

test('exportCurrentConfig: a link to a .conf.an of the current settings, outside the list of 10', async () => {
  const r = await m.call('PATCH', '/api/command/emergency/exportCurrentConfig', { token: admin, body: {} });
  assert.equal(r.status, 200, r.raw);
  const link = r.body.data.value as string;
  assert.match(link, /^config\/file\/[A-Za-z0-9_.-]+\.conf\.an$/);
  const file = await m.call('GET', `/api/${link}`, { token: admin });
  assert.equal(file.status, 200);
  assert.equal((await m.call('GET', '/api/config/localInfo', { token: admin })).body.data.length, 0);
  const imported = await uploadFile(m, '/api/upload/local/configFile', admin, link.split('/').pop()!, file.raw);
  assert.equal(imported.status, 200, imported.raw);
  const list = (await m.call('GET', '/api/config/localInfo', { token: admin })).body.data;
  assert.equal(list[0].description, 'Emergency export');
  assert.equal((await m.call('PATCH', '/api/command/emergency/exportCurrentConfig', { token: admin, body: { x: 1 } })).status, 400);
});

test('step 2: every data log file is fetched, then exactly those are deleted; the trend log is cleared', async () => {
  const list = async (id: string) => (await m.call('GET', `/api/fileList/dataLog/backup${id}`, { token: admin })).body.data as Array<{ filename: string }>;
  // Data log 1 is on by default and writes every second here.
  tick(5);
  // The AcuCloud logger is switched on from its own screen; its folder is filled directly here.
  const acDir = join(m.dataDir, 'datalog', 'backupac');
  mkdirSync(acDir, { recursive: true });
  writeFileSync(join(acDir, 'acucloud_20261122_000000.csv'), 'Timestamp,kWh\n1,2\n');
  const exported = new Map<string, Map<string, string>>();
  for (const id of ['1', '2', '3', 'ac']) {
    const files = new Map<string, string>();
    for (const f of await list(id)) {
      const r = await m.call('GET', `/api/backup/backup${id}/${f.filename}`, { token: admin });
      assert.equal(r.status, 200);
      files.set(f.filename, r.raw);
    }
    exported.set(id, files);
  }
  assert.ok(exported.get('1')!.size >= 1);
  assert.match([...exported.get('1')!.values()][0]!, /^Timestamp,/);
  assert.equal(exported.get('ac')!.get('acucloud_20261122_000000.csv'), 'Timestamp,kWh\n1,2\n');

  await addUser(m, admin, 'viewer');
  const viewer = await m.login('viewer', USER_PASSWORD);
  assert.equal((await m.call('PATCH', '/api/fileList/dataLog/backup1', { token: viewer, body: [...exported.get('1')!.keys()] })).status, 403);
  assert.equal((await m.call('PATCH', '/api/command/trendlog/resetLogDB', { token: viewer, body: { value: 1 } })).status, 403);

  for (const [id, files] of exported) {
    if (files.size === 0) continue;
    const r = await m.call('PATCH', `/api/fileList/dataLog/backup${id}`, { token: admin, body: [...files.keys()] });
    assert.deepEqual(r.body, { data: { value: 'Success' } }, id);
    for (const name of files.keys()) assert.ok(!(await list(id)).some((f) => f.filename === name), `${id}/${name} still listed`);
  }
  assert.deepEqual(await list('ac'), []);

  const maxMin = async () => (await m.call('GET', '/api/command/trendlog/getLogMaxMin', { token: admin })).body.data;
  const before = await maxMin();
  assert.ok(before.realTimeMin > 0, 'the trend log holds rows');
  assert.deepEqual((await m.call('PATCH', '/api/command/trendlog/resetLogDB', { token: admin, body: { value: 1 } })).body, { data: { value: 'Success' } });
  assert.equal((await maxMin()).realTimeMin, 0);
});
