// A test reporter (node --test-reporter): the time of each test file, the longest first, so the
// run's slow files can be found (scripts/run-tests.mjs writes it when TEST_FILE_TIMES names a file).
// A file's time is the sum of its top-level tests and suites (with the hooks inside them); the
// process's start and hooks at the file's top level are not in it.
import { relative } from 'node:path';

export default async function* fileTimes(source) {
  const files = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      // A bundled file (scripts/test-bundles.mjs) is named by its source.
      const file = relative(process.cwd(), event.data.file)
        .replace(/^\.test-build\/run-\d+\/\d+\//, '')
        .replace(/\.test\.mjs$/, '.test.ts');
      files.set(file, (files.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  const rows = [...files].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((s, [, ms]) => s + ms, 0);
  yield `${(total / 1000).toFixed(0)} s in ${rows.length} files (the sum; the files run side by side)\n`;
  for (const [file, ms] of rows) yield `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}\n`;
}
