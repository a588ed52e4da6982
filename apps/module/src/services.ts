import type { ModuleContext } from './context.ts';
import type { RemoteUpdate } from './services/firmware/remote-update.ts';
import type { ReadingSource } from './meter/reading-source.ts';
import type { MeterRegisters } from './meter/registers/meter-registers.ts';
import type { CertificateStore } from './services/certificates/certificate-store.ts';
import type { SecondTicker } from './services/clock/second-ticker.ts';
import type { DeviceService } from './services/device/device-service.ts';
import type { ModuleEventLog } from './services/events/module-event-log.ts';
import type { DataLogs } from './services/datalog/data-logs.ts';
import type { TimeService } from './services/date-time/time-service.ts';
import type { IpWhitelist } from './services/whitelist/ip-whitelist.ts';
import type { AlarmLog } from './services/logs/alarm-log.ts';
import type { MeterEventLog } from './services/logs/meter-event-log.ts';
import type { MeterSettingsService } from './services/meter-settings/index.ts';
import type { RecordService } from './services/records/record-service.ts';
import type { PostChannels } from './services/posting/post-channels.ts';
import type { AcuCloud } from './services/acucloud/acucloud.ts';
import type { RemoteAccess } from './services/remote-access/remote-access.ts';
import type { SftpAccess } from './services/sftp-access/sftp-access.ts';
import type { ModbusService } from './services/modbus/index.ts';
import type { NetworkService } from './services/network/network-service.ts';
import type { HttpRedirect } from './services/web-server/web-ports.ts';
import type { MqttService } from './services/mqtt/index.ts';
import type { SnmpService } from './services/snmp/index.ts';
import type { EmailService } from './services/email/index.ts';
import type { BacnetService } from './services/bacnet/index.ts';
import type { SectionService } from './services/sections/section-service.ts';
import type { SessionStore } from './services/sessions/session-store.ts';
import type { TrendService } from './services/trends/trend-service.ts';
import type { UserServices } from './services/users/index.ts';
import type { MaintenanceService } from './services/maintenance/index.ts';
import type { ConfigBackupService } from './services/config-backup/index.ts';

/**
 * The running module's services as buildApp returns them: tests, the backfill and the bench drive
 * them directly; each API plugin gets only the ones it needs.
 */
export interface Services {
  ctx: ModuleContext;
  events: ModuleEventLog;
  /** Sign-in, accounts, roles and the user settings. */
  users: UserServices;
  sessions: SessionStore;
  device: DeviceService;
  meter: ReadingSource;
  certificate: CertificateStore;
  /** Once-a-second heartbeat (started by the launcher, driven by hand in tests). */
  ticker: SecondTicker;
  /** The meter's registers: energy and TOU, demand, DI counters, relay outputs. */
  registers: MeterRegisters;
  /** The meter's system event log (001 §3): write(event, atMs). */
  meterEvents: MeterEventLog;
  /** The alarm log: the alarm engine calls record(entry). */
  alarms: AlarmLog;
  /** Data loggers 1, 2, 3 and ac, and their files. */
  dataLogs: DataLogs;
  /** The trend store: 1-second real-time and minute energy history, chart queries, export. */
  trends: TrendService;
  /** Meter settings (General, Alarm, I/O and Event, User and CT, password), relay outputs, alarm limits. */
  meterSettings: MeterSettingsService;
  /** Settings sections (meter settings, password policy ...): read with a revision, saved whole. */
  sections: SectionService;
  /** Installation and inspection records: their data and PDFs. */
  records: RecordService;
  /** Management: resets, factory reset, SSH, system log, diagnostic file. */
  maintenance: MaintenanceService;
  /** Remote and automatic module firmware update: the firmware server, the download, the daily check. */
  remoteUpdate: RemoteUpdate;
  /** Config Management: backups, apply, signed export and import. */
  configBackups: ConfigBackupService;
  /** Post channels 1-3: queues on disk, senders (HTTP, FTP, SFTP), health, test and clear. */
  postChannels: PostChannels;
  /** The AcuCloud uplink (channel 4): queue, HTTPS sender, health, test and clear. */
  acuCloud: AcuCloud;
  /** Remote access: register, deregister, pings, status. */
  remoteAccess: RemoteAccess;
  /** Read-only SFTP access to the data log files. */
  sftpAccess: SftpAccess;
  /** The device clock, NTP synchronisation and the manual time. */
  time: TimeService;
  /** The IP whitelist every listener asks about each connection. */
  whitelist: IpWhitelist;
  /** The MQTT publisher, its uploaded files and its config section. */
  mqtt: MqttService;
  /** The Modbus TCP server (function 03 over the register map). */
  modbus: ModbusService;
  /** The SNMP agent, its traps and MIB file. */
  snmp: SnmpService;
  /** The interfaces as configured at start, the WiFi scan, the web server settings. */
  network: NetworkService;
  /** With HTTP not allowed, the HTTP listener only sends clients to HTTPS. */
  httpRedirect: HttpRedirect;
  /** The BACnet/IP device (started as the stored settings say) and its EPICS file. */
  bacnet: BacnetService;
  /** E-mail: the SMTP client, periodic reports, real-time mails and the test mail. */
  email: EmailService;
}
