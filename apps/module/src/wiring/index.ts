/**
 * Builds the running module's services, each stage from the ones before: the ground floor, the
 * meter source, the settings, the uplinks, the protocols, management. No HTTP here: app.ts hands
 * what this returns to the HTTP layer (src/http/ and the API areas).
 */
import type { ModuleConfig } from '../config.ts';
import type { Services } from '../services.ts';
import { outboundGuard } from '../services/outbound/outbound-guard.ts';
import { openCore, type WiringOptions } from './core.ts';
import { openManagement } from './management.ts';
import { openMeterSource } from './meter-source.ts';
import { openProtocols } from './protocols.ts';
import { openSettings } from './settings.ts';
import { openUplinks } from './uplinks.ts';

export type { WiringOptions } from './core.ts';

/** One of the module's own ports, read at each outbound connection. */
export type OwnPort = () => number | null | undefined;

export async function wireServices(config: ModuleConfig, options: WiringOptions) {
  const core = await openCore(config, options);
  // Outbound clients never reach the module's own listeners: the ports are read at each
  // connection (the listeners below, and the launcher's HTTP and HTTPS ones: app.ts adds its own).
  const ownPorts: OwnPort[] = [];
  const guard = outboundGuard(() => ownPorts.map((port) => port()));
  const { meter, meterConnection } = openMeterSource(config, core, guard);
  const settings = openSettings(config, core, meter, meterConnection);
  const uplinks = openUplinks(config, core, meter, settings.sections, guard);
  const protocols = openProtocols(config, core, meter, settings, uplinks.dataLogs, guard);
  const management = openManagement(config, core, meter, settings, guard);
  const parts = { ...core, meter, ...settings, ...uplinks, ...protocols, ...management, ownPorts };
  const { httpRedirect, modbus, sftpAccess, maintenance, snmp, bacnet, systemLog } = parts;
  ownPorts.push(
    () => httpRedirect.httpsPort,
    () => modbus.port(),
    () => sftpAccess.port(),
    () => maintenance.ssh.port,
    () => snmp.port(),
    () => bacnet.port(),
  );
  if (parts.factoryReset) systemLog.write('App Supervisor', 'info', 'factory reset applied');
  systemLog.write('App Supervisor', 'info', 'module started');
  parts.rtu.start();
  // No UDP discovery responder on this module (docs/decisions/maintenance-debug-diagnostic.md):
  // said once, so the subsystem's empty log is not read as a fault.
  systemLog.write('Mudp', 'info', 'UDP discovery (Mudp) is not present on this module: it is found by its address or host name');
  return { ...parts, services: servicesOf(parts) };
}

/** Every part wireServices made, by name: the services, and what only the HTTP layer and the lifecycle use. */
export type Wiring = Awaited<ReturnType<typeof wireServices>>;

/** Just the services out of every part: what buildApp returns (tests, the backfill and the bench drive them). */
function servicesOf(parts: Services): Services {
  const { ctx, events, users, sessions, device, meter, certificate, ticker, registers, meterEvents, alarms, dataLogs, trends, meterSettings, sections } = parts;
  const { maintenance, remoteUpdate, configBackups, records, postChannels, acuCloud, remoteAccess, sftpAccess, time, whitelist } = parts;
  const { mqtt, modbus, snmp, network, httpRedirect, bacnet, email } = parts;
  return {
    ctx,
    events,
    users,
    sessions,
    device,
    meter,
    certificate,
    ticker,
    registers,
    meterEvents,
    alarms,
    dataLogs,
    trends,
    meterSettings,
    sections,
    maintenance,
    remoteUpdate,
    configBackups,
    records,
    postChannels,
    acuCloud,
    remoteAccess,
    sftpAccess,
    time,
    whitelist,
    mqtt,
    modbus,
    snmp,
    network,
    httpRedirect,
    bacnet,
    email,
  };
}
