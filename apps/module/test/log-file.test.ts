/** The log file: appended, rotated at its size bound, the oldest dropped (issue: bounded logs). */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { RotatingLogFile } from '../src/log-file.ts';

test('rotates at maxBytes, keeps `keep` old files, and never passes (keep + 1) · maxBytes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'log-file-'));
  try {
    const path = join(dir, 'module.log');
    const log = new RotatingLogFile({ path, maxBytes: 4096, keep: 2 });
    const line = (i: number) => `${JSON.stringify({ level: 30, msg: `line ${String(i).padStart(5, '0')}`, pad: 'x'.repeat(60) })}\n`;
    for (let i = 0; i < 500; i++) log.write(line(i));
    log.close();
    assert.deepEqual(
      [path, `${path}.1`, `${path}.2`].map((p) => existsSync(p)),
      [true, true, true],
    );
    assert.equal(existsSync(`${path}.3`), false);
    for (const p of [path, `${path}.1`, `${path}.2`]) assert.ok(statSync(p).size <= 4096, p);
    // The newest line is last in the current file; the rotated ones hold the lines just before it, whole.
    const current = readFileSync(path, 'utf8').trimEnd().split('\n');
    assert.match(current.at(-1)!, /line 00499/);
    const previous = readFileSync(`${path}.1`, 'utf8').trimEnd().split('\n');
    const n = (l: string) => Number(/line (\d+)/.exec(l)![1]);
    assert.equal(n(previous.at(-1)!) + 1, n(current[0]!));
    for (const l of [...previous, ...current]) JSON.parse(l);

    // A restart appends to the same file and goes on counting its size.
    const again = new RotatingLogFile({ path, maxBytes: 4096, keep: 2 });
    again.write(line(500));
    again.close();
    assert.match(readFileSync(path, 'utf8').trimEnd().split('\n').at(-1)!, /line 00500/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('MODULE_LOG_FILE sends the log to a file; the size bound and the files kept are settings', () => {
  assert.equal(loadConfig({}).logFile, undefined);
  const c = loadConfig({ MODULE_LOG_FILE: 'logs/module.log', MODULE_LOG_FILE_MAX_BYTES: '65536', MODULE_LOG_FILES_KEPT: '5' });
  assert.deepEqual({ ...c.logFile, path: c.logFile!.path.endsWith('/logs/module.log') }, { path: true, maxBytes: 65536, keep: 5 });
  assert.equal(loadConfig({ MODULE_LOG_FILE: 'm.log' }).logFile!.maxBytes, 5 * 1024 * 1024);
  assert.throws(() => loadConfig({ MODULE_LOG_FILE_MAX_BYTES: '10' }), /MODULE_LOG_FILE_MAX_BYTES/);
});
