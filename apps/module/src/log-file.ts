/**
 * The module's log written to a file, as the device keeps it on its own storage: size-bounded and
 * rotated. When the file would pass `maxBytes` it becomes `<file>.1` (`.1` becomes `.2`, …) and
 * the oldest beyond `keep` is dropped, so the log never takes more than (keep + 1) · maxBytes.
 * Writes are synchronous appends of one line: the module writes few lines (no line per
 * successful request, request-log.ts), so they cost microseconds and are never lost on a crash.
 */
import { closeSync, existsSync, fstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

export interface LogFileOptions {
  path: string;
  maxBytes: number;
  /** Rotated files kept beside the current one. */
  keep: number;
}

export class RotatingLogFile {
  private fd: number;
  private size: number;

  constructor(private readonly options: LogFileOptions) {
    this.fd = openSync(options.path, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
  }

  write(line: string): void {
    const bytes = Buffer.byteLength(line);
    if (this.size > 0 && this.size + bytes > this.options.maxBytes) this.rotate();
    writeSync(this.fd, line);
    this.size += bytes;
  }

  close(): void {
    closeSync(this.fd);
  }

  private rotate(): void {
    closeSync(this.fd);
    const { path, keep } = this.options;
    rmSync(`${path}.${keep}`, { force: true });
    for (let i = keep - 1; i >= 1; i--) if (existsSync(`${path}.${i}`)) renameSync(`${path}.${i}`, `${path}.${i + 1}`);
    if (keep > 0) renameSync(path, `${path}.1`);
    else rmSync(path, { force: true });
    this.fd = openSync(path, 'a', 0o600);
    this.size = 0;
  }
}
