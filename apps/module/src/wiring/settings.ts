/**
 * The meter's logs and settings, and the settings sections every page saves through: the meter
 * event and alarm logs, meter settings, the RS485 link (Rtu Server), password policy, meter
 * connection, date and time, the IP whitelist and the network (web server, Modbus TCP, proxy).
 */
import { ipWhitelistSection, meterConnectionSection, meterGeneralSection, networkConfigSection, passwordPolicySection, type MeterConnectionConfig } from '@meter/contract';
import type { ModuleConfig } from '../config.ts';
import type { ReadingSource } from '../meter/reading-source.ts';
import { TimeService } from '../services/date-time/time-service.ts';
import { AlarmLog } from '../services/logs/alarm-log.ts';
import { MeterEventLog } from '../services/logs/meter-event-log.ts';
import { MeterSettingsService } from '../services/meter-settings/index.ts';
import { NetworkService } from '../services/network/network-service.ts';
import { RtuServer } from '../services/rtu-server/index.ts';
import type { SectionBackend } from '../services/sections/section-backend.ts';
import { SectionService } from '../services/sections/section-service.ts';
import { passwordPolicyBackend } from '../services/users/password-policy-backend.ts';
import type { HttpRedirect } from '../services/web-server/web-ports.ts';
import { IpWhitelist } from '../services/whitelist/ip-whitelist.ts';
import type { Core } from './core.ts';

export function openSettings(config: ModuleConfig, core: Core, meter: ReadingSource, meterConnection: SectionBackend<MeterConnectionConfig>) {
  const { db, kv, clock, ctx, device, registers, events, throttle, users, sessions, systemLog, ticker } = core;
  const meterEvents = new MeterEventLog(db, ctx.kv, ctx.now);
  meterEvents.watchClock(ticker);
  const alarms = new AlarmLog(db);
  // After the registers on the ticker: alarms read demand and DI counts of the same second.
  const meterSettings = new MeterSettingsService({ ctx, device, meter, registers, events, meterEvents, alarms, throttle });
  meterSettings.subscribe(ticker);
  const sections = new SectionService({ ctx, events, contexts: { meter: () => meterSettings.context() }, syslog: systemLog.for('App Config') });
  const rtu = new RtuServer(systemLog.for('Rtu Server'), () => sections.document(meterGeneralSection));
  for (const [section, backend] of meterSettings.sectionBackends()) sections.register(section, section.key === meterGeneralSection.key ? rtu.watch(backend) : backend);
  sections.register(passwordPolicySection, passwordPolicyBackend(users.settings));
  sections.register(meterConnectionSection, meterConnection);
  const time = new TimeService({ kv, clock, device, events, meterEvents, endSessions: () => sessions.endAll(), ntpPort: config.ntpPort, syslog: systemLog.for('Time configurator') });
  sections.register(...time.backend());
  const whitelist = new IpWhitelist(kv);
  sections.register(ipWhitelistSection, whitelist.backend());
  // The web server, Modbus TCP and proxy sections live in the generic store; the launcher and the
  // Modbus service read them at start.
  const network = new NetworkService(kv, () => device.identity());
  sections.register(networkConfigSection, network.backend());
  const httpRedirect: HttpRedirect = { active: !network.webServer().allowHttp, httpsPort: undefined };
  return { meterEvents, alarms, meterSettings, sections, rtu, time, whitelist, network, httpRedirect };
}

/** The settings stage as openSettings made it. */
export type Settings = ReturnType<typeof openSettings>;
