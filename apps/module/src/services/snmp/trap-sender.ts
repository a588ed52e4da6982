/**
 * Traps (v2c) to targets 1–4 on meter system events and alarms (002 §3.8, §5.7). They are
 * buffered: the buffer is sent when it holds reportBufferSize traps or reportHoldTime seconds
 * after its first one, whichever comes first; 0 for either sends each trap at once.
 */
import { meterEventTexts, type MeterEventKey, type SnmpConfig } from '@meter/contract';
import snmp, { type Varbind } from './net-snmp.ts';
import type { SubsystemLog } from '../../subsystem-log.ts';
import type { AlarmEntry } from '../logs/alarm-log.ts';
import { ALARM_OBJECT_OIDS, ALARM_TRAP_OID, EVENT_NAME_OID, EVENT_TIME_OID, SYSTEM_EVENT_TRAP_OID } from './oid-table.ts';

interface Pending {
  oid: string;
  varbinds: Varbind[];
}

const eventTime = (atMs: number): Varbind => ({ oid: EVENT_TIME_OID, type: snmp.ObjectType.Unsigned32, value: Math.floor(atMs / 1000) });
const text = (oid: string, value: string | number): Varbind => ({ oid, type: snmp.ObjectType.OctetString, value: String(value) });

export class TrapSender {
  private buffer: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: SnmpConfig,
    private readonly trapPort: number,
    private readonly log: SubsystemLog,
  ) {}

  private get targets(): string[] {
    const t = this.config.trapConfig;
    return [t.target1, t.target2, t.target3, t.target4].filter((x) => x !== '');
  }

  push(event: MeterEventKey, atMs: number): void {
    this.enqueue({ oid: SYSTEM_EVENT_TRAP_OID, varbinds: [text(EVENT_NAME_OID, meterEventTexts[event]), eventTime(atMs)] });
  }

  /** An alarm limit triggered or recovered, as the Alarm Log writes it. */
  alarm(e: AlarmEntry): void {
    const o = ALARM_OBJECT_OIDS;
    this.enqueue({
      oid: ALARM_TRAP_OID,
      varbinds: [
        { oid: o.id, type: snmp.ObjectType.Integer, value: e.alarmId },
        text(o.parameter, e.parameter),
        text(o.condition, e.condition),
        text(o.setPoint, e.setPoint),
        text(o.value, e.value),
        text(o.status, e.status),
        eventTime(e.atMs),
      ],
    });
  }

  private enqueue(trap: Pending): void {
    const t = this.config.trapConfig;
    if (this.config.enable !== 1 || t.enable !== 1 || this.targets.length === 0) return;
    this.buffer.push(trap);
    if (t.reportBufferSize === 0 || t.reportHoldTime === 0 || this.buffer.length >= t.reportBufferSize) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), t.reportHoldTime * 1000);
      this.timer.unref();
    }
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const traps = this.buffer;
    this.buffer = [];
    if (traps.length === 0) return;
    for (const target of this.targets) {
      const session = snmp.createSession(target, this.config.readOnlyCommunity, { version: snmp.Version2c, trapPort: this.trapPort, transport: target.includes(':') ? 'udp6' : 'udp4' });
      session.on('error', (e: Error) => {
        this.log('warning', `trap to ${target}:${this.trapPort} failed: ${e.message}`);
        session.close();
      });
      let left = traps.length;
      for (const trap of traps) {
        session.trap(trap.oid, trap.varbinds, (e: Error | null) => {
          if (e) this.log('warning', `trap ${trap.oid} to ${target}:${this.trapPort} failed: ${e.message}`);
          else if (this.log.debugOn()) this.log('debug', `trap ${trap.oid} sent to ${target}:${this.trapPort}`);
          if (--left === 0) session.close();
        });
      }
    }
  }

  /** Held events go out before the agent stops (a reboot must not swallow them). */
  close(): void {
    this.flush();
  }
}
