/**
 * The export's ZIP is written in the trend thread (query-thread.ts zip): a valid one-entry ZIP of
 * the CSV with its size, progress on the way, and a Stop that ends it with ExportCancelled.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { crc32, inflateRawSync } from 'node:zlib';
import { ExportCancelled } from '../../../../src/services/trends/export/generate.ts';
import { TrendQueryThread } from '../../../../src/services/trends/query-thread.ts';
import { openTrendDb } from '../../../../src/services/trends/trend-db.ts';

const MTIME = { year: 2026, month: 11, day: 23, hour: 9, minute: 30, second: 12 };

/** CSV-like text that deflate cannot shrink to nothing: rows of varying numbers. */
function csv(rows: number): Buffer {
  const lines = ['Time,V1,V2,V3'];
  for (let i = 0; i < rows; i++)
    lines.push(`2026-11-23 09:${String(i % 60).padStart(2, '0')},${(230 + Math.sin(i) * 3).toFixed(3)},${(229 + Math.cos(i * 1.7)).toFixed(3)},${((i * 7919) % 1000) / 7}`);
  return Buffer.from(lines.join('\n') + '\n');
}

describe('the export ZIP in the trend thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zip-thread-'));
  let thread: TrendQueryThread;
  before(() => {
    openTrendDb(dir).close();
    thread = new TrendQueryThread(dir, () => 'UTC', 60_000);
  });
  after(async () => {
    await thread.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a one-entry ZIP of the CSV, its size returned, progress reported', async () => {
    const src = join(dir, 'a.csv');
    const text = csv(200_000);
    writeFileSync(src, text);
    const seen: number[] = [];
    const size = await thread.zip({ src, dest: join(dir, 'a.zip'), entryName: 'TrendLog_a.csv', mtime: MTIME, signal: new AbortController().signal, onProgress: (b) => seen.push(b) });
    const zip = readFileSync(join(dir, 'a.zip'));
    assert.equal(size, statSync(join(dir, 'a.zip')).size);
    assert.ok(seen.length >= 1 && seen.every((b, i) => b > 0 && (i === 0 || b >= seen[i - 1]!)), `progress grows: ${seen.join(', ')}`);
    const nameLength = zip.readUInt16LE(26);
    assert.equal(zip.subarray(30, 30 + nameLength).toString('utf8'), 'TrendLog_a.csv');
    const compressed = zip.readUInt32LE(18);
    const raw = inflateRawSync(zip.subarray(30 + nameLength, 30 + nameLength + compressed));
    assert.ok(raw.equals(text), 'the entry is the CSV');
    assert.equal(zip.readUInt32LE(14), crc32(text) >>> 0);
  });

  test('a Stop ends the zip with ExportCancelled', async () => {
    const src = join(dir, 'b.csv');
    writeFileSync(src, csv(600_000));
    const stop = new AbortController();
    const zipping = thread.zip({ src, dest: join(dir, 'b.zip'), entryName: 'b.csv', mtime: MTIME, signal: stop.signal, onProgress: () => stop.abort() });
    await assert.rejects(zipping, ExportCancelled);
    assert.ok(stop.signal.aborted, 'stopped on the way, not after the end');
  });
});
