#!/usr/bin/env node
// Runs the test files with Node's own test runner, each as a bundle for plain node (scripts/test-bundles.mjs).
// Usage: node scripts/run-tests.mjs [unit|e2e|all] [filter] (a file runs when its path contains the filter, or one
// of its comma-separated parts).
// unit = packages/*/test, apps/*/test and scripts/test; e2e = e2e/tests (needs the built console and Chromium).
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { bundleTests } from './test-bundles.mjs';

const root = new URL('..', import.meta.url).pathname;
const [suite = 'all', filter = ''] = process.argv.slice(2);

function walk(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const unitDirs = ['packages/contract/test', 'apps/module/test', 'apps/console/test', 'scripts/test'];
const e2eDirs = ['e2e/tests'];
// The end-to-end files first: they are the long ones (the sweeps take minutes), and a few files run
// at once, so a long file started last would leave a core idle at the end of the run.
const dirs = suite === 'unit' ? unitDirs : suite === 'e2e' ? e2eDirs : [...e2eDirs, ...unitDirs];
const files = dirs.flatMap((d) =>
  walk(join(root, d))
    .filter((f) => filter.split(',').some((part) => f.includes(part)))
    .sort(),
);
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
console.log(`running ${files.length} test files:\n  ${files.map((f) => relative(root, f)).join('\n  ')}`);
// The node options of `npm start` (the young generation's size, garbage collection on the main
// thread): the tests that hold the event loop to 20 ms of CPU a turn measure the collections a
// module makes in production, not those of Node's defaults on a test process's larger heap.
const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.serve;
const gcOptions = start
  .split('&&')
  .pop()
  .trim()
  .split(/\s+/)
  .filter((w) => /^--(max-semi-space-size|single-threaded-gc)/.test(w));
// TEST_FILE_TIMES=<file>: also writes the time of each test file there, the longest first (those
// run alone, below, to <file>.alone).
// The files run bundled (scripts/test-bundles.mjs) by plain node; TEST_SOURCES=1 runs the sources
// through tsx instead, as an editor's test runner does.
const fromSources = process.env.TEST_SOURCES === '1';
const bundled = fromSources ? null : await bundleTests(root, files);
const loader = fromSources ? ['--import', 'tsx'] : ['--enable-source-maps'];
const runnable = (f) => (bundled ? bundled.bundles.get(f) : f);
// A file whose header has the tag ALONE measures time against a quiet machine (how much longer a
// task takes beside another): it runs first, by itself. The other files run three at a time, so
// the two cores stay busy while a file waits on a peer or a timer.
const ALONE = '@run-alone';
const alone = files.filter((f) => readFileSync(f, 'utf8').includes(ALONE));
const together = files.filter((f) => !alone.includes(f));
let status = 0;
for (const [group, concurrency, timesFile] of [
  [alone, 1, process.env.TEST_FILE_TIMES && `${process.env.TEST_FILE_TIMES}.alone`],
  [together, process.env.TEST_CONCURRENCY ?? 3, process.env.TEST_FILE_TIMES],
]) {
  if (group.length === 0) continue;
  const times = timesFile ? ['--test-reporter-destination=stdout', `--test-reporter=${join(root, 'scripts/file-times-reporter.mjs')}`, `--test-reporter-destination=${timesFile}`] : [];
  const args = [...loader, ...gcOptions, '--test', '--test-reporter=spec', ...times, `--test-concurrency=${concurrency}`, ...group.map(runnable)];
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root, env: { ...process.env, NODE_ENV: 'test' } });
  status ||= r.status ?? 1;
}
if (bundled) rmSync(bundled.outdir, { recursive: true, force: true });
process.exit(status);
