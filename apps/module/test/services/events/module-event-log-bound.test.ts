/**
 * The Module Event Log is a ring of its newest rows (MODULE_EVENT_LOG_MAX_ROWS) and its export
 * streams: a large log is written batch by batch while other requests are answered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startModuleWithUsers, type TestModule } from '../../helper.ts';
import { loopSlices } from '../../loop-slices.ts';
import { csvRows } from '../../logs-helpers.ts';

describe('module event log bound', () => {
  let m: TestModule;
  let token: string;
  before(async () => ({ m, admin: token } = await startModuleWithUsers({ env: { MODULE_EVENT_LOG_MAX_ROWS: '50' } })));
  after(() => m.close());

  test('keeps the newest 50 rows: the oldest are dropped as new ones come', async () => {
    for (let i = 0; i < 120; i++) m.services.events.write('Info', `flood ${i}`);
    assert.equal(m.services.events.count(), 50);
    const r = await m.call('GET', '/api/eventLog?idStart=0&idEnd=100', { token });
    assert.equal(r.body.data.count, 50);
    const messages = r.body.data.eventLogs.map((e: { message: string }) => e.message);
    assert.equal(messages[0], 'flood 119');
    assert.equal(messages.at(-1), 'flood 70');
  });

  test('a clear starts the ring afresh; a smaller bound at start trims at once', async () => {
    m.services.events.clear('admin');
    for (let i = 0; i < 60; i++) m.services.events.write('Error', `again ${i}`);
    assert.equal(m.services.events.count(), 50);
    const dataDir = m.dataDir;
    await m.close(true);
    ({ m, admin: token } = await startModuleWithUsers({ dataDir, env: { MODULE_EVENT_LOG_MAX_ROWS: '20' } }));
    assert.equal(m.services.events.count(), 20);
  });
});

describe('module event log export, streamed', () => {
  let m: TestModule;
  let token: string;
  const ROWS = 60_000;
  before(async () => {
    ({ m, admin: token } = await startModuleWithUsers());
    const insert = m.services.ctx.db.prepare("INSERT INTO module_event_log (timestamp, level, message, user) VALUES (?, 'Info', ?, '')");
    m.services.ctx.db.transaction(() => {
      for (let i = 0; i < ROWS; i++) insert.run(1_700_000_000 + i, `bulk row ${i}`);
    })();
  });
  after(() => m.close());

  test('every row lands in the file in order, other requests are answered while it is written, and no turn of the loop takes over 20 ms of CPU', async () => {
    let answered = 0;
    let exporting = true;
    const { result: r, maxCpuMs } = await loopSlices(async () => {
      const exported = m.call('PATCH', '/api/eventLog/export', { token, body: { action: 'export' } }).finally(() => (exporting = false));
      // Polls that run during the export: with the file built in one go they could only run after it.
      // (inject answers without I/O: the pause lets the event loop reach the export's file writes, as sockets would.)
      while (exporting) {
        const poll = await m.call('GET', '/api/systemMode');
        if (exporting && poll.status === 200) answered++;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return exported;
    });
    assert.equal(r.status, 200, r.raw);
    assert.ok(answered >= 3, `requests answered during the export: ${answered}`);
    // Batches of 500 rows, the zone read once: ~3 ms a batch (a settings read per row took 140 ms a batch).
    assert.ok(maxCpuMs <= 20, `longest slice of the loop: ${maxCpuMs.toFixed(1)} ms of CPU`);
    const file = await m.call('GET', r.body.data.filePath, { token });
    const rows = csvRows(file.raw);
    assert.equal(rows[0], 'Timestamp,Level,User,Message');
    const bulk = rows.filter((l) => l.includes(',bulk row '));
    assert.equal(bulk.length, ROWS);
    assert.ok(bulk[0]!.endsWith(',bulk row 0'));
    assert.ok(bulk.at(-1)!.endsWith(`,bulk row ${ROWS - 1}`));
  });
});
