/** Data loggers writing real files, and the data log file API: list, download, delete, validation. */
import { logTexts } from '@meter/contract';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestModule, startModuleWithUsers, type TestModule } from '../../helper.ts';
import { loopSlices } from '../../loop-slices.ts';
import { MINUTE, ROLE_USERS, T0, csvRows, type RoleName } from '../../logs-helpers.ts';

/** Local midnight of 2026-03-01 in New York (EST) and the next one. */
const DAY1 = Date.parse('2026-03-01T05:00:00Z');
const DAY2 = Date.parse('2026-03-02T05:00:00Z');
const FILE1 = 'datalog1_20260301_000000.csv';
const FILE2 = 'datalog1_20260302_000000.csv';

describe('data logs', () => {
  let m: TestModule;
  const clock = { t: T0 };
  let tokens: Record<RoleName | 'admin', string>;
  const get = (url: string, token = tokens.admin) => m.call('GET', url, { token });
  const del = (names: unknown, token = tokens.admin, id = '1') => m.call('PATCH', `/api/fileList/dataLog/backup${id}`, { token, body: names });
  const tick = (ms: number) => {
    clock.t = ms;
    m.services.ticker.tickAt(ms);
  };
  const folder = (id: string) => join(m.dataDir, 'datalog', `backup${id}`);

  before(async () => ({ m, tokens } = await startModuleWithUsers({ ...ROLE_USERS, now: () => clock.t })));
  after(() => m.close());

  test('logger 1 writes one row per 15-minute interval on the local clock, into a file per local day', async () => {
    tick(T0); // 03:00 local: a boundary
    tick(T0 + 1000);
    tick(T0 + 7 * MINUTE); // mid-interval
    tick(T0 + 15 * MINUTE);
    tick(T0 + 31 * MINUTE); // the 30-minute boundary passed a minute ago: too late, skipped
    const list = await get('/api/fileList/dataLog/backup1');
    assert.equal(list.status, 200, list.raw);
    assert.deepEqual(
      list.body.data.map((f: { filename: string }) => f.filename),
      [FILE1],
    );
    assert.deepEqual(Object.keys(list.body.data[0]), ['filename', 'timestamp', 'size']);
    const rows = csvRows(readFileSync(join(folder('1'), FILE1), 'utf8'));
    assert.equal(rows.length, 3);
    const header = rows[0]!.split(',');
    assert.deepEqual(header.slice(0, 4), ['Timestamp', 'Phase A Voltage (V)', 'Phase B Voltage (V)', 'Phase C Voltage (V)']);
    assert.ok(header.includes('CH18 Current (A)') && header.includes('System Active Power (kW)') && header.includes('System PF') && header.at(-1) === 'Frequency (Hz)');
    assert.ok(!header.includes('Line AB Voltage (V)'));
    assert.match(rows[1]!, /^2026-03-01T03:00:00-05:00,\d+\.\d,/);
    assert.match(rows[2]!, /^2026-03-01T03:15:00-05:00,/);
    assert.equal(rows[1]!.split(',').length, header.length);
    assert.ok(list.body.data[0].size > 0);
  });

  test('a new file starts at local midnight; loggers 2, 3 and ac are off and list nothing', async () => {
    tick(DAY2);
    const names = (await get('/api/fileList/dataLog/backup1')).body.data.map((f: { filename: string }) => f.filename).sort();
    assert.deepEqual(names, [FILE1, FILE2]);
    for (const id of ['2', '3', 'ac']) assert.deepEqual((await get(`/api/fileList/dataLog/backup${id}`)).body.data, [], id);
    assert.ok(DAY1 < T0);
  });

  test('download: the listed file, by name only', async () => {
    const r = await get(`/api/backup/backup1/${FILE1}`);
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-disposition']), new RegExp(`filename="${FILE1}"`));
    assert.equal(r.raw, readFileSync(join(folder('1'), FILE1), 'utf8'));
    assert.equal((await m.call('GET', `/api/backup/backup1/${FILE1}`, { token: tokens.readonly })).status, 200);
    // A crafted name ('..', a separator, a leading dot) is bad input; a plain unknown one is not found.
    for (const bad of ['..%2Fmodule.sqlite', '..%2F..%2Fmodule.sqlite', '%2Fetc%2Fpasswd', '.hidden.csv']) {
      assert.equal((await get(`/api/backup/backup1/${bad}`)).status, 400, bad);
    }
    assert.equal((await get('/api/backup/backup1/nope.csv')).status, 404);
    assert.equal((await get(`/api/backup/backup2/${FILE1}`)).status, 404, 'another logger');
    assert.equal((await get(`/api/backup/backup9/${FILE1}`)).status, 404);
    assert.equal((await get('/api/fileList/dataLog/backup9')).status, 404);
    assert.equal((await get(`/api/backup/backup1/${FILE1}`, tokens.config)).status, 403);
  });

  test('delete: bad names are refused and nothing is deleted', async () => {
    const cases: [unknown, number][] = [
      [[], 400],
      [{}, 400],
      [['../module.sqlite'], 400],
      [['/etc/passwd'], 400],
      [[`sub/${FILE1}`], 400],
      [['nope.csv'], 404],
      [[FILE1, 'nope.csv'], 404],
    ];
    for (const [body, status] of cases) assert.equal((await del(body)).status, status, JSON.stringify(body));
    assert.equal((await del([])).body.data.value, logTexts.noDataLogSelected);
    assert.ok(existsSync(join(folder('1'), FILE1)));
    assert.ok(existsSync(join(m.dataDir, 'module.sqlite')));
  });

  test('delete: admin access level only, even for readings edit', async () => {
    for (const role of ['reader', 'readonly', 'config'] as const) {
      const r = await del([FILE1], tokens[role]);
      assert.equal(r.status, 403, role);
    }
    assert.equal((await del([FILE1], tokens.reader)).body.data.value, logTexts.adminOnly);
    assert.ok(existsSync(join(folder('1'), FILE1)));
    const r = await del([FILE1]);
    assert.deepEqual(r.body, { data: { value: 'Success' } });
    assert.ok(!existsSync(join(folder('1'), FILE1)));
    assert.deepEqual(
      (await get('/api/fileList/dataLog/backup1')).body.data.map((f: { filename: string }) => f.filename),
      [FILE2],
    );
    const audit = (await get('/api/eventLog?idStart=0&idEnd=1')).body.data.eventLogs[0];
    assert.equal(audit.message, `Data log 1 files deleted by admin: ${FILE1}`);
  });

  test('the file being written can be deleted: the next row starts it again with its header', async () => {
    assert.equal((await del([FILE2])).status, 200);
    tick(DAY2 + 15 * MINUTE);
    const rows = csvRows(readFileSync(join(folder('1'), FILE2), 'utf8'));
    assert.equal(rows.length, 2);
    assert.match(rows[0]!, /^Timestamp,/);
  });

  test('after a crash mid-line and a restart: the partial line is cut, no row is written twice', async () => {
    appendFileSync(join(folder('1'), FILE2), '2026-03-02T00:30:00-05:00,12');
    await m.app.close();
    const again = await createTestModule({ dataDir: m.dataDir, now: () => clock.t });
    try {
      again.services.ticker.tickAt(DAY2 + 15 * MINUTE); // already written before the restart
      again.services.ticker.tickAt(DAY2 + 30 * MINUTE);
      const text = readFileSync(join(folder('1'), FILE2), 'utf8');
      const rows = csvRows(text);
      assert.ok(text.endsWith('\r\n'));
      assert.equal(rows.length, 3);
      assert.match(rows[1]!, /T00:15:00-05:00,/);
      assert.match(rows[2]!, /T00:30:00-05:00,/);
      assert.equal(rows[2]!.split(',').length, rows[0]!.split(',').length);
      assert.deepEqual(readdirSync(folder('1')), [FILE2]);
    } finally {
      await again.close(true);
      // The first module is closed already; its folder goes now.
      rmSync(m.dataDir, { recursive: true, force: true });
      m.close = async () => {};
    }
  });
});

