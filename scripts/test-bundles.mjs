/**
 * The test files bundled for plain node (scripts/run-tests.mjs): each file with the workspace's
 * TypeScript it imports (the module, the console's sources, the contract, the test helpers) in
 * ES modules that share chunks; registry packages stay external and load from node_modules.
 * Through tsx, every import of a test process went through the loader's hooks on another thread:
 * about 1.5 s of CPU per file before its first test, most of a module API file's own time.
 *
 * A bundled file behaves as its source: `import.meta.url`, `dirname` and `filename` are the
 * source file's (the module finds the console's files, its worker sources and the packer scripts
 * from them), and the sources' maps give failures their source lines. What still loads TypeScript
 * at run time loads tsx itself, as it did: the module's worker threads, and the processes tests
 * start with `--import tsx`.
 */
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the bundles go (ignored by git): a folder per run, so two runs at once keep theirs. */
export const BUNDLE_DIR = '.test-build';

/** The source's own `import.meta` values, written into the code, so the bundle's location does not show. */
const sourceMeta = {
  name: 'source-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
      const dir = args.path.slice(0, args.path.lastIndexOf('/'));
      const contents = (await readFile(args.path, 'utf8'))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dir))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/** Registry packages (a bare name that is not one of the workspace's @meter/ packages) load at run time. */
const registryExternal = {
  name: 'registry-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@meter/') ? undefined : { external: true }));
  },
};

/**
 * Bundles the test files (absolute paths under `root`); answers each source's bundle path. A
 * bundle's path starts with the file's place in `files` (000/apps/…): Node's runner starts the
 * files in the order of their paths, so they start in the order given. The console's tests take
 * their registry packages in too: React's packages are imported by paths (react-bootstrap/Button)
 * that only a bundler resolves.
 */
export async function bundleTests(root, files) {
  const outdir = join(root, BUNDLE_DIR, `run-${process.pid}`);
  await rm(outdir, { recursive: true, force: true });
  const out = new Map(files.map((f, i) => [f, `${String(i).padStart(3, '0')}/${relative(root, f).replace(/\.ts$/, '')}`]));
  const entries = (list) => list.map((f) => ({ in: f, out: out.get(f) }));
  const consoleFiles = files.filter((f) => relative(root, f).startsWith('apps/console/'));
  const others = files.filter((f) => !consoleFiles.includes(f));
  const common = {
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
  };
  await Promise.all([
    others.length && build({ ...common, entryPoints: entries(others), chunkNames: 'chunks/[name]-[hash]', plugins: [sourceMeta, registryExternal] }),
    consoleFiles.length && build({ ...common, entryPoints: entries(consoleFiles), chunkNames: 'console-chunks/[name]-[hash]', plugins: [sourceMeta] }),
  ]);
  return { outdir, bundles: new Map(files.map((f) => [f, join(outdir, `${out.get(f)}.mjs`)])) };
}
