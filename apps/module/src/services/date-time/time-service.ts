/**
 * Date and time (001 §3 "NTP config"): the NTP section's backend, the SNTP synchronisation (on
 * enable, on Sync, every hour; servers in order, 5 s each) and the manual time. Every step of the
 * device clock is a meter 'Meter clock set' event; a step over a minute ends every session, as the
 * console expects ("Re-login required due to time changed").
 */
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import { dateTimeTexts, isoWithOffset, ntpSection, type NtpConfig } from '@meter/contract';
import type { SectionBackend } from '../sections/section-backend.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { MeterEventLog } from '../logs/meter-event-log.ts';
import type { KeyValueStore } from '../../store/db.ts';
import { badRequest } from '../../errors.ts';
import type { DeviceClock } from './device-clock.ts';
import { sntpQuery } from './sntp-client.ts';

const CONFIG_KEY = 'ntp.config';
/** A step larger than this ends every session (the console's re-login rule). */
export const RELOGIN_STEP_MS = 60_000;
export const SYNC_INTERVAL_MS = 3600_000;
export const SERVER_TIMEOUT_MS = 5000;

type StoredNtp = Omit<NtpConfig, 'timeZone'>;

const defaults = (): StoredNtp => ({ enable: 0, ntpServer1: 'pool.ntp.org', ntpServer2: '', ntpServer3: '', lastUpdateTimestamp: 0 });

export interface TimeServiceDeps {
  kv: KeyValueStore;
  clock: DeviceClock;
  device: DeviceService;
  events: ModuleEventLog;
  meterEvents: MeterEventLog;
  /** Ends every session (a big clock step). */
  endSessions: () => void;
  ntpPort: number;
  serverTimeoutMs?: number;
  /** The Time configurator subsystem of the system log: zone, NTP, clock steps; at debug each query. */
  syslog?: SubsystemLog;
}

export interface TimeChange {
  /** Whether the step ended the sessions. */
  relogin: boolean;
  stepMs: number;
}

export class TimeService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<TimeChange> | undefined;
  private readonly log: SubsystemLog;

  constructor(private readonly d: TimeServiceDeps) {
    this.log = d.syslog ?? NO_SYSLOG;
  }

  private ntpState(cfg: NtpConfig): string {
    const servers = [cfg.ntpServer1, cfg.ntpServer2, cfg.ntpServer3].filter((x) => x.trim() !== '');
    return cfg.enable === 1 ? `NTP on (servers ${servers.join(', ') || 'none'}, UDP port ${this.d.ntpPort}, hourly)` : 'NTP off (clock set by hand)';
  }

  config(): NtpConfig {
    const stored = this.d.kv.getOrInit<StoredNtp>(CONFIG_KEY, defaults);
    return { ...stored, timeZone: this.d.device.state().timeZone };
  }

  /** The section's backend: the zone lives in the device state (every consumer reads it there). */
  backend(): [typeof ntpSection, SectionBackend<NtpConfig>] {
    return [
      ntpSection,
      {
        read: () => this.config(),
        write: (next, before) => {
          const { timeZone, ...stored } = next;
          this.d.kv.set(CONFIG_KEY, stored);
          if (timeZone !== before.timeZone) {
            this.d.device.updateState({ timeZone });
            this.log('info', `time zone changed from ${before.timeZone} to ${timeZone}`);
          }
          if (this.ntpState(next) !== this.ntpState(before)) this.log('info', `time settings changed: ${this.ntpState(next)}`);
          // Turned on: synchronise now, after the save's transaction (the sync reads the saved servers).
          if (next.enable === 1 && before.enable !== 1) setImmediate(() => void this.sync().catch(() => undefined));
        },
      },
    ];
  }

  /** Starts the hourly synchronisation (and a first one when NTP is on). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.config().enable === 1) void this.sync().catch(() => undefined);
    }, SYNC_INTERVAL_MS);
    this.timer.unref();
    const cfg = this.config();
    this.log('info', `time zone ${cfg.timeZone}, ${this.ntpState(cfg)}`);
    if (cfg.enable === 1) void this.sync().catch(() => undefined);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  now(): number {
    return this.d.clock.now();
  }

  /** Queries the servers in order until one answers; one sync at a time (a second caller shares it). */
  sync(actor?: string): Promise<TimeChange> {
    const cfg = this.config();
    if (cfg.enable !== 1) return Promise.reject(badRequest(dateTimeTexts.ntpDisabled));
    this.running ??= this.runSync(cfg, actor).finally(() => (this.running = undefined));
    return this.running;
  }

  private async runSync(cfg: NtpConfig, actor: string | undefined): Promise<TimeChange> {
    const servers = [cfg.ntpServer1, cfg.ntpServer2, cfg.ntpServer3].map((s) => s.trim()).filter((s) => s !== '');
    for (const server of servers) {
      try {
        if (this.log.debugOn()) this.log('debug', `SNTP query to ${server}:${this.d.ntpPort}${actor ? ` (Sync by ${actor})` : ''}`);
        const r = await sntpQuery(server, this.d.ntpPort, this.d.serverTimeoutMs ?? SERVER_TIMEOUT_MS, () => this.d.clock.host());
        if (this.log.debugOn()) this.log('debug', `SNTP reply from ${r.address}: stratum ${r.stratum}, offset ${r.offsetMs.toFixed(1)} ms, round trip ${r.roundTripMs.toFixed(1)} ms`);
        const change = this.step(() => this.d.clock.setOffset(Math.round(r.offsetMs)), actor);
        const stored = this.d.kv.getOrInit<StoredNtp>(CONFIG_KEY, defaults);
        this.d.kv.set(CONFIG_KEY, { ...stored, lastUpdateTimestamp: Math.floor(this.d.clock.now() / 1000) });
        this.d.events.write('Info', dateTimeTexts.syncedFrom(server, r.offsetMs / 1000));
        this.log('info', dateTimeTexts.syncedFrom(server, r.offsetMs / 1000));
        return change;
      } catch (err) {
        const message = dateTimeTexts.serverFailed(server, err instanceof Error ? err.message : String(err));
        this.d.events.write('Error', message);
        this.log('warning', message);
      }
    }
    this.log('error', `NTP synchronisation failed: ${dateTimeTexts.noServerAnswered}`);
    throw badRequest(dateTimeTexts.noServerAnswered);
  }

  /** Sets the device clock by hand (setMeterTime). */
  setTime(unixSeconds: number, actor: string): TimeChange {
    const zone = this.d.device.state().timeZone;
    const from = isoWithOffset(zone, Math.floor(this.d.clock.now() / 1000));
    const change = this.step(() => this.d.clock.setTo(unixSeconds * 1000), actor);
    this.d.events.write('Info', dateTimeTexts.timeSetBy(actor, from, isoWithOffset(zone, unixSeconds)), actor);
    this.log('info', dateTimeTexts.timeSetBy(actor, from, isoWithOffset(zone, unixSeconds)));
    return change;
  }

  private step(move: () => number, actor: string | undefined): TimeChange {
    const stepMs = move();
    if (Math.abs(stepMs) >= 1000) this.log('info', `device clock stepped by ${(stepMs / 1000).toFixed(3)} s`);
    if (Math.abs(stepMs) >= 1000) this.d.meterEvents.write('setClk', this.d.clock.now());
    const relogin = Math.abs(stepMs) > RELOGIN_STEP_MS;
    if (relogin) {
      this.d.endSessions();
      this.d.events.write('Info', dateTimeTexts.sessionsEnded + (actor ? ` (${actor})` : ''));
    }
    return { relogin, stepMs };
  }
}
