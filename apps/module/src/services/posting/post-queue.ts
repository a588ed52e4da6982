/**
 * The files waiting for a channel: one folder per channel under <data>/posting/. A file enters
 * whole (copied under a dot name, flushed, then renamed), leaves only after the server accepted
 * it, and survives a reboot or a crash in between; adding the same name again replaces the
 * waiting copy, so a file is never queued twice.
 */
import { closeSync, copyFileSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface QueuedFile {
  name: string;
  path: string;
  queuedMs: number;
}

export class PostQueue {
  constructor(readonly folder: string) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  }

  add(source: string, name = basename(source)): void {
    const tmp = join(this.folder, `.${name}.tmp`);
    copyFileSync(source, tmp);
    const fd = openSync(tmp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(this.folder, name));
  }

  /** Oldest first. */
  list(): QueuedFile[] {
    const files: QueuedFile[] = [];
    for (const name of readdirSync(this.folder)) {
      if (name.startsWith('.')) continue;
      const path = join(this.folder, name);
      const st = statSync(path, { throwIfNoEntry: false });
      if (st?.isFile()) files.push({ name, path, queuedMs: st.mtimeMs });
    }
    return files.sort((a, b) => a.queuedMs - b.queuedMs || a.name.localeCompare(b.name));
  }

  read(file: QueuedFile): Buffer {
    return readFileSync(file.path);
  }

  remove(file: QueuedFile): void {
    rmSync(file.path, { force: true });
  }

  clear(): number {
    const files = this.list();
    for (const f of files) this.remove(f);
    for (const name of readdirSync(this.folder)) if (name.startsWith('.')) rmSync(join(this.folder, name), { force: true });
    return files.length;
  }
}
