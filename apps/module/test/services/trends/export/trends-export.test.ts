/** Trend Log Management's file: generate → 1 → 2 → ready (a real .zip), stop, delete, replace; CSV cells and stamps. */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import { backfillTrends, registerEnergy, registerHarmonics } from '../../../../src/services/trends/index.ts';
import { csvCell, csvText } from '../../../../src/services/trends/export/csv.ts';
import { createTestModule, startModuleWithUsers, type TestModule } from '../../../helper.ts';
import { loopSlices } from '../../../loop-slices.ts';
import { until } from '../../../../../../test-peers/until.ts';

/** 2026-03-08 05:00 EDT, the US spring-forward morning: the last 5 local hours hold the DST gap. */
const NOW = Date.parse('2026-03-08T09:00:00Z');
const START = Date.parse('2026-03-08T05:00:00Z') / 1000; // 00:00 EST

/** Reads a one-entry ZIP by its central directory and inflates it, checking the CRC. */
function unzip(zip: Buffer): { name: string; text: string } {
  const eocd = zip.length - 22;
  assert.equal(zip.readUInt32LE(eocd), 0x06054b50, 'end of central directory');
  assert.equal(zip.readUInt16LE(eocd + 10), 1, 'one entry');
  const cd = zip.readUInt32LE(eocd + 16);
  assert.equal(zip.readUInt32LE(cd), 0x02014b50);
  const method = zip.readUInt16LE(cd + 10);
  const crc = zip.readUInt32LE(cd + 16);
  const compressed = zip.readUInt32LE(cd + 20);
  const size = zip.readUInt32LE(cd + 24);
  const nameLength = zip.readUInt16LE(cd + 28);
  const name = zip.subarray(cd + 46, cd + 46 + nameLength).toString('utf8');
  const local = zip.readUInt32LE(cd + 42);
  assert.equal(zip.readUInt32LE(local), 0x04034b50);
  assert.equal(zip.readUInt32LE(local + 14), crc, 'local header carries the same CRC');
  assert.equal(zip.readUInt32LE(local + 18), compressed, 'and the sizes');
  const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  assert.equal(method, 8, 'deflate');
  const raw = inflateRawSync(zip.subarray(data, data + compressed));
  assert.equal(raw.length, size);
  assert.equal(crc32(raw), crc);
  return { name, text: raw.toString('utf8') };
}

