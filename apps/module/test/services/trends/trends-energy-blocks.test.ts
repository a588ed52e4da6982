/** Energy minutes packed fifteen to a row: the codec, and the migration from one row a minute. */
import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { emptyEnergyBlock, packEnergyBlock, packVarints, unpackEnergyBlock } from '../../../src/services/trends/codec.ts';
import { EnergyStore } from '../../../src/services/trends/energy-store.ts';
import { ENERGY_VALUE_COUNT } from '../../../src/services/trends/series.ts';
import { openTrendDb, TREND_DB_FILE } from '../../../src/services/trends/trend-db.ts';

const N = ENERGY_VALUE_COUNT;
const show = (a: ArrayLike<number>) => Array.from(a, (x) => (Number.isNaN(x) ? 'NaN' : x));
const quarterOf = (t: number) => t - (t % 900);

/** A seeded random walk (the same figures every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('energy minute blocks', () => {
  test('a block gives back every increment exactly: gaps, missing registers, zero, large and negative values', () => {
    const block = emptyEnergyBlock(N);
    const rnd = random(3);
    for (const slot of [0, 1, 2, 5, 13, 14]) {
      block.present |= 1 << slot;
      for (let k = 0; k < N; k++) block.incs[slot * N + k] = k === 7 ? NaN : k === 8 ? 0 : k === 9 ? 2 ** 40 + slot : k === 10 ? -1234 : Math.round(1500 + 40 * rnd());
    }
    const back = unpackEnergyBlock(packEnergyBlock(block, N), N);
    assert.equal(back.present, block.present);
    assert.deepEqual(show(back.incs), show(block.incs));
  });

  test('a steady load packs to far less than one varint row a minute', () => {
    const block = emptyEnergyBlock(N);
    const rnd = random(5);
    block.present = 0x7fff;
    for (let i = 0; i < 15; i++) for (let k = 0; k < N; k++) block.incs[i * N + k] = Math.round(1667 * (1 + 0.01 * (rnd() - 0.5)) * ((k % 6) + 1));
    const packed = packEnergyBlock(block, N).length;
    const rows = Array.from({ length: 15 }, (_, i) => packVarints(block.incs.subarray(i * N, (i + 1) * N)).length).reduce((a, b) => a + b);
    assert.ok(packed < rows * 0.6, `${packed} bytes for 15 minutes against ${rows} in minute rows`);
  });

  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  test('a store with one row a minute is migrated to blocks and every minute reads back the same registers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'energy-blocks-'));
    dirs.push(dir);
    // The store as the first layout wrote it: one varint row of increments a minute, quarter rows of registers.
    const old = new Database(join(dir, TREND_DB_FILE));
    old.exec(`
      CREATE TABLE rt_second (t INTEGER PRIMARY KEY, v BLOB NOT NULL);
      CREATE TABLE rt_minute (t INTEGER PRIMARY KEY, n INTEGER NOT NULL, v BLOB NOT NULL);
      CREATE TABLE rt_hour (t INTEGER PRIMARY KEY, n INTEGER NOT NULL, v BLOB NOT NULL);
      CREATE TABLE rt_day (t INTEGER PRIMARY KEY, n INTEGER NOT NULL, v BLOB NOT NULL);
      CREATE TABLE en_minute (t INTEGER PRIMARY KEY, v BLOB NOT NULL);
      CREATE TABLE en_quarter (t INTEGER PRIMARY KEY, v BLOB NOT NULL);
      CREATE TABLE en_hour (t INTEGER PRIMARY KEY, v BLOB NOT NULL);
      CREATE TABLE en_day (t INTEGER PRIMARY KEY, v BLOB NOT NULL);
      PRAGMA user_version = 1;
    `);
    const rnd = random(11);
    const start = Date.parse('2026-03-01T13:00:00Z') / 1000;
    const expected = new Map<number, Float64Array>();
    let cum = new Float64Array(N).map((_, k) => 10_000_000 * (k + 1));
    const putMinute = old.prepare('INSERT INTO en_minute (t, v) VALUES (?, ?)');
    const putQuarter = old.prepare('INSERT OR REPLACE INTO en_quarter (t, v) VALUES (?, ?)');
    old.exec('BEGIN');
    for (let m = 0; m < 3 * 1440; m++) {
      const t = start + 60 * m;
      // The module was away for a while: minutes 500-620 are missing, and register 4 was not read for an hour (quarter hours 133-136).
      if (m >= 500 && m < 620) continue;
      const next = cum.map((c, k) => (k === 4 && m >= 1995 && m < 2055 ? NaN : (Number.isFinite(c) ? c : 10_000_000 * 5) + Math.round(rnd() * 3000 * (k + 1))));
      const inc = next.map((c, k) => c - cum[k]!);
      putMinute.run(t, packVarints(inc));
      putQuarter.run(quarterOf(t), packVarints(next));
      expected.set(t, next);
      cum = next;
    }
    old.exec('COMMIT');
    old.close();

    const db = openTrendDb(dir);
    try {
      assert.equal(db.pragma('user_version', { simple: true }), 2);
      assert.equal((db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'en_minute'").get() as { n: number }).n, 0, 'the old table is gone');
      const blocks = (db.prepare('SELECT count(*) AS n FROM en_minute_block').get() as { n: number }).n;
      // Minutes 500-619 leave quarters 34-40 (minutes 510-614) without a minute.
      assert.equal(blocks, 3 * 96 - 7, 'one row per quarter hour that holds a minute');
      const store = new EnergyStore(db);
      const rows = store.minuteRows(start, start + 3 * 86_400, quarterOf);
      assert.equal(rows.length, expected.size);
      for (const row of rows) assert.deepEqual(show(row.units), show(expected.get(row.t)!), `minute ${row.t}`);
      assert.equal(store.firstMinute(), start);
      assert.equal(db.pragma('freelist_count', { simple: true }), 0, 'the space of the old rows went back to the disk');
    } finally {
      db.close();
    }
  });
});
