/**
 * The meter's system event log (001 §3: restart, diSyncDemand, … resetDiPulseCounter). Whoever
 * causes or sees an event calls write(); the texts shown come from the contract's meterEventTexts.
 * The module writes 'restart' itself on the first start of a data folder and whenever the meter
 * clock steps: from the module's side a meter that restarted and a clock that jumped look the
 * same (a gap in the meter's time), and the meter reports a restart when it comes back.
 */
import { METER_EVENT_KEYS, meterEventTexts, type LogQuery, type MeterEventKey, type MeterEventPage, type MeterEventRecord } from '@meter/contract';
import type { Db, KeyValueStore } from '../../store/db.ts';
import type { SecondTicker } from '../clock/second-ticker.ts';
import { readWindow, trimTo } from './log-window.ts';

/** The meter keeps its newest events only, like the device's fixed event memory. */
export const MAX_METER_EVENTS = 1000;
/** Ticks are whole seconds and may run late by a busy event loop: only a larger jump is a step. */
export const CLOCK_STEP_MS = 5000;
const FIRST_START_KEY = 'meterEvents.firstStartRecorded';

interface Row {
  event: string;
  timestamp: number;
}

const textOf = (event: string) => meterEventTexts[event as MeterEventKey] ?? event;
const record = (r: Row): MeterEventRecord => ({ Event: textOf(r.event), Timestamp: r.timestamp });

export class MeterEventLog {
  private readonly insert;
  private last: { wall: number; mono: number } | undefined;
  private stepExpected = false;
  /** The I/O settings' systemEventAlarm: an event not enabled there is not recorded. */
  private gate: (event: MeterEventKey) => boolean = () => true;
  private readonly listeners: Array<(event: MeterEventKey, atMs: number) => void> = [];

  constructor(
    private readonly db: Db,
    kv: KeyValueStore,
    now: () => number,
    private readonly monotonic: () => number = () => performance.now(),
  ) {
    this.insert = db.prepare('INSERT INTO meter_event_log (timestamp, event) VALUES (?, ?)');
    if (!kv.get<boolean>(FIRST_START_KEY)) {
      this.write('restart', now());
      kv.set(FIRST_START_KEY, true);
    }
  }

  /** Records an event if the settings enable it; returns whether it was recorded. */
  write(event: MeterEventKey, atMs: number): boolean {
    if (!(METER_EVENT_KEYS as readonly string[]).includes(event)) throw new RangeError(`unknown meter event ${event}`);
    // A clock set on purpose is its own event: the jump it causes is not a restart.
    if (event === 'setClk') this.stepExpected = true;
    if (!this.gate(event)) return false;
    this.db.transaction(() => {
      this.insert.run(Math.floor(atMs / 1000), event);
      trimTo(this.db, 'meter_event_log', MAX_METER_EVENTS);
      for (const l of this.listeners) l(event, atMs);
    })();
    return true;
  }

  /** Which events are recorded (the I/O settings' systemEventAlarm enable). */
  setGate(gate: (event: MeterEventKey) => boolean): void {
    this.gate = gate;
  }

  /** Called for every recorded event, inside its transaction (the system event alarm's relay output). */
  onWrite(listener: (event: MeterEventKey, atMs: number) => void): void {
    this.listeners.push(listener);
  }

  /** The Event Log tab: every record, newest first. */
  list(): MeterEventRecord[] {
    return (this.db.prepare('SELECT event, timestamp FROM meter_event_log ORDER BY timestamp DESC, id DESC').all() as Row[]).map(record);
  }

  /** The maintenance page: a window of the filtered rows and their count. */
  page(q: LogQuery): MeterEventPage {
    const { count, rows } = readWindow<Row>(this.db, 'meter_event_log', 'event, timestamp', { ...q, levels: [] });
    return { count, eventLogs: rows.map(record) };
  }

  /** Everything, oldest first (the export). */
  all(): MeterEventRecord[] {
    return (this.db.prepare('SELECT event, timestamp FROM meter_event_log ORDER BY timestamp, id').all() as Row[]).map(record);
  }

  clear(): void {
    this.db.prepare('DELETE FROM meter_event_log').run();
  }

  /** Compares each tick's meter time with the monotonic clock; a difference is a step. */
  watchClock(ticker: SecondTicker): () => void {
    return ticker.subscribe((nowMs) => {
      const mono = this.monotonic();
      if (this.last && !this.stepExpected) {
        const drift = nowMs - this.last.wall - (mono - this.last.mono);
        if (Math.abs(drift) > CLOCK_STEP_MS) this.write('restart', nowMs);
      }
      this.stepExpected = false;
      this.last = { wall: nowMs, mono };
    });
  }
}
