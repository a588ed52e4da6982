/**
 * The diagnostic file (002 §2.11 Download Diagnostic File, §7.5 downloadSyslog): a real gzip tar
 * archive of the module event log, the system log of every subsystem, the configuration without
 * secrets (every settings section as its GET shows it, secrets blank) and the versions. Made by
 * Debian's tar with an argument list; only the newest archive is kept.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const DIAGNOSTIC_FILE_PATTERN = /^diagnostic_[A-Z0-9]+_\d{14}\.tar\.gz$/;

export interface DiagnosticSources {
  serialNumber: () => string;
  eventLogCsv: () => string;
  syslogDir: string;
  syslogFiles: () => string[];
  /** Every settings section, secrets blank. */
  configuration: () => Record<string, unknown>;
  versions: () => Record<string, unknown>;
  now: () => number;
}

const stamp = (ms: number) => new Date(ms).toISOString().replace(/\D/g, '').slice(0, 14);

export class DiagnosticFiles {
  readonly dir: string;
  constructor(
    dataDir: string,
    private readonly s: DiagnosticSources,
  ) {
    this.dir = join(dataDir, 'diagnostic');
  }

  /** Makes the archive and returns its file name. */
  async make(): Promise<string> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const staging = mkdtempSync(join(this.dir, 'staging-'));
    try {
      writeFileSync(join(staging, 'module-event-log.csv'), this.s.eventLogCsv());
      mkdirSync(join(staging, 'syslog'));
      for (const f of this.s.syslogFiles()) copyFileSync(join(this.s.syslogDir, f), join(staging, 'syslog', f));
      writeFileSync(join(staging, 'configuration.json'), JSON.stringify(this.s.configuration(), null, 2));
      writeFileSync(join(staging, 'versions.json'), JSON.stringify(this.s.versions(), null, 2));
      const name = `diagnostic_${this.s.serialNumber()}_${stamp(this.s.now())}.tar.gz`;
      const partial = join(this.dir, `${name}.part`);
      try {
        await run('tar', ['-czf', partial, '-C', staging, '--', 'module-event-log.csv', 'syslog', 'configuration.json', 'versions.json'], { timeout: 30_000 });
        // Renamed into place only when complete: a download never gets half an archive.
        renameSync(partial, join(this.dir, name));
      } catch (err) {
        rmSync(partial, { force: true });
        // tar tells a full disk only in its words: the same 507 as the module's own writes.
        if (/No space left on device|Disk quota exceeded/.test(String((err as { stderr?: unknown }).stderr)))
          throw Object.assign(new Error('diagnostic file: storage full'), { code: 'ENOSPC' });
        throw err;
      }
      // The older archives go once the new one is whole: a full disk keeps the last one.
      for (const old of readdirSync(this.dir)) if (old !== name && DIAGNOSTIC_FILE_PATTERN.test(old)) rmSync(join(this.dir, old), { force: true });
      return name;
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }

  /** The path of an archive made before, or undefined for any other name. */
  path(fileName: string): string | undefined {
    if (!DIAGNOSTIC_FILE_PATTERN.test(fileName)) return undefined;
    const p = join(this.dir, fileName);
    return existsSync(p) ? p : undefined;
  }
}
