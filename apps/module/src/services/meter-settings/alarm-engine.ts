/**
 * The meter's alarm limits (001 §2 Meter Alarm settings, §3 Alarm config), evaluated every second
 * on live values. A limit triggers when its condition has held for its delay (ms) and recovers when
 * it has not held for its delay; both are written to the alarm log and drive the limit's relay
 * output. '=' compares the value rounded to a whole percent (a Digital Input: its state).
 * Saving the alarm settings ends every active limit that changed or was disabled (Recovered), as
 * the condition it watched no longer exists. Active limits are kept in the kv, so a restart does
 * not trigger them again.
 */
import { ALARM_CHANNEL_TYPE, ALARM_IDS, ALARM_SETTING_SIGNS, alarmParameter, sameValue, type AlarmConfig, type AlarmLimit } from '@meter/contract';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { AlarmLog } from '../logs/alarm-log.ts';
import type { KeyValueStore } from '../../store/db.ts';
import { readAlarmValue, type AlarmEnv } from './alarm-values.ts';
import type { RelayController, RelayNo } from './relay-control.ts';

interface LimitState {
  active: boolean;
  /** Since when the condition has disagreed with `active` (ms), or null. */
  pendingSince: number | null;
}
const KEY = 'meterSettings.alarmState';

export interface AlarmEngineDeps {
  meter: ReadingSource;
  alarms: AlarmLog;
  relays: RelayController;
  kv: KeyValueStore;
  config: () => AlarmConfig;
  /** The meter's wiring value and module status (parameter lists depend on them). */
  wiring: () => { wiringType: number; mcStatus: number };
}

export class AlarmEngine {
  private state: Record<string, LimitState>;

  constructor(private readonly d: AlarmEngineDeps) {
    this.state = d.kv.get<Record<string, LimitState>>(KEY) ?? {};
  }

  private limitState(key: string): LimitState {
    return (this.state[key] ??= { active: false, pendingSince: null });
  }

  private describe(limit: AlarmLimit) {
    const param = alarmParameter(limit.alarmChannelType, limit.alarmChannelParam, this.d.wiring());
    const di = limit.alarmChannelType === ALARM_CHANNEL_TYPE.digitalInput;
    const show = (v: number) => (di ? (v ? 'ON' : 'OFF') : `${Math.round(v * 10) / 10}%`);
    return { param, show, condition: ALARM_SETTING_SIGNS[limit.setting] ?? '=' };
  }

  private holds(limit: AlarmLimit, value: number): boolean {
    if (limit.setting === 1) return value > limit.setPoint;
    if (limit.setting === 3) return value < limit.setPoint;
    return Math.round(value) === limit.setPoint;
  }

  private transition(n: number, limit: AlarmLimit, active: boolean, value: number | undefined, now: number): void {
    const key = ALARM_IDS[n - 1]!;
    const st = this.limitState(key);
    st.active = active;
    st.pendingSince = null;
    const { param, show, condition } = this.describe(limit);
    this.d.alarms.record({
      alarmId: n,
      parameter: param?.label ?? `Parameter ${limit.alarmChannelParam}`,
      condition,
      setPoint: show(limit.setPoint),
      value: value === undefined ? '-' : show(value),
      status: active ? 'Triggered' : 'Recovered',
      atMs: now,
    });
    if (limit.output === 1 || limit.output === 2) this.d.relays.alarm(limit.output as RelayNo, n, active, now);
  }

  private env(now: number): AlarmEnv {
    return { snapshot: this.d.meter.snapshot(now), registers: this.d.meter, config: this.d.meter.config, now };
  }

  /** Ticker listener (after the registers, so demand is up to this second). */
  tick(now: number): void {
    const cfg = this.d.config();
    if (!cfg.enable) return;
    let env: AlarmEnv | undefined;
    let changed = false;
    ALARM_IDS.forEach((key, i) => {
      const limit = cfg[key];
      if (!limit.enable) return;
      const param = alarmParameter(limit.alarmChannelType, limit.alarmChannelParam, this.d.wiring());
      env ??= this.env(now);
      // A parameter the meter cannot read now (a user channel the wiring lacks) does not hold.
      const value = param ? readAlarmValue(param.source, env) : undefined;
      const holds = value !== undefined && this.holds(limit, value);
      const st = this.limitState(key);
      if (holds === st.active) {
        if (st.pendingSince !== null) {
          st.pendingSince = null;
          changed = true;
        }
        return;
      }
      if (st.pendingSince === null) {
        st.pendingSince = now;
        changed = true;
      }
      if (now - st.pendingSince >= limit.delay) {
        this.transition(i + 1, limit, holds, value, now);
        changed = true;
      }
    });
    if (changed) this.d.kv.set(KEY, this.state);
  }

  /** After the alarm settings were saved: active limits that changed or were switched off recover. */
  reconfigured(before: AlarmConfig, now: number): void {
    const after = this.d.config();
    let env: AlarmEnv | undefined;
    ALARM_IDS.forEach((key, i) => {
      const st = this.limitState(key);
      const old = before[key];
      const kept = after.enable && after[key].enable && sameValue(old, after[key]);
      if (!kept && st.active) {
        const param = alarmParameter(old.alarmChannelType, old.alarmChannelParam, this.d.wiring());
        env ??= this.env(now);
        this.transition(i + 1, old, false, param ? readAlarmValue(param.source, env) : undefined, now);
      }
      if (!kept) st.pendingSince = null;
    });
    this.d.kv.set(KEY, this.state);
  }

  /** Limits now active (alarm ids). */
  active(): number[] {
    return ALARM_IDS.flatMap((k, i) => (this.state[k]?.active ? [i + 1] : []));
  }
}
