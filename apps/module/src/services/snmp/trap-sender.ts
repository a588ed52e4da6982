/**
 * Traps (v2c) to targets 1–4 on meter system events (002 §3.8, §5.7). Events are buffered: the
 * buffer is sent when it holds reportBufferSize events or reportHoldTime seconds after its
 * first one, whichever comes first; 0 for either sends each event at once.
 */
import { meterEventTexts, type MeterEventKey, type SnmpConfig } from '@meter/contract';
import snmp from './net-snmp.ts';
import { EVENT_NAME_OID, EVENT_TIME_OID, SYSTEM_EVENT_TRAP_OID } from './oid-table.ts';

interface Pending {
  event: MeterEventKey;
  atMs: number;
}

export class TrapSender {
  private buffer: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: SnmpConfig,
    private readonly trapPort: number,
  ) {}

  private get targets(): string[] {
    const t = this.config.trapConfig;
    return [t.target1, t.target2, t.target3, t.target4].filter((x) => x !== '');
  }

  push(event: MeterEventKey, atMs: number): void {
    const t = this.config.trapConfig;
    if (this.config.enable !== 1 || t.enable !== 1 || this.targets.length === 0) return;
    this.buffer.push({ event, atMs });
    if (t.reportBufferSize === 0 || t.reportHoldTime === 0 || this.buffer.length >= t.reportBufferSize) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), t.reportHoldTime * 1000);
      this.timer.unref();
    }
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const events = this.buffer;
    this.buffer = [];
    if (events.length === 0) return;
    for (const target of this.targets) {
      const session = snmp.createSession(target, this.config.readOnlyCommunity, { version: snmp.Version2c, trapPort: this.trapPort, transport: target.includes(':') ? 'udp6' : 'udp4' });
      session.on('error', () => session.close());
      let left = events.length;
      for (const e of events) {
        const varbinds = [
          { oid: EVENT_NAME_OID, type: snmp.ObjectType.OctetString, value: meterEventTexts[e.event] },
          { oid: EVENT_TIME_OID, type: snmp.ObjectType.Unsigned32, value: Math.floor(e.atMs / 1000) },
        ];
        session.trap(SYSTEM_EVENT_TRAP_OID, varbinds, () => {
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