describe('trend log export', () => {
  let m: TestModule;
  let token: string;
  const clock = { t: NOW };

  before(async () => {
    ({ m, admin: token } = await startModuleWithUsers({ now: () => clock.t }));
    const s = m.services;
    await backfillTrends(s.trends, { days: 4 / 24, energyDays: 1, now: NOW, meter: s.meter, harmonics: registerHarmonics(s.meter), energy: registerEnergy(s.meter) });
  });
  after(() => m.close());

  const exports = () => m.services.trends.exports;
  const body = (patch: Record<string, unknown>) => ({
    realTimeMask: 0,
    energyMask: 0,
    demandMask: 0,
    powerQualityMask: 0,
    ioMask: 0,
    startTime: START,
    endTime: START + 4 * 3600 - 1,
    logInterval: 12,
    logParamType: null,
    isAvgValueOn: false,
    isInstValueOn: false,
    isMaxValueOn: false,
    isMinValueOn: false,
    ...patch,
  });
  const start = async (b: Record<string, unknown>) => {
    const r = await m.call('PATCH', '/api/command/trendlog/exportLog', { token, body: b });
    assert.deepEqual(r.body, { data: { value: 'Success' } }, r.raw);
  };
  const status = async () => (await m.call('GET', '/api/command/trendlog/getLogExportStat', { token })).body.data;
  /**
   * Checks the status every `everyMs` until the file is ready; returns the states seen (every
   * 1 ms sees each, compressing lasts longer). Checking between event-loop turns instead spun this
   * thread beside the trend thread, which gets only what the cores leave; and Node 20's test runner
   * keeps an entry for each promise until a full collection: thousands of checks a second piled
   * 100 MB in this process, whose collection (40 ms) is the test's, not the module's.
   */
  const untilReady = async (everyMs = 5) => {
    const seen: unknown[] = [];
    // The CSV is written in the trend thread, which the first export may have to start.
    const ready = () => {
      const s = exports().status();
      if (seen[seen.length - 1] !== s.exportStat) seen.push(s.exportStat);
      return s.exportStat === false;
    };
    await until('the export file to be ready', ready, 60_000, everyMs);
    return seen;
  };
  const download = async (name: string) => {
    const res = await m.app.inject({ method: 'GET', url: `/api/exportLog/${name}`, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, type: res.headers['content-type'], disposition: res.headers['content-disposition'], zip: res.rawPayload };
  };

  test('generate → generating (1) → compressing (2) → ready; the download is a valid zip of the CSV', async () => {
    await start(body({ realTimeMask: 1 | 128, logInterval: 13 }));
    const first = await status();
    assert.equal(first.exportStat, 1);
    assert.equal(first.exportFileName, '');
    assert.equal(first.startTimeStamp, START);
    const seen = await untilReady(1);
    assert.deepEqual(seen, [1, 2, false]);
    const ready = await status();
    assert.equal(ready.exportFileName, 'TrendLog_20260308-000000_20260308-045959.zip');
    assert.equal(ready.currentTimeStamp, START + 4 * 3600 - 1);
    const file = await download(ready.exportFileName);
    assert.equal(file.status, 200);
    assert.equal(file.type, 'application/zip');
    assert.match(String(file.disposition), /attachment; filename="TrendLog_20260308-000000_20260308-045959.zip"/);
    assert.equal(file.zip.length, ready.filesize);
    const { name, text } = unzip(file.zip);
    assert.equal(name, 'TrendLog_20260308-000000_20260308-045959.csv');
    const lines = text.split('\r\n');
    assert.equal(lines[0], 'Timestamp,VLN Phase A (V),VLN Phase B (V),VLN Phase C (V),VLN System (V),F System (Hz)');
    assert.equal(lines.length, 1 + 4 * 3600 + 1, 'a row a second and the final CRLF');
    assert.match(lines[1]!, /^2026-03-08T00:00:00-05:00,1\d\d\.\d+,1\d\d\.\d+,1\d\d\.\d+,1\d\d\.\d+,(59|60)\.\d+$/);
  });

  test('the CSV is written in the trend thread: polls answer while it is generated, and no turn of the loop takes over 20 ms of CPU', async () => {
    // Four hours at 1 s of every real-time parameter: 14,400 rows of 33 columns.
    const { result: polled, maxCpuMs } = await loopSlices(async () => {
      await start(body({ realTimeMask: 511, logInterval: 13 }));
      let answered = 0;
      while ((await status()).exportStat === 1) {
        if ((await m.call('GET', '/api/readings/realtime/system', { token })).status === 200) answered++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await untilReady();
      return answered;
    });
    const ready = await status();
    assert.ok(ready.exportFileName, 'the file is ready');
    assert.ok(polled >= 1, `polls answered while the CSV was generated: ${polled}`);
    assert.ok(maxCpuMs <= 20, `longest slice of the loop: ${maxCpuMs.toFixed(1)} ms of CPU`);
    const lines = unzip((await download(ready.exportFileName)).zip).text.split('\r\n');
    assert.equal(lines[0]!.split(',').length, 34);
    assert.equal(lines.length, 1 + 4 * 3600 + 1);
  });

  test('stamps carry the device zone’s offset, across the DST change; value kinds, load type and energy columns', async () => {
    await start(body({ realTimeMask: 16 | 256, energyMask: 1, powerQualityMask: 0, isInstValueOn: true, isAvgValueOn: true, isMaxValueOn: true, isMinValueOn: true }));
    await untilReady();
    const { text } = unzip((await download((await status()).exportFileName)).zip);
    const lines = text.trim().split('\r\n');
    const header = lines[0]!.split(',');
    assert.deepEqual(header.slice(0, 6), ['Timestamp', 'Q Phase A Inst (kvar)', 'Q Phase A Avg (kvar)', 'Q Phase A Max (kvar)', 'Q Phase A Min (kvar)', 'Q Phase B Inst (kvar)']);
    assert.ok(header.includes('Load Type System'));
    assert.equal(header[header.length - 1], 'EP Input Channel 18 (kWh)');
    assert.equal(header.length, 1 + 16 + 4 + 22);
    assert.equal(lines.length, 1 + 4 * 60, 'four local hours (one skipped by DST) of minutes');
    const stamps = lines.slice(1).map((l) => l.split(',')[0]);
    const at = stamps.indexOf('2026-03-08T01:59:00-05:00');
    assert.ok(at > 0);
    assert.equal(stamps[at + 1], '2026-03-08T03:00:00-04:00');
    const row = lines[1]!.split(',');
    const [inst, avg, max, min] = row.slice(1, 5).map(Number);
    assert.ok(min! <= avg! && avg! <= max! && min! <= inst! && inst! <= max!, row.join());
    assert.match(row[17]!, /^[LCR]$/);
    assert.ok(Number(row[21]) > 0, 'EP Phase A register');
  });

  test('Stop returns to none and leaves no parts; generating again replaces the file; Delete removes it', async () => {
    const before = (await status()).exportFileName;
    assert.ok(before);
    await start(body({ realTimeMask: 511, logInterval: 13 }));
    assert.equal((await status()).exportFileName, '', 'the old file goes when a new one is generated');
    assert.ok(!readdirSync(exports().dir).includes(before));
    assert.deepEqual((await m.call('PATCH', '/api/command/trendlog/cancelExportLog', { token, body: { value: 1 } })).body.data, { value: 'Success' });
    assert.deepEqual(await status(), { exportStat: false, exportFileName: '', currentTimeStamp: 0, startTimeStamp: 0, endTimeStamp: 0, filesize: 0 });
    await exports().settle();
    await tick();
    assert.deepEqual(readdirSync(exports().dir), []);

    await start(body({ realTimeMask: 4, logInterval: 4 }));
    await start(body({ realTimeMask: 8, logInterval: 4 }));
    await untilReady();
    const ready = await status();
    assert.equal(ready.exportFileName, 'TrendLog_20260308-000000_20260308-045959.zip');
    assert.match(unzip((await download(ready.exportFileName)).zip).text, /^Timestamp,P Phase A \(kW\)/, 'the later request won');
    assert.deepEqual(readdirSync(exports().dir).sort(), ['TrendLog_20260308-000000_20260308-045959.zip', 'export.json']);

    assert.deepEqual((await m.call('PATCH', '/api/command/trendlog/deleteExportLog', { token, body: { value: 1 } })).body.data, { value: 'Success' });
    assert.equal((await status()).exportFileName, '');
    assert.equal((await download(ready.exportFileName)).status, 404);
    assert.ok(!readdirSync(exports().dir).includes(ready.exportFileName), 'the name goes at once');
    // Its data is unlinked in libuv's pool (a large file's unlink waits for its writeback).
    await exports().settle();
    assert.deepEqual(readdirSync(exports().dir), []);
    // Both commands are in the audit trail under the user who gave them.
    const audit = m.services.ctx.db.prepare("SELECT message, user FROM module_event_log WHERE message LIKE 'Trend log file %by%'").all() as { message: string; user: string }[];
    for (const what of ['generation stopped', 'deleted'])
      assert.ok(
        audit.some((e) => e.message === `Trend log file ${what} by admin` && e.user === 'admin'),
        what,
      );
  });

  test('a ready file survives a restart of the module', async () => {
    await start(body({ realTimeMask: 1, logInterval: 4 }));
    await untilReady();
    const name = (await status()).exportFileName;
    const again = await createTestModule({ dataDir: m.dataDir, now: () => clock.t });
    try {
      assert.equal(again.services.trends.exports.status().exportFileName, name);
      assert.ok(readdirSync(join(m.dataDir, 'trendlog-export')).includes(name));
    } finally {
      await again.close(true);
    }
  });
});

describe('CSV cells', () => {
  test('text a spreadsheet would run is neutralised; numbers, negative ones too, stay numbers', () => {
    assert.equal(csvText('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
    assert.equal(csvText('+1+2'), "'+1+2");
    assert.equal(csvText('-2+3'), "'-2+3");
    assert.equal(csvText('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvText('\tx'), "'\tx");
    assert.equal(csvText('a,b'), '"a,b"');
    assert.equal(csvText('Phase A'), 'Phase A');
    assert.equal(csvCell(-1.25), '-1.25');
    assert.equal(csvCell(NaN), '');
  });
});
