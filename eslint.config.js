/**
 * Lint of the whole repository: typescript-eslint's recommended set, the rules of hooks in the
 * console, and the import boundaries of docs/architecture.md (arrows point down only).
 * scripts/test/lint-boundaries.test.ts proves that a boundary violation fails.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import importXUtils from 'eslint-plugin-import-x/utils/index.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const CONSOLE = 'apps/console/src';
const MODULE = 'apps/module/src';

// Read from disk so that a new feature folder is fenced off from the others without a config change.
const features = readdirSync(join(root, CONSOLE, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Zones of import-x/no-restricted-paths: files under `target` may not import files under `from`. */
const zones = [
  // The packages: the contract sits under everything and imports nothing of the repository.
  { target: 'packages/contract', from: ['apps', 'e2e', 'bench', 'scripts'], message: 'The contract imports nothing of the apps, e2e, bench or scripts.' },
  { target: 'apps/console', from: ['apps/module', 'e2e', 'bench', 'scripts'], message: 'The console imports only the contract.' },
  { target: 'apps/module', from: ['apps/console', 'e2e', 'bench', 'scripts'], message: 'The module imports only the contract.' },
  // e2e drives the real server and the built console from outside, as a browser would.
  { target: 'e2e', from: ['apps', 'bench', 'scripts'], message: 'e2e drives the apps from outside: it imports only the contract.' },
  // bench measures the trend store inside the module's own process, and starts the server with the e2e harness.
  { target: 'bench', from: ['apps/console', 'scripts'], message: 'bench imports the contract, the module and the e2e harness only.' },
  { target: 'scripts', from: ['apps', 'e2e', 'bench'], message: 'scripts import only the contract.' },
  // The third-party peers the API and e2e tests start (sshd, ...): test code only, and they import nothing of the repository.
  { target: 'test-peers', from: ['apps', 'e2e', 'bench', 'scripts', 'packages'], message: 'A test peer stands for a third-party server: it imports nothing of the repository.' },
  { target: ['packages/contract', 'apps/module/src', 'apps/console/src'], from: 'test-peers', message: 'Test peers are for tests only.' },

  // The module: services, the meter and their wiring sit under the HTTP layer (the API areas and
  // http/'s plugins); app.ts joins the two.
  {
    target: [`${MODULE}/services`, `${MODULE}/meter`, `${MODULE}/wiring`],
    from: [`${MODULE}/api`, `${MODULE}/http`],
    message: 'Services, the meter and their wiring sit under the HTTP layer (api/, http/): move what both need down.',
  },

  // The console: features never import each other nor the app shell; shared code sits under them.
  ...features.map((f) => ({
    target: `${CONSOLE}/features/${f}`,
    from: `${CONSOLE}/features`,
    except: [`./${f}`],
    message: 'Features do not import each other: move what both need to components/ or lib/.',
  })),
  { target: `${CONSOLE}/features`, from: `${CONSOLE}/app`, message: 'Features do not import the app shell (it imports them).' },
  { target: [`${CONSOLE}/components`, `${CONSOLE}/lib`], from: [`${CONSOLE}/features`, `${CONSOLE}/app`], message: 'Shared code does not import features or the app shell.' },
  { target: `${CONSOLE}/lib`, from: `${CONSOLE}/components`, message: 'lib/ holds no UI: components/ sit on top of it.' },
];

/**
 * import-x/no-cycle skips type-only imports (`import type`, `import('./x.ts').T`), so a cycle
 * closed by one passed lint. Such a cycle still ties the files into one unit: this rule reports a
 * type-only import that closes a cycle, following every import of the files on the way (type-only
 * ones too). A cycle with no type-only import at all is import-x/no-cycle's, so each cycle is
 * reported by one of the two. The files on the way are read by import-x's own module map, which
 * records import and export declarations (an inline `import('./x.ts').T` counts in the linted file).
 */
const noTypeCycle = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { cycle: 'Dependency cycle through a type-only import: {{route}}. Move what both files need to a file both can import.' },
  },
  create(context) {
    const { ExportMap, isExternalModule, resolve } = importXUtils;
    const filename = context.physicalFilename;
    const external = (name) => isExternalModule(name, resolve(name, context), context);
    function check(importer, name) {
      if (external(name)) return;
      const first = ExportMap.get(name, context);
      if (first == null || first.path === filename) return;
      // Breadth first, so the route reported is a shortest one.
      const seen = new Set([first.path]);
      const queue = [{ module: first, route: [name] }];
      while (queue.length > 0) {
        const { module, route } = queue.shift();
        for (const [path, { getter, declarations }] of module.imports) {
          const via = [...declarations].map((d) => d.source.value).find((value) => !external(value));
          if (via === undefined || seen.has(path)) continue;
          if (path === filename) return context.report({ node: importer, messageId: 'cycle', data: { route: [...route, via].join(' → ') } });
          seen.add(path);
          const next = getter();
          if (next != null) queue.push({ module: next, route: [...route, via] });
        }
      }
    }
    const typeOnlyDeclaration = (node) => {
      if (node.source == null) return;
      const typeOnly =
        node.importKind === 'type' ||
        node.exportKind === 'type' ||
        (node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
      if (typeOnly) check(node, node.source.value);
    };
    return {
      ImportDeclaration: typeOnlyDeclaration,
      ExportNamedDeclaration: typeOnlyDeclaration,
      ExportAllDeclaration: typeOnlyDeclaration,
      TSImportType: (node) => check(node, node.source.value),
    };
  },
};

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', 'data/', '.test-data/', '.test-build/', 'tmp/', 'scripts/test/fixtures/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // An underscore marks a parameter or binding kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    plugins: { 'import-x': importX, local: { rules: { 'no-type-cycle': noTypeCycle } } },
    settings: {
      // import-x 4.6 (its resolver is plain JavaScript: later versions need native packages for every platform in the lock file).
      // preserveSymlinks false: a workspace package (@meter/module) resolves to its real folder, which the zones name.
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], preserveSymlinks: false } },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'local/no-type-cycle': 'error',
    },
  },
  {
    files: ['apps/console/src/**/*.{ts,tsx}', 'apps/console/test/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    // A missing dependency is a stale value on screen: an error, not a warning nobody reads.
    rules: { 'react-hooks/exhaustive-deps': 'error' },
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['apps/module/**', 'e2e/**', 'bench/**', 'scripts/**', 'test-peers/**', '*.js', 'apps/console/vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests read JSON replies as they come; their assertions check the shape.
    files: ['apps/*/test/**', 'e2e/**', 'test-peers/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Code passed to page.evaluate runs in the browser.
    files: ['e2e/**', 'bench/**'],
    languageOptions: { globals: globals.browser },
  },
);
