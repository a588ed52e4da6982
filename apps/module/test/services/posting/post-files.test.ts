/** Post file names and periods (002 §3.4, §9.3): the two name formats, calendar lengths in the device zone, prefixes. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { defaultLogger } from '../../../src/services/datalog/config.ts';
import type { PostChannels } from '../../../src/services/posting/post-channels.ts';
import { PostFiles } from '../../../src/services/posting/post-files.ts';

const NY = 'America/New_York';
const dir = mkdtempSync(join(tmpdir(), 'post-files-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const files = new PostFiles({ dataDir: dir, channels: { queues: new Map() } as unknown as PostChannels });
const at = Date.parse('2026-03-01T08:07:00Z'); // 03:07 EST

test('format 0 names the period start in UTC seconds; format 1 its local interval', () => {
  const cfg = { ...defaultLogger('site', true), logFileLength: 2 }; // 15 minutes
  assert.equal(files.fileName('1', cfg, at, NY), `site_${Date.parse('2026-03-01T08:00:00Z') / 1000}.csv`);
  assert.equal(files.fileName('1', { ...cfg, logFileNameFormat: 1 }, at, NY), 'site_20260301_030000-20260301_031500.csv');
  assert.equal(files.fileName('1', { ...cfg, logFormat: 1 }, at, NY), `site_${Date.parse('2026-03-01T08:00:00Z') / 1000}.json`);
});

test('a day across the spring DST change ends at the next local midnight; a month on the 1st', () => {
  const day = { ...defaultLogger('d', true), logFileLength: 7, logFileNameFormat: 1 as const };
  assert.equal(files.fileName('1', day, Date.parse('2026-03-08T12:00:00Z'), NY), 'd_20260308_000000-20260309_000000.csv');
  const month = { ...day, logFileLength: 10 };
  assert.equal(files.fileName('1', month, Date.parse('2026-02-10T12:00:00Z'), NY), 'd_20260201_000000-20260301_000000.csv');
});

test('a prefix is reduced to its letters and digits, an empty one falls back to the log name', () => {
  const cfg = { ...defaultLogger('', true), logFileLength: 2 };
  assert.match(files.fileName('2', cfg, at, NY), /^datalog2_\d+\.csv$/);
});
