import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset, once, at the strongest levels: the
 * module sends them as they are (no compression work per request on the device's CPU).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        // Below a packet, the header costs more than the bytes saved.
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The chunk graph, read by the bundle budget (`npm run bench`, e2e/lib/bundle-budget.ts).
    manifest: true,
    // Vite's preload helper inserted a <link rel=modulepreload> per dependency of every lazy chunk,
    // ~60 ms of main-thread time (4× CPU) in the first load's longest task. A lazy chunk's
    // dependencies are hoisted into its own imports, so the browser fetches them all in one round
    // trip once the chunk arrives, off the main thread. index.html keeps its preload of React.
    // Every browser the console supports has modulepreload: no polyfill.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rollupOptions: {
      // The contract's modules only declare (schemas, tables, texts): what a chunk does not use is left out.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contract/') },
      onwarn(warning, warn) {
        // Intended: Login is imported statically by the router so it never needs a chunk from a rebooting module.
        if (warning.message.includes('features/auth/login.tsx') && warning.message.includes('dynamic import will not move')) return;
        warn(warning);
      },
      output: {
        // React changes less often than screens: its own chunk stays cached across console updates.
        // Every other library goes where Rollup puts it, with the screens that use it, so the first
        // load carries only what the shell and Login need.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  // The module server owns /api; in development Vite only serves the console.
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
