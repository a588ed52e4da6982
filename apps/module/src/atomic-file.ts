/**
 * The one way the module writes a whole file a request asks for (docs/decisions.md, "Full disk on
 * files"): into `.<name>.tmp` beside it, then renamed over it. A failure (ENOSPC or EDQUOT on a
 * full disk: 507) leaves the previous file whole and removes the temporary file.
 */
import { chmodSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The temporary file `atomicWriteFile` writes for `path` (tests inject a full disk there). */
export function atomicTempPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.tmp`);
}

export function atomicWriteFile(path: string, data: string | Uint8Array, mode = 0o600): void {
  atomicWriteFiles([{ path, data, mode }]);
}

/**
 * Several files that belong together (a certificate and its key): every temporary file is written
 * before the first rename, so a full disk keeps the previous set whole.
 */
export function atomicWriteFiles(files: readonly { path: string; data: string | Uint8Array; mode?: number }[]): void {
  const temps = files.map((f) => atomicTempPath(f.path));
  try {
    files.forEach((f, i) => {
      const mode = f.mode ?? 0o600;
      writeFileSync(temps[i]!, f.data, { mode });
      // A temporary file left by a power cut keeps its own mode: set it before it takes the name.
      chmodSync(temps[i]!, mode);
    });
    files.forEach((f, i) => renameSync(temps[i]!, f.path));
  } catch (err) {
    for (const tmp of temps) rmSync(tmp, { force: true });
    throw err;
  }
}
