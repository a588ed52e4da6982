/**
 * The alarm log (001 §2 Alarm Log). The alarm engine calls record() when an alarm limit
 * (#1 to #10) triggers and when it recovers; the API lists the records newest first with
 * Timestamp as the last key (the console moves it to the front).
 */
import { ALARM_STATUSES, type AlarmRecord } from '@meter/contract';
import type { Db } from '../../store/db.ts';
import { trimTo } from './log-window.ts';

/** Bounded like the meter's alarm memory; Management's "reset alarm record" empties it. */
export const MAX_ALARM_RECORDS = 1000;

export interface AlarmEntry {
  /** Alarm limit number, 1 to 10. */
  alarmId: number;
  /** Display name of the monitored parameter, e.g. 'Phase A Voltage'. */
  parameter: string;
  condition: AlarmRecord['Condition'];
  setPoint: number | string;
  value: number | string;
  status: AlarmRecord['Status'];
  atMs: number;
}

interface Row {
  timestamp: number;
  alarm_id: number;
  parameter: string;
  condition: AlarmRecord['Condition'];
  set_point: number | string;
  value: number | string;
  status: AlarmRecord['Status'];
}

export class AlarmLog {
  private readonly insert;
  private readonly listeners: ((e: AlarmEntry) => void)[] = [];
  constructor(private readonly db: Db) {
    this.insert = db.prepare('INSERT INTO alarm_log (timestamp, alarm_id, parameter, condition, set_point, value, status) VALUES (?, ?, ?, ?, ?, ?, ?)');
  }

  record(e: AlarmEntry): void {
    if (!Number.isInteger(e.alarmId) || e.alarmId < 1 || e.alarmId > 10) throw new RangeError(`alarm id ${e.alarmId}`);
    if (!ALARM_STATUSES.includes(e.status)) throw new RangeError(`alarm status ${e.status}`);
    this.db.transaction(() => {
      this.insert.run(Math.floor(e.atMs / 1000), e.alarmId, e.parameter, e.condition, e.setPoint, e.value, e.status);
      trimTo(this.db, 'alarm_log', MAX_ALARM_RECORDS);
    })();
    for (const l of this.listeners) l(e);
  }

  /** Called for every recorded alarm once it is stored (the SNMP traps). */
  onRecord(listener: (e: AlarmEntry) => void): void {
    this.listeners.push(listener);
  }

  /** Newest first; the key order is the contract's ALARM_RECORD_KEYS (Timestamp last). */
  list(): AlarmRecord[] {
    const rows = this.db.prepare('SELECT * FROM alarm_log ORDER BY timestamp DESC, id DESC').all() as Row[];
    return rows.map((r) => ({
      Alarm: r.alarm_id,
      Parameter: r.parameter,
      Condition: r.condition,
      Setpoint: r.set_point,
      Value: r.value,
      Status: r.status,
      Timestamp: r.timestamp,
    }));
  }

  clear(): void {
    this.db.prepare('DELETE FROM alarm_log').run();
  }
}