describe('data log interval for tests (MODULE_DATALOG_INTERVAL_SECONDS)', () => {
  test('rows every 2 seconds', async () => {
    const clock = { t: T0 };
    const m = await createTestModule({ now: () => clock.t, env: { MODULE_DATALOG_INTERVAL_SECONDS: '2' } });
    try {
      for (let s = 0; s < 6; s++) m.services.ticker.tickAt(T0 + s * 1000);
      const rows = csvRows(readFileSync(join(m.dataDir, 'datalog', 'backup1', FILE1), 'utf8'));
      assert.equal(rows.length, 4);
    } finally {
      await m.close();
    }
  });
});

describe('data log listing of a full folder', () => {
  // A year of hourly files is 8,760: the listing reads the folder and stats each file off the loop.
  const FILES = 5000;
  test('runs off the event loop: a poll sent after it answers first, and the list is whole and newest first', async () => {
    const { m, admin: token } = await startModuleWithUsers();
    try {
      const dir = join(m.dataDir, 'datalog', 'backup2');
      const base = Date.parse('2026-01-01T00:00:00Z') / 1000;
      for (let i = 0; i < FILES; i++) {
        const name = join(dir, `datalog2_${String(i).padStart(5, '0')}.csv`);
        writeFileSync(name, 'Timestamp\r\n');
        utimesSync(name, base + i * 3600, base + i * 3600);
      }
      writeFileSync(join(dir, 'notes.txt'), 'not a log');
      const order: string[] = [];
      const { result: list, maxCpuMs } = await loopSlices(async () => {
        const listing = m.call('GET', '/api/fileList/dataLog/backup2', { token }).then((r) => (order.push('list'), r));
        const poll = m.call('GET', '/api/readings/realtime/system', { token }).then((r) => (order.push('poll'), r));
        assert.equal((await poll).status, 200);
        return listing;
      });
      assert.equal(list.status, 200, list.raw);
      assert.deepEqual(order, ['poll', 'list']);
      assert.equal(list.body.data.length, FILES);
      assert.equal(list.body.data[0].filename, 'datalog2_04999.csv');
      assert.equal(list.body.data.at(-1).filename, 'datalog2_00000.csv');
      assert.equal(list.body.data[0].timestamp, base + (FILES - 1) * 3600);
      // Sorting and the JSON of 5,000 entries stay on the loop: a few ms, far from the 20 ms budget.
      assert.ok(maxCpuMs <= 20, `longest slice of the loop: ${maxCpuMs.toFixed(1)} ms of CPU`);
      // A file from the listing downloads; a name outside it does not.
      assert.equal((await m.call('GET', '/api/backup/backup2/datalog2_00042.csv', { token })).status, 200);
      assert.equal((await m.call('GET', '/api/backup/backup2/notes.txt', { token })).status, 404);
    } finally {
      await m.close();
    }
  });
});
