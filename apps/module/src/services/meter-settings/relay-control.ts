/**
 * Who drives RO1 and RO2 (001 §3 IO config: RO type, output mode, RO pulse width, RO alarm
 * output time). Decided (docs/decisions/meter-settings-rules.md):
 * - Relay Control: command/setRO drives it. Latch holds the commanded state; Momentary closes for
 *   roPulseWidth ms on an ON command and then opens by itself.
 * - Alarm: the alarm limits and the system events whose output is this relay drive it; setRO is
 *   refused. Latch: closed from a trigger while any of its alarms is active, and at least
 *   roAlarmOutputTime ms after the last trigger (an event has no duration). Momentary: closed for
 *   roPulseWidth ms after each trigger.
 * - Changing a relay's type or mode opens it (a known state for the new owner).
 * Times are checked on the second ticker, so a pulse ends at the first tick after it is due.
 * The physical state lives in the registers (readings/io); the timing here is kept in the kv.
 */
import { RO_OUTPUT_MODE, RO_TYPE } from '@meter/contract';
import type { RelayState } from '../../meter/reading-source.ts';
import type { MeterRegisters } from '../../meter/registers/meter-registers.ts';
import type { KeyValueStore } from '../../store/db.ts';
import type { IoDoc } from './defaults.ts';

export type RelayNo = 1 | 2;
export type RelaySettings = Pick<IoDoc, 'ro1Type' | 'ro2Type' | 'ro1OutputMode' | 'ro2OutputMode' | 'roPulseWidth' | 'roAlarmOutputTime'>;

interface Timing {
  /** Alarm ids (1-10) active on each relay. */
  activeAlarms: [number[], number[]];
  /** Latch alarm relays stay closed until (ms). */
  holdUntil: [number, number];
  /** Momentary relays stay closed until (ms). */
  pulseUntil: [number, number];
}

const KEY = 'meterSettings.relayTiming';
const fresh = (): Timing => ({ activeAlarms: [[], []], holdUntil: [0, 0], pulseUntil: [0, 0] });
const keyOf = (n: RelayNo) => (n === 1 ? 'ro1' : 'ro2') as keyof RelayState;
/** A relay's place in the Timing pairs. */
const slotOf = (n: RelayNo) => (n === 1 ? 0 : 1);

export class RelayController {
  private timing: Timing;

  constructor(
    private readonly registers: MeterRegisters,
    private readonly kv: KeyValueStore,
    private readonly settings: () => RelaySettings,
  ) {
    this.timing = kv.get<Timing>(KEY) ?? fresh();
  }

  private type(n: RelayNo): number {
    return n === 1 ? this.settings().ro1Type : this.settings().ro2Type;
  }
  private mode(n: RelayNo): number {
    return n === 1 ? this.settings().ro1OutputMode : this.settings().ro2OutputMode;
  }
  isAlarmOutput(n: RelayNo): boolean {
    return this.type(n) === RO_TYPE.alarm;
  }

  private persist(): void {
    this.kv.set(KEY, this.timing);
  }

  /** Sets the registers' relays to what their owners want now. */
  private apply(now: number): void {
    const cur = this.registers.relays();
    const next: RelayState = { ...cur };
    for (const n of [1, 2] as const) {
      const i = slotOf(n);
      const momentary = this.mode(n) === RO_OUTPUT_MODE.momentary;
      if (this.isAlarmOutput(n)) {
        const on = momentary ? now < this.timing.pulseUntil[i] : this.timing.activeAlarms[i].length > 0 || now < this.timing.holdUntil[i];
        next[keyOf(n)] = on ? 1 : 0;
      } else if (momentary && cur[keyOf(n)] === 1 && now >= this.timing.pulseUntil[i]) {
        next[keyOf(n)] = 0;
      }
    }
    if (next.ro1 !== cur.ro1 || next.ro2 !== cur.ro2) this.registers.setRelays(next);
  }

  /**
   * command/setRO. Returns the number of a relay the command may not change (an Alarm output
   * asked for another state), or undefined after applying it.
   */
  command(state: RelayState, now: number): RelayNo | undefined {
    const cur = this.registers.relays();
    for (const n of [1, 2] as const) if (this.isAlarmOutput(n) && state[keyOf(n)] !== cur[keyOf(n)]) return n;
    for (const n of [1, 2] as const) {
      if (!this.isAlarmOutput(n) && this.mode(n) === RO_OUTPUT_MODE.momentary && state[keyOf(n)] === 1 && cur[keyOf(n)] === 0) {
        this.timing.pulseUntil[slotOf(n)] = now + this.settings().roPulseWidth;
      }
    }
    this.persist();
    this.registers.setRelays({ ...state });
    return undefined;
  }

  /** An alarm limit with this relay as output started (true) or ended (false). */
  alarm(n: RelayNo, alarmId: number, active: boolean, now: number): void {
    const list = this.timing.activeAlarms[slotOf(n)].filter((id) => id !== alarmId);
    if (active) list.push(alarmId);
    this.timing.activeAlarms[slotOf(n)] = list;
    // Kept whatever the type, so a relay switched to Alarm later follows the active alarms.
    if (active && this.isAlarmOutput(n)) this.startHold(n, now);
    this.persist();
    this.apply(now);
  }

  /** A system event whose output is this relay happened. */
  event(n: RelayNo, now: number): void {
    // A Relay Control output belongs to setRO: an event must not shorten or stretch its pulse.
    if (!this.isAlarmOutput(n)) return;
    this.startHold(n, now);
    this.persist();
    this.apply(now);
  }

  private startHold(n: RelayNo, now: number): void {
    const s = this.settings();
    this.timing.holdUntil[slotOf(n)] = now + s.roAlarmOutputTime;
    this.timing.pulseUntil[slotOf(n)] = now + s.roPulseWidth;
  }

  /** After the I/O settings changed: a relay whose type or mode changed opens. */
  reconfigured(before: RelaySettings, now: number): void {
    const after = this.settings();
    const cur = this.registers.relays();
    const next: RelayState = { ...cur };
    for (const n of [1, 2] as const) {
      const changed =
        n === 1 ? before.ro1Type !== after.ro1Type || before.ro1OutputMode !== after.ro1OutputMode : before.ro2Type !== after.ro2Type || before.ro2OutputMode !== after.ro2OutputMode;
      if (!changed) continue;
      next[keyOf(n)] = 0;
      this.timing.holdUntil[slotOf(n)] = 0;
      this.timing.pulseUntil[slotOf(n)] = 0;
    }
    this.persist();
    if (next.ro1 !== cur.ro1 || next.ro2 !== cur.ro2) this.registers.setRelays(next);
    this.apply(now);
  }

  /** Ticker listener: ends pulses and holds. */
  tick(now: number): void {
    this.apply(now);
  }
}
