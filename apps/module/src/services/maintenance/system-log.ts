/**
 * The module's system log (002 §2.12): one file per subsystem under `<data>/syslog`, written by the
 * module's own loggers. The debug diagnostic switches set each subsystem's level: 7 writes debug
 * lines too, 6 only informational and worse. Files are capped, so debug left on can not fill the disk.
 */
import { DEBUG_LOG_OFF, DEBUG_LOG_ON, syslogConfigAll, type DebugSubsystem, type SyslogConfig } from '@meter/contract';
import { appendFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SubsystemLog, SyslogLevel } from '../../subsystem-log.ts';

/** Past this a file is moved to `.1` (the one before is dropped): two files of at most this size per subsystem. */
export const SYSLOG_FILE_LIMIT = 512 * 1024;

export const syslogFileName = (subsystem: DebugSubsystem) => `${subsystem.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.log`;

export class SystemLog {
  readonly dir: string;
  private levels: SyslogConfig = syslogConfigAll(DEBUG_LOG_OFF);

  constructor(
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.dir = join(dataDir, 'syslog');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  configure(levels: SyslogConfig): void {
    this.levels = structuredClone(levels);
  }

  debugOn(subsystem: DebugSubsystem): boolean {
    return this.levels[subsystem].logLevel === DEBUG_LOG_ON;
  }

  write(subsystem: DebugSubsystem, level: SyslogLevel, message: string): void {
    if (level === 'debug' && !this.debugOn(subsystem)) return;
    const file = join(this.dir, syslogFileName(subsystem));
    try {
      if (existsSync(file) && statSync(file).size > SYSLOG_FILE_LIMIT) renameSync(file, `${file}.1`);
      // One line per record: a message can not forge a second one.
      appendFileSync(file, `${new Date(this.now()).toISOString()} ${level.toUpperCase()} ${message.replace(/[\r\n]+/g, ' ')}\n`, { mode: 0o600 });
    } catch {
      // A full or read-only disk must not take the caller down with it; the event log still works.
    }
  }

  /** A logger bound to one subsystem. */
  for(subsystem: DebugSubsystem): SubsystemLog {
    return Object.assign((level: SyslogLevel, message: string) => this.write(subsystem, level, message), { debugOn: () => this.debugOn(subsystem) });
  }

  files(): string[] {
    return readdirSync(this.dir).filter((f) => f.endsWith('.log') || f.endsWith('.log.1'));
  }

  clear(): void {
    for (const f of this.files()) rmSync(join(this.dir, f), { force: true });
  }
}
