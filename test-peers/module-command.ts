/**
 * How the tests start a module as its own process: the bundle `npm run build` wrote
 * (apps/module/dist/server.mjs, what ships; it starts on about half the CPU of compiling the source
 * on the way), or the TypeScript source through tsx when there is no bundle or a source file of
 * the module or the contract is newer than it, so a change not built yet is what is tested.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = join(ROOT, 'apps/module/dist/server.mjs');
const SOURCES = ['apps/module/src', 'packages/contract/src'];

function newestSource(): number {
  let newest = 0;
  for (const dir of SOURCES) {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })) {
      if (e.isFile()) newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs);
    }
  }
  return newest;
}

let chosen: string[] | undefined;

/** The node arguments that start the module server, to run with the repository's root as cwd. */
export function moduleServerArgs(): string[] {
  if (!chosen) {
    let bundled = false;
    try {
      bundled = statSync(BUNDLE).mtimeMs >= newestSource();
    } catch {
      bundled = false;
    }
    chosen = bundled ? [BUNDLE] : ['--import', 'tsx', 'apps/module/src/server.ts'];
  }
  return chosen;
}
