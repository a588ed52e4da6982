/**
 * The import boundaries of eslint.config.js hold: a source that crosses one fails lint with the
 * boundary rule, a legal import reports nothing. Sources are linted as text at the path they
 * would have (nothing is written into the apps); a cycle needs two real files, kept in
 * fixtures/, which the config otherwise ignores.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const BOUNDARY = 'import-x/no-restricted-paths';

/** Rule ids reported for `code` as the file at `path` (relative to the repository root). */
async function ruleIds(path: string, code: string): Promise<(string | null)[]> {
  const results = await eslint.lintText(code, { filePath: join(root, path) });
  return results.flatMap((r) => r.messages.map((m) => m.ruleId));
}

const importing = (from: string, name: string) => `import { ${name} } from '${from}';\n\nexport const used = ${name};\n`;

describe('a boundary violation fails lint', () => {
  const cases: [string, string, string, string][] = [
    ['a module service imports an API area', 'apps/module/src/services/users/boundary-fixture.ts', '../../api/registry.ts', 'handle'],
    ['the meter imports an API area', 'apps/module/src/meter/boundary-fixture.ts', '../api/registry.ts', 'handle'],
    ['a console feature imports another feature', 'apps/console/src/features/trends/boundary-fixture.ts', '../metering/wiring-rules.ts', 'PHASE_NAMES'],
    ['a console feature imports the app shell', 'apps/console/src/features/trends/boundary-fixture.ts', '../../app/screens.ts', 'screens'],
    ['a shared component imports a feature', 'apps/console/src/components/boundary-fixture.ts', '../features/metering/wiring-rules.ts', 'PHASE_NAMES'],
    ['lib imports a component', 'apps/console/src/lib/boundary-fixture.ts', '../components/loading.tsx', 'Loading'],
    ['the console imports the module (relative path)', 'apps/console/src/lib/boundary-fixture.ts', '../../../module/src/config.ts', 'loadConfig'],
    ['the console imports the module (package path)', 'apps/console/src/lib/boundary-fixture.ts', '@meter/module/src/config.ts', 'loadConfig'],
    ['the module imports the console', 'apps/module/src/services/boundary-fixture.ts', '../../../console/src/lib/session.ts', 'getSession'],
    ['the contract imports an app', 'packages/contract/src/boundary-fixture.ts', '../../../apps/module/src/config.ts', 'loadConfig'],
    ['e2e imports the module', 'e2e/lib/boundary-fixture.ts', '../../apps/module/src/config.ts', 'loadConfig'],
    ['bench imports the console', 'bench/boundary-fixture.ts', '../apps/console/src/lib/session.ts', 'getSession'],
  ];
  for (const [name, path, from, imported] of cases) {
    test(name, async () => assert.deepEqual(await ruleIds(path, importing(from, imported)), [BOUNDARY]));
  }

  test('a type-only import counts too', async () => {
    const code = "import type { HandleOptions } from '../../api/registry.ts';\n\nexport const options: HandleOptions = {};\n";
    assert.deepEqual(await ruleIds('apps/module/src/services/users/boundary-fixture.ts', code), [BOUNDARY]);
  });
});

test('legal imports report nothing', async () => {
  const legal: [string, string, string][] = [
    ['apps/console/src/features/trends/boundary-fixture.ts', './time-frame.ts', 'readFrame'],
    ['apps/console/src/features/trends/boundary-fixture.ts', '../../components/loading.tsx', 'Loading'],
    ['apps/console/src/features/trends/boundary-fixture.ts', '../../lib/session.ts', 'getSession'],
    ['apps/console/src/components/boundary-fixture.ts', '../lib/session.ts', 'getSession'],
    ['apps/console/src/app/boundary-fixture.ts', '../features/metering/wiring-rules.ts', 'PHASE_NAMES'],
    ['apps/console/src/lib/boundary-fixture.ts', '@meter/contract', 'ROUTES'],
    ['apps/module/src/services/boundary-fixture.ts', '@meter/contract', 'ROUTES'],
    ['apps/module/src/api/boundary-fixture.ts', '../services/trends/index.ts', 'TrendService'],
    ['e2e/lib/boundary-fixture.ts', '@meter/contract', 'ROUTES'],
    ['bench/boundary-fixture.ts', '../apps/module/src/config.ts', 'loadConfig'],
  ];
  for (const [path, from, imported] of legal) assert.deepEqual(await ruleIds(path, importing(from, imported)), [], `${path} → ${from}`);
});

test('an import cycle fails lint in both files', async () => {
  const fixtures = join(root, 'scripts/test/fixtures/cycle');
  const results = await new ESLint({ cwd: root, ignore: false }).lintFiles([join(fixtures, 'first.ts'), join(fixtures, 'second.ts')]);
  assert.deepEqual(
    results.map((r) => r.messages.map((m) => m.ruleId)),
    [['import-x/no-cycle'], ['import-x/no-cycle']],
  );
});

test('an import cycle of type-only imports fails lint in both files too', async () => {
  const fixtures = join(root, 'scripts/test/fixtures/type-cycle');
  const results = await new ESLint({ cwd: root, ignore: false }).lintFiles([join(fixtures, 'first.ts'), join(fixtures, 'second.ts')]);
  assert.deepEqual(
    results.map((r) => r.messages.map((m) => m.ruleId)),
    [['local/no-type-cycle'], ['local/no-type-cycle']],
  );
});
