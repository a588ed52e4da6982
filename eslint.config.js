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

  // The module: services and the meter sit under the API areas.
  { target: [`${MODULE}/services`, `${MODULE}/meter`], from: `${MODULE}/api`, message: 'Services and the meter sit under the API: move what both need down.' },

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

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', 'data/', '.test-data/', 'tmp/', 'scripts/test/fixtures/']),
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
    plugins: { 'import-x': importX },
    settings: {
      // import-x 4.6 (its resolver is plain JavaScript: later versions need native packages for every platform in the lock file).
      // preserveSymlinks false: a workspace package (@meter/module) resolves to its real folder, which the zones name.
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], preserveSymlinks: false } },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
