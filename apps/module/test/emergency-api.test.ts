/**
 * Emergency mode (002 §2.16, §7.8): a module started in system mode 2 says so, and step 1's export
 * of the current configuration is a real .conf.an (it imports back) that takes no place in the list.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestModule, type TestModule } from './helper.ts';

let m: TestModule;
let admin: string;
before(async () => {
  m = await createTestModule({ env: { MODULE_SYSTEM_MODE: '2' } });
  admin = await m.login();
});
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
  const imported = await m.call('POST', '/api/config/import', { token: admin, body: { fileName: link.split('/').pop(), content: file.raw } });
  assert.equal(imported.status, 200, imported.raw);
  const list = (await m.call('GET', '/api/config/localInfo', { token: admin })).body.data;
  assert.equal(list[0].description, 'Emergency export');
  assert.equal((await m.call('PATCH', '/api/command/emergency/exportCurrentConfig', { token: admin, body: { x: 1 } })).status, 400);
});
