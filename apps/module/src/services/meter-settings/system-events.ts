/**
 * The meter's system events as the I/O settings configure them (001 §3 systemEventAlarm): an
 * event is recorded in the meter event log only if enabled there, and then drives its output
 * relay (0 Relay 1, 1 Relay 2; the relay reacts only when its RO type is Alarm).
 * Watched here every second: reversePower (system active power turns negative) and diSyncDemand
 * (the DI Synchronous Demand source's edge matches the DI trigger: rising, falling or changing).
 * Others are written by whoever causes them (modifySysParam by a settings save, setClk and restart
 * by the clock watch).
 */
import { DI_TRIGGER, type MeterEventKey } from '@meter/contract';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { MeterEventLog } from '../logs/meter-event-log.ts';
import type { RelayController } from './relay-control.ts';

export interface SystemEventDeps {
  meter: ReadingSource;
  meterEvents: MeterEventLog;
  relays: RelayController;
  events: () => Record<MeterEventKey, { enable: number; output: number }>;
  /** General settings: DI trigger condition and sync source. */
  diSync: () => { diTriggerCondition: number; diSyncSource: number };
}

/** Whether a DI edge from `before` to `after` is what the trigger condition waits for. */
export function diTriggered(trigger: number, before: 0 | 1, after: 0 | 1): boolean {
  if (before === after) return false;
  if (trigger === DI_TRIGGER.rising) return after === 1;
  if (trigger === DI_TRIGGER.falling) return after === 0;
  return trigger === DI_TRIGGER.changing;
}

export class SystemEvents {
  private lastP: number | undefined;
  private lastDi: { di: number; status: 0 | 1 } | undefined;

  constructor(private readonly d: SystemEventDeps) {
    d.meterEvents.setGate((e) => d.events()[e]?.enable === 1);
    d.meterEvents.onWrite((e, at) => {
      const output = d.events()[e]?.output;
      d.relays.event(output === 1 ? 2 : 1, at);
    });
  }

  /** Ticker listener: the events the meter sees in its own values. */
  tick(now: number): void {
    const events = this.d.events();
    if (events.reversePower?.enable === 1) {
      const p = this.d.meter.snapshot(now).system.p;
      if (this.lastP !== undefined && this.lastP >= 0 && p < 0) this.d.meterEvents.write('reversePower', now);
      this.lastP = p;
    } else this.lastP = undefined;

    const { diTriggerCondition, diSyncSource } = this.d.diSync();
    if (diTriggerCondition === DI_TRIGGER.none) {
      this.lastDi = undefined;
      return;
    }
    const status = this.d.meter.digitalInputs(now)[diSyncSource - 1]?.status;
    if (status === undefined) return;
    if (this.lastDi?.di === diSyncSource && diTriggered(diTriggerCondition, this.lastDi.status, status)) this.d.meterEvents.write('diSyncDemand', now);
    this.lastDi = { di: diSyncSource, status };
  }
}
