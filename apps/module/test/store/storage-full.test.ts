/**
 * A full disk (issue 14, docs/decisions/security-server-hardening-download-tickets-full-disk.md "Full disk"): SQLite's own full condition, made real
 * by capping the database at its current size (`PRAGMA max_page_count`) and filling what is left
 * with the module's own log entries, as a flood of them would.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hardeningTexts } from '@meter/contract';
import { startModuleWithUsers, type TestModule } from '../helper.ts';

describe('a full disk', () => {
  let m: TestModule;
  let admin: string;

  const db = () => m.services.ctx.db;
  const messages = () => (db().prepare('SELECT message FROM module_event_log ORDER BY id').all() as { message: string }[]).map((r) => r.message);

  /**
   * Caps the database where it stands, then fills what is left: log entries written by the
   * module, smaller and smaller until none fits, and the settings table's free room the same way.
   */
  function fillDisk(): void {
    db().pragma(`max_page_count = ${db().pragma('page_count', { simple: true }) as number}`);
    for (const size of [4000, 400, 40, 1]) {
      for (let i = 0; i < 100_000; i++) {
        m.services.events.write('Info', 'x'.repeat(size));
        if (m.services.events.lostEntries() > 0) break;
      }
    }
    const filler = db().prepare('INSERT INTO kv (key, value) VALUES (?, ?)');
    let n = 0;
    for (const size of [4000, 400, 40, 1]) {
      try {
        for (;;) filler.run(`f${n++}`, 'x'.repeat(size));
      } catch (err) {
        assert.equal((err as { code?: string }).code, 'SQLITE_FULL');
      }
    }
    assert.ok(m.services.events.lostEntries() > 0, 'the last log entry did not fit');
  }

  before(async () => {
    ({ m, admin } = await startModuleWithUsers());
    fillDisk();
  });
  after(() => m.close());

  test('sign-in needs no write: it succeeds, its audit entry is counted as lost', async () => {
    const lostBefore = m.services.events.lostEntries();
    const token = await m.login();
    assert.equal((await m.call('GET', '/api/command/homePageInfo', { token })).status, 200);
    assert.equal(m.services.events.lostEntries(), lostBefore + 1);
  });

  test('a settings save answers 507 with a clear message and keeps nothing', async () => {
    const path = '/api/settings/communication/dataPostConfig';
    const cur = await m.call('GET', path, { token: admin });
    assert.equal(cur.status, 200);
    const next = structuredClone(cur.body.data);
    next.dataPost1.postChannelInfo.sampleHeader = 'h'.repeat(200);
    const res = await m.call('PUT', path, { token: admin, body: next });
    assert.equal(res.status, 507, res.raw);
    assert.deepEqual(res.body, { data: { value: hardeningTexts.storageFull } });
    assert.deepEqual((await m.call('GET', path, { token: admin })).body.data, cur.body.data);
  });

  test('once space returns, the lost entries are reported by the next one kept', async () => {
    const lost = m.services.events.lostEntries();
    assert.ok(lost > 0);
    db().pragma('max_page_count = 1073741823');
    const token = await m.login();
    assert.equal(m.services.events.lostEntries(), 0);
    const log = messages();
    assert.deepEqual(log.slice(-2), [hardeningTexts.auditLost(lost), 'User admin signed in']);
    const path = '/api/settings/communication/dataPostConfig';
    const cur = await m.call('GET', path, { token });
    cur.body.data.dataPost1.postChannelInfo.sampleHeader = 'h'.repeat(200);
    assert.equal((await m.call('PUT', path, { token, body: cur.body.data })).status, 200);
  });
});
