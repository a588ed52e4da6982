import type { ModuleEventLogQuery, ModuleEventLogReply } from '@meter/contract';
import { readWindow } from '../logs/log-window.ts';
import type { Db } from '../../store/db.ts';

/** Levels of the Module Event Log filter (001 §2). */
export type EventLevel = 'Critical' | 'Error' | 'Info';

export interface ModuleEventRow {
  level: EventLevel;
  message: string;
  timestamp: number;
  /** Whose action it records; '' for the module's own. */
  user: string;
}

/** The module's own audit trail: sign-ins, lockouts, saves, reboots, resets. */
export class ModuleEventLog {
  private readonly insert;
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.insert = db.prepare('INSERT INTO module_event_log (timestamp, level, message, user) VALUES (?, ?, ?, ?)');
  }
  /** `user`: who did what the entry records (the audit trail's filter); none for the module's own doings. */
  write(level: EventLevel, message: string, user = ''): void {
    this.insert.run(Math.floor(this.now() / 1000), level, message, user);
  }

  /** 001 §7 eventLog: the rows the filter matches, newest first, in the asked window. */
  query(q: ModuleEventLogQuery): ModuleEventLogReply {
    const { count, rows } = readWindow<ModuleEventRow>(this.db, 'module_event_log', 'level, message, timestamp, user', q);
    return { count, eventLogs: rows };
  }

  /** Everything, oldest first (the export). */
  all(): ModuleEventRow[] {
    return this.db.prepare('SELECT level, message, timestamp, user FROM module_event_log ORDER BY timestamp, id').all() as ModuleEventRow[];
  }

  /** Empties the log; the one entry left says who did it, so a clear is never silent. */
  clear(actor: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM module_event_log').run();
      this.write('Info', `Module event log cleared by ${actor}`, actor);
    })();
  }
}
