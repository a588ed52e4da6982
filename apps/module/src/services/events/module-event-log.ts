import type { Db } from '../../store/db.ts';

/** Levels of the Module Event Log filter (001 §2). */
export type EventLevel = 'Critical' | 'Error' | 'Info';

/** The module's own audit trail: sign-ins, lockouts, saves, reboots, resets. */
export class ModuleEventLog {
  private readonly insert;
  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.insert = db.prepare('INSERT INTO module_event_log (timestamp, level, message) VALUES (?, ?, ?)');
  }
  write(level: EventLevel, message: string): void {
    this.insert.run(Math.floor(this.now() / 1000), level, message);
  }
}
