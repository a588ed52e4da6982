/**
 * The meter settings (001: General, Alarm, I/O and Event, User and CT, the meter password) and
 * what they drive: the relay outputs, the alarm limits and the system events, every second.
 */
import { meterSettingsTexts as t, type AnySection, type MeterContext } from '@meter/contract';
import { badRequest } from '../../errors.ts';
import type { ModuleContext } from '../../context.ts';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { MeterRegisters } from '../../meter/registers/meter-registers.ts';
import type { SecondTicker } from '../clock/second-ticker.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { AlarmLog } from '../logs/alarm-log.ts';
import type { MeterEventLog } from '../logs/meter-event-log.ts';
import { AlarmEngine } from './alarm-engine.ts';
import type { SectionBackend } from '../sections/section-backend.ts';
import type { SecretThrottle } from '../throttle/secret-throttle.ts';
import { MeterPassword } from './meter-password.ts';
import { readContext } from './read.ts';
import { RelayController } from './relay-control.ts';
import { type SaveDeps, meterSectionBackends } from './save.ts';
import { MeterSettingsStore } from './store.ts';
import { SystemEvents } from './system-events.ts';

/** The meter password is one account: its failures count together from every source and user. */
const METER_PASSWORD_KEY = 'meter';

export { RelayController } from './relay-control.ts';
export { AlarmEngine } from './alarm-engine.ts';

export interface MeterSettingsDeps {
  ctx: ModuleContext;
  device: DeviceService;
  meter: ReadingSource;
  registers: MeterRegisters;
  events: ModuleEventLog;
  meterEvents: MeterEventLog;
  alarms: AlarmLog;
  /** Failed meter password checks count with every other secret check of the source. */
  throttle: SecretThrottle;
}

export class MeterSettingsService {
  readonly relays: RelayController;
  readonly alarmEngine: AlarmEngine;
  private readonly systemEvents: SystemEvents;
  private readonly password: MeterPassword;
  private readonly d: SaveDeps & Pick<MeterSettingsDeps, 'ctx' | 'events' | 'throttle'>;

  constructor(deps: MeterSettingsDeps) {
    const store = new MeterSettingsStore(deps.ctx.kv, deps.device.identity().meterModel);
    this.relays = new RelayController(deps.registers, deps.ctx.kv, () => store.relaySettings());
    const wiring = () => ({ wiringType: deps.device.state().wiringType, mcStatus: deps.device.state().mcStatus });
    this.alarmEngine = new AlarmEngine({ ...deps, relays: this.relays, kv: deps.ctx.kv, config: () => store.get('alarm'), wiring });
    this.systemEvents = new SystemEvents({ ...deps, relays: this.relays, events: () => store.get('io').systemEventAlarm, diSync: () => store.get('general') });
    this.password = new MeterPassword(deps.ctx.kv);
    this.d = { ...deps, store, relays: this.relays, engine: this.alarmEngine };
  }

  /** Runs every second after the registers: system events, alarm limits, then relay timing. */
  subscribe(ticker: SecondTicker): () => void {
    return ticker.subscribe((now) => {
      this.systemEvents.tick(now);
      this.alarmEngine.tick(now);
      this.relays.tick(now);
    });
  }

  /** The device context the sections' rules are built under, as the device stands now. */
  context(): MeterContext {
    return readContext(this.d);
  }

  /** General, Alarm, I/O and Event, User and CT: backends of the generic section store. */
  sectionBackends(): Array<[AnySection, SectionBackend<object, MeterContext>]> {
    return meterSectionBackends(this.d);
  }

  /** 'Password updated', or 400 'Current password incorrect' (001 §8). */
  async changePassword(current: string, next: string, user: string): Promise<void> {
    this.d.throttle.begin(METER_PASSWORD_KEY);
    const changed = await this.password.change(current, next);
    if (changed) this.d.throttle.succeeded(METER_PASSWORD_KEY);
    else {
      this.d.events.write('Error', t.passwordRefusedEvent(user), user);
      throw badRequest(t.currentPasswordIncorrect, { oldPassword: t.currentPasswordIncorrect });
    }
    this.d.ctx.db.transaction(() => {
      this.d.events.write('Info', t.passwordChangedEvent(user), user);
      this.d.meterEvents.write('modifySysParam', this.d.ctx.now());
    })();
  }
}
