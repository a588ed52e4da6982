/**
 * The one way the module writes a whole file a request asks for (docs/decisions/security-full-disk-file-writes.md, "Full disk on
 * files"): into `.<name>.tmp` beside it, then renamed over it. A failure (ENOSPC or EDQUOT on a
 * full disk: 507) leaves the previous file whole and removes the temporary file.
 */
import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The temporary file `atomicWriteFile` writes for `path` (tests inject a full disk there). */
export function atomicTempPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.tmp`);
}

/** `sync`: flushed to the disk before the rename (a queued mail must survive a power cut). */
export function atomicWriteFile(path: string, data: string | Uint8Array, mode = 0o600, sync = false): void {
  atomicWriteFiles([{ path, data, mode }], sync);
}

/**
 * Several files that belong together (a certificate and its key): every temporary file is written
 * before the first rename, so a full disk keeps the previous set whole.
 */
export function atomicWriteFiles(files: readonly { path: string; data: string | Uint8Array; mode?: number }[], sync = false): void {
  const temps = files.map((f) => atomicTempPath(f.path));
  try {
    files.forEach((f, i) => {
      const mode = f.mode ?? 0o600;
      const fd = openSync(temps[i]!, 'w', mode);
      try {
        writeFileSync(fd, f.data);
        // A temporary file left by a power cut keeps its own mode: set it before it takes the name.
        fchmodSync(fd, mode);
        if (sync) fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    });
    files.forEach((f, i) => renameSync(temps[i]!, f.path));
  } catch (err) {
    for (const tmp of temps) rmSync(tmp, { force: true });
    throw err;
  }
}
