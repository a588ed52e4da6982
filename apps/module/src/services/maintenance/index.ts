/**
 * Maintenance (002 §2.11, §2.12): the resets, factory reset, SSH, the system log and its debug
 * switches, the diagnostic file. The two settings sections (sshConfig, syslogConfig) are backed
 * here, so saving them acts at once: the SSH server starts or stops, the loggers change level.
 */
import { CLEAR_DEVICE_RUN_TIME, DEBUG_LOG_OFF, sshSection, syslogConfigAll, syslogSection, type SealStatus, type SshConfig, type SyslogConfig } from '@meter/contract';
import type { ModuleContext } from '../../context.ts';
import type { MeterRegisters } from '../../meter/registers/meter-registers.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { AlarmLog } from '../logs/alarm-log.ts';
import { csvLine } from '../logs/csv.ts';
import type { MeterEventLog } from '../logs/meter-event-log.ts';
import type { SectionBackend } from '../sections/section-backend.ts';
import type { SectionService } from '../sections/section-service.ts';
import { DiagnosticFiles } from './diagnostic-file.ts';
import { markFactoryReset } from './factory-reset.ts';
import { ReadingsReset } from './readings-reset.ts';
import { SshServer } from './ssh-server.ts';
import { SystemLog } from './system-log.ts';

export { applyPendingFactoryReset } from './factory-reset.ts';
export { SystemLog } from './system-log.ts';

export interface MaintenanceDeps {
  ctx: ModuleContext;
  device: DeviceService;
  registers: MeterRegisters;
  alarms: AlarmLog;
  events: ModuleEventLog;
  meterEvents: MeterEventLog;
  sections: SectionService;
  systemLog: SystemLog;
  /** The meter's optional seal of the run time reset (settings/meter optionalSealConfig.deviceRunTime). */
  runTimeSeal: () => number;
  /** Every settings section as its GET shows it (secrets blank), for the diagnostic file. */
  configuration: () => Record<string, unknown>;
}

const KV_SSH = 'section.' + sshSection.key;
const KV_SYSLOG = 'section.' + syslogSection.key;

export class MaintenanceService {
  readonly resets: ReadingsReset;
  readonly ssh: SshServer;
  readonly diagnostics: DiagnosticFiles;
  readonly systemLog: SystemLog;

  constructor(private readonly d: MaintenanceDeps) {
    const { ctx } = d;
    this.systemLog = d.systemLog;
    this.resets = new ReadingsReset({ ...d, seal: () => this.sealStatus(), now: ctx.now });
    const common = d.systemLog.for('Common');
    this.ssh = new SshServer({
      dataDir: ctx.config.dataDir,
      host: ctx.config.host,
      port: ctx.config.sshPort,
      authorizedKeys: ctx.config.sshAuthorizedKeys,
      log: (level, message) => {
        common(level, message);
        if (level !== 'debug') d.events.write(level === 'error' ? 'Error' : 'Info', message);
      },
    });
    this.diagnostics = new DiagnosticFiles(ctx.config.dataDir, {
      serialNumber: () => d.device.identity().meterSerialNumber,
      eventLogCsv: () =>
        csvLine(['Timestamp', 'Level', 'Message']) +
        d.events
          .all()
          .map((e) => csvLine([new Date(e.timestamp * 1000).toISOString(), e.level, e.message]))
          .join(''),
      syslogDir: d.systemLog.dir,
      syslogFiles: () => d.systemLog.files(),
      configuration: d.configuration,
      versions: () => d.device.deviceInfo(),
      now: ctx.now,
    });
    d.systemLog.configure(ctx.kv.getOrInit<SyslogConfig>(KV_SYSLOG, () => syslogConfigAll(DEBUG_LOG_OFF)));
    d.sections.register(syslogSection, this.syslogBackend());
    d.sections.register(sshSection, this.sshBackend());
  }

  /** At start: the SSH server as the saved setting says (not awaited: the API must not wait for sshd). */
  start(): void {
    if (this.d.ctx.kv.get<SshConfig>(KV_SSH)?.enable === 1) void this.ssh.apply(true);
  }

  sealStatus(): SealStatus {
    return { meterSealStatus: this.d.device.state().sealStatus, [CLEAR_DEVICE_RUN_TIME]: this.d.runTimeSeal() };
  }

  factoryReset(userName: string): void {
    this.d.events.write('Critical', `Factory reset requested by ${userName}`, userName);
    this.d.systemLog.write('App Supervisor', 'info', `factory reset requested by ${userName}`);
    markFactoryReset(this.d.ctx.kv);
    this.d.ctx.requestReboot();
  }

  clearSystemLog(userName: string): void {
    this.d.systemLog.clear();
    this.d.events.write('Info', `System log cleared by ${userName}`, userName);
  }

  private syslogBackend(): SectionBackend<SyslogConfig> {
    const kv = this.d.ctx.kv;
    return {
      read: () => kv.getOrInit<SyslogConfig>(KV_SYSLOG, () => syslogConfigAll(DEBUG_LOG_OFF)),
      write: (next, before, w) => {
        kv.set(KV_SYSLOG, next);
        this.d.systemLog.configure(next);
        w.onRollback(() => this.d.systemLog.configure(before));
      },
    };
  }

  private sshBackend(): SectionBackend<SshConfig> {
    const kv = this.d.ctx.kv;
    return {
      read: () => kv.getOrInit<SshConfig>(KV_SSH, () => ({ enable: 0 })),
      write: (next, _before, w) => {
        kv.set(KV_SSH, next);
        // sshd follows the setting once it is committed; a rolled-back save leaves it alone.
        let committed = true;
        w.onRollback(() => (committed = false));
        setImmediate(() => {
          if (committed) void this.ssh.apply(next.enable === 1);
        });
      },
    };
  }

  close(): Promise<void> {
    return this.ssh.close();
  }
}
