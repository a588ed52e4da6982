/**
 * No 5xx from any input (issue 25 item 8): a body nested deeper than MAX_JSON_DEPTH is 400 on every
 * section save (a 12 KB one gave 500); a crafted file or backup name ('..', separators) is 400; a
 * full disk on the event-log export (a real ENOSPC: the export's temporary file is /dev/full) is
 * 507 and the previous export is kept.
 */
import { endpointUrl, endpoints, hardeningTexts, type Endpoint } from '@meter/contract';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MAX_JSON_DEPTH } from '../../src/api/json-body.ts';
import { startModuleWithUsers, type TestModule } from '../helper.ts';
import { uploadFile } from '../upload-helper.ts';

describe('input hardening', () => {
  let m: TestModule;
  let admin: string;
  const NOW = Date.parse('2026-06-01T12:00:00Z');

  before(async () => {
    // A still clock: two exports get the same file name, so the second one's temporary file is known.
    ({ m, admin } = await startModuleWithUsers({ now: () => NOW }));
  });
  after(() => m.close());

  test('a body nested deeper than the limit is 400 on every section save, and nothing changes', async () => {
    const deep = '{"a":'.repeat(2000) + '1' + '}'.repeat(2000);
    assert.ok(deep.length > 12_000);
    const saves = Object.values(endpoints as Record<string, Endpoint>).filter((e) => e.section && e.method === 'PUT');
    assert.ok(saves.length > 20, 'every section save');
    for (const e of saves) {
      const read = Object.values(endpoints as Record<string, Endpoint>).find((r) => r.section === e.section && r.method === 'GET')!;
      const before = await m.call('GET', `/api${read.path}`, { token: admin });
      const res = await m.app.inject({ method: 'PUT', url: `/api${e.path}`, payload: deep, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' } });
      assert.equal(res.statusCode, 400, `${e.path}: ${res.body}`);
      assert.deepEqual(res.json(), { data: { value: hardeningTexts.jsonTooDeep(MAX_JSON_DEPTH) } });
      assert.deepEqual((await m.call('GET', `/api${read.path}`, { token: admin })).body, before.body, e.path);
    }
    // Arrays too, and a deep structure inside a string is only text.
    const arrays = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
    assert.equal((await m.call('PATCH', '/api/config/apply', { token: admin, body: arrays, headers: { 'content-type': 'application/json' } })).status, 400);
    const r = await m.call('POST', '/api/config/backup', { token: admin, body: { description: '['.repeat(40) } });
    assert.notEqual(r.body?.data?.value, hardeningTexts.jsonTooDeep(MAX_JSON_DEPTH));
  });

  test("a crafted file or backup name ('..', separators) is 400, never read or written", async () => {
    for (const path of [
      '/api/backup/backup1/..%2F..%2Fmodule.sqlite',
      '/api/backup/backup1/..%5Cmodule.sqlite',
      '/api/config/file/..%2Fsecret.key',
      '/api/config/file/%2Fetc%2Fpasswd',
      '/api/eventLog/export/..%2F..%2Fmodule.sqlite',
      '/api/exportLog/..%2Fmodule.sqlite',
      '/api/command/diagnosticFile/.hidden',
    ]) {
      const res = await m.call('GET', path, { token: admin });
      assert.equal(res.status, 400, `${path}: ${res.raw}`);
    }
    const res = await m.call('GET', endpointUrl(endpoints.configFile.path, { fileName: '../x.conf.an' }), { token: admin });
    assert.deepEqual([res.status, res.body.data.value], [400, hardeningTexts.badFileName]);
    for (const fileName of ['../../x.conf.an', 'a/b.conf.an', 'a\\b.conf.an', '..conf.an']) {
      const r = await uploadFile(m, '/api/upload/local/configFile', admin, fileName, 'x');
      assert.deepEqual([r.status, r.body.data.value], [400, hardeningTexts.badFileName], fileName);
    }
    const del = await m.call('PATCH', '/api/fileList/dataLog/backup1', { token: admin, body: ['..', '../module.sqlite'] });
    assert.equal(del.status, 400);
    assert.ok(existsSync(join(m.dataDir, 'module.sqlite')) || readdirSync(m.dataDir).some((f) => f.endsWith('.sqlite')));
  });

  test('ENOSPC on the event-log export answers 507 and keeps the previous export', async () => {
    const first = await m.call('PATCH', '/api/eventLog/export', { token: admin, body: { action: 'export' } });
    assert.equal(first.status, 200, first.raw);
    const link = first.body.data.filePath as string;
    const kept = await m.call('GET', link, { token: admin });
    assert.equal(kept.status, 200);
    const name = link.split('/').pop()!;
    // The next export (same clock, same name) writes its temporary file on a full device.
    const exportsDir = join(m.dataDir, 'exports');
    const tmp = join(exportsDir, `.${name}.tmp`);
    symlinkSync('/dev/full', tmp);
    m.services.events.write('Info', 'a row the failed export would have carried');
    const full = await m.call('PATCH', '/api/eventLog/export', { token: admin, body: { action: 'export' } });
    assert.equal(full.status, 507, full.raw);
    assert.deepEqual(full.body, { data: { value: hardeningTexts.storageFull } });
    assert.ok(!existsSync(tmp), 'no temporary file left');
    const after = await m.call('GET', link, { token: admin });
    assert.equal(after.status, 200);
    assert.equal(after.raw, kept.raw, 'the previous export is served as it was');
    // Space back: the export works again.
    assert.equal((await m.call('PATCH', '/api/eventLog/export', { token: admin, body: { action: 'export' } })).status, 200);
  });
});
