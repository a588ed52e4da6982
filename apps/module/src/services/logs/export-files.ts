/**
 * Exported log files (001 §7 eventLog/export, log/eventLog/export): written under
 * <data>/exports, one file per log kind — a new export replaces the previous one, so exports
 * never pile up on the device's storage. The download endpoint serves a name only if it is the
 * current export of that kind: the client never supplies a path.
 */
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { atomicTempPath, atomicWriteFile } from '../../atomic-file.ts';
import { once } from 'node:events';
import { join } from 'node:path';

export type ExportKind = 'module_event_log' | 'meter_event_log';

export class ExportFiles {
  private readonly dir: string;
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'exports');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  /** Writes the file whole (temp + rename) and removes older exports of the kind. Returns its name. */
  write(kind: ExportKind, stamp: string, content: string): string {
    const name = `${kind}_${stamp}.csv`;
    atomicWriteFile(join(this.dir, name), content);
    for (const old of this.namesOf(kind)) if (old !== name) rmSync(join(this.dir, old), { force: true });
    return name;
  }

  /**
   * Writes the file from chunks as they come (a large log is never held whole in memory; the
   * producer yields to other requests between chunks), then as `write` does. A failure leaves
   * the previous export in place and no temp file behind.
   */
  async writeChunks(kind: ExportKind, stamp: string, chunks: AsyncIterable<string>): Promise<string> {
    const name = `${kind}_${stamp}.csv`;
    const tmp = atomicTempPath(join(this.dir, name));
    const out = createWriteStream(tmp, { mode: 0o600 });
    // A write error (ENOSPC on a full disk) may come while the producer is between chunks: kept
    // here and thrown at the next step, never left to crash the process as an unheard 'error'.
    let failure: unknown;
    out.on('error', (err) => (failure ??= err));
    try {
      for await (const chunk of chunks) {
        if (failure) throw failure;
        if (!out.write(chunk)) await once(out, 'drain');
      }
      if (failure) throw failure;
      out.end();
      await once(out, 'finish');
    } catch (err) {
      out.destroy();
      rmSync(tmp, { force: true });
      throw err;
    }
    renameSync(tmp, join(this.dir, name));
    for (const old of this.namesOf(kind)) if (old !== name) rmSync(join(this.dir, old), { force: true });
    return name;
  }

  /** The absolute path of a current export, or null for any other name. */
  resolve(kind: ExportKind, name: string): string | null {
    if (!this.namesOf(kind).includes(name)) return null;
    const path = join(this.dir, name);
    return existsSync(path) ? path : null;
  }

  private namesOf(kind: ExportKind): string[] {
    const pattern = new RegExp(`^${kind}_\\d{8}_\\d{6}\\.csv$`);
    return readdirSync(this.dir).filter((n) => pattern.test(n));
  }
}
