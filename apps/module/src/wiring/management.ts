/**
 * The trend store and the Management pages' services: installation and inspection records,
 * maintenance (resets, SSH, system log), configuration backups, the network diagnostic, module and
 * meter firmware, and the remote and automatic update.
 */
import { autoUpdateSection, endpoints, firmwareServerSection, type AutoUpdateConfig, type FirmwareSettings } from '@meter/contract';
import type { ModuleConfig } from '../config.ts';
import type { ReadingSource } from '../meter/reading-source.ts';
import { ConfigBackupService } from '../services/config-backup/index.ts';
import { FirmwareService } from '../services/firmware/index.ts';
import { MeterFirmwareService } from '../services/firmware/meter-firmware.ts';
import { RemoteUpdate } from '../services/firmware/remote-update.ts';
import { MaintenanceService } from '../services/maintenance/index.ts';
import { NetworkDiagnostic } from '../services/network-diagnostic/index.ts';
import type { OutboundGuard } from '../services/outbound/outbound-guard.ts';
import { RecordService } from '../services/records/record-service.ts';
import type { SectionService } from '../services/sections/section-service.ts';
import { TrendService, registerEnergy, registerHarmonics } from '../services/trends/index.ts';
import type { Core } from './core.ts';
import type { Settings } from './settings.ts';

export function openManagement(config: ModuleConfig, core: Core, meter: ReadingSource, settings: Settings, guard: OutboundGuard) {
  const { ctx, device, registers, events, users, systemLog, ticker } = core;
  const { sections, alarms, meterEvents, meterSettings } = settings;
  // Subscribed after the registers, so each tick reads them already advanced to that second.
  const trends = new TrendService({
    dataDir: config.dataDir,
    meter,
    harmonics: registerHarmonics(meter),
    energy: registerEnergy(meter),
    zone: () => device.state().timeZone,
    log: (level, message) => events.write(level, message),
    dbLog: systemLog.for('Database'),
    now: ctx.now,
  });
  trends.subscribe(ticker);
  const records = new RecordService({
    sections,
    device: () => `${device.identity().meterModel} ${device.identity().meterSerialNumber}`,
    stamp: () => `${new Date(ctx.now()).toISOString().slice(0, 19).replace('T', ' ')} UTC`,
  });
  const maintenance = new MaintenanceService({
    ctx,
    device,
    registers,
    alarms,
    events,
    meterEvents,
    sections,
    systemLog,
    runTimeSeal: () => meterSettings.context().optionalSeal.deviceRunTime,
    configuration: () => currentConfiguration(sections),
  });
  const configBackups = new ConfigBackupService({ ctx, device, sections, events, syslog: systemLog.for('App Config'), users: { accounts: users.accounts, roles: users.roles } });
  const diagnostic = new NetworkDiagnostic();
  const firmware = new FirmwareService({ ctx, events, identity: () => device.identity(), log: (m) => systemLog.write('App Supervisor', 'info', m) });
  const meterFirmware = new MeterFirmwareService({
    ctx,
    events,
    identity: () => device.identity(),
    trustedKeys: () => firmware.trustedKeys(),
    log: (m) => systemLog.write('Meter', 'info', m),
  });
  const remoteUpdate = new RemoteUpdate({
    guard,
    ctx,
    events,
    firmware,
    identity: () => device.identity(),
    timeZone: () => device.state().timeZone,
    autoUpdate: () => sections.document(autoUpdateSection) as AutoUpdateConfig,
    settings: () => sections.document(firmwareServerSection) as FirmwareSettings,
  });
  return { trends, records, maintenance, configBackups, diagnostic, firmware, meterFirmware, remoteUpdate };
}

/** Every section a GET endpoint reads, by key, as that GET shows it: the diagnostic file's configuration. */
function currentConfiguration(sections: SectionService): Record<string, unknown> {
  return Object.fromEntries(
    Object.values(endpoints).flatMap((e) => (e.method === 'GET' && e.section && sections.serves(e.section) ? [[e.section.key, sections.read(e.section).data]] : [])),
  );
}
