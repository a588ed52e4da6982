/**
 * Registers every API area (src/api/<area>/, one Fastify plugin each), each given only the
 * services it needs. Registered after the root's hooks, so every area inherits them.
 */
import { meterGeneralSection } from '@meter/contract';
import type { FastifyInstance } from 'fastify';
import { acuCloudApi } from '../api/acucloud/index.ts';
import { authApi } from '../api/auth/index.ts';
import { bacnetApi } from '../api/bacnet/index.ts';
import { certificatesApi } from '../api/certificates/index.ts';
import { configBackupApi } from '../api/config-backup/index.ts';
import { dateTimeApi } from '../api/date-time/index.ts';
import { deviceApi } from '../api/device/index.ts';
import { downloadsApi } from '../api/downloads/index.ts';
import { emailApi } from '../api/email/index.ts';
import { firmwareApi } from '../api/firmware/index.ts';
import { logsApi } from '../api/logs/index.ts';
import { maintenanceApi } from '../api/maintenance/index.ts';
import { meterSettingsApi } from '../api/meter-settings/index.ts';
import { meteringApi } from '../api/metering/index.ts';
import { metricsApi } from '../api/metrics/index.ts';
import { mqttApi } from '../api/mqtt/index.ts';
import { networkDiagnosticApi } from '../api/network-diagnostic/index.ts';
import { networkApi } from '../api/network/index.ts';
import { openApiApi } from '../api/openapi/index.ts';
import { passwordHelpApi } from '../api/password-help/index.ts';
import { postingApi } from '../api/posting/index.ts';
import { readingsApi } from '../api/readings/index.ts';
import { recordsApi } from '../api/records/index.ts';
import { sectionsApi } from '../api/sections/index.ts';
import { sftpAccessApi } from '../api/sftp-access/index.ts';
import { snmpApi } from '../api/snmp/index.ts';
import { trendsApi } from '../api/trends/index.ts';
import { usersApi } from '../api/users/index.ts';
import { whitelistApi } from '../api/whitelist/index.ts';
import { modbusPort } from '../services/modbus/index.ts';
import { commStatus } from '../services/records/comm-status.ts';
import type { Wiring } from '../wiring/index.ts';

export async function apiAreas(app: FastifyInstance, w: Wiring): Promise<void> {
  const { ctx, kv, users, sessions, device, certificate, meter, events, meterEvents, alarms, dataLogs, trends, meterSettings } = w;
  const { maintenance, configBackups, diagnostic, firmware, remoteUpdate, meterFirmware, sections, records, network, bacnet } = w;
  const { postChannels, acuCloud, remoteAccess, sftpAccess, time, whitelist, mqtt, snmp, email, tickets } = w;
  const now = ctx.now;
  await app.register(authApi, { signIn: users.signIn, sessions });
  await app.register(deviceApi, { device, certificate, meter, events, now, requestReboot: ctx.requestReboot, dataDir: ctx.config.dataDir });
  await app.register(readingsApi, { meter, device, now });
  await app.register(meteringApi, { meter, device, relays: meterSettings.relays, events, now });
  await app.register(usersApi, { accounts: users.accounts, roles: users.roles, settings: users.settings });
  await app.register(passwordHelpApi, { settings: users.settings });
  await app.register(logsApi, { events, meterEvents, alarms, dataLogs, device, dataDir: ctx.config.dataDir, now });
  await app.register(trendsApi, { trends, events });
  await app.register(meterSettingsApi, { meterSettings });
  await app.register(maintenanceApi, { maintenance });
  await app.register(configBackupApi, { configBackups });
  await app.register(networkDiagnosticApi, { diagnostic });
  await app.register(firmwareApi, { firmware, remoteUpdate, meterFirmware });
  await app.register(sectionsApi, { sections });
  const rs485 = meterSettings.sectionBackends().find(([section]) => section.key === meterGeneralSection.key)?.[1];
  if (!rs485) throw new Error(`no backend for the ${meterGeneralSection.key} section`);
  const communication = () =>
    commStatus({
      ip: () => network.ipStatus(),
      modbusTcpPort: () => modbusPort(undefined, kv),
      bacnet: () => bacnet.config(),
      rs485: () => rs485.read() as { meterAddress: number; meterBaud: number },
    });
  await app.register(recordsApi, { records, device, meter, events, now, communication });
  await app.register(postingApi, { postChannels, acuCloud });
  await app.register(acuCloudApi, { acuCloud, remoteAccess });
  await app.register(sftpAccessApi, { sftpAccess });
  await app.register(dateTimeApi, { time });
  await app.register(whitelistApi, { whitelist, sections, events });
  await app.register(networkApi, { network, sections });
  await app.register(certificatesApi, { certificate, device, events, now });
  await app.register(mqttApi, { mqtt, events });
  await app.register(snmpApi, { snmp });
  await app.register(bacnetApi, { bacnet });
  await app.register(emailApi, { email });
  await app.register(downloadsApi, { tickets });
  await app.register(openApiApi);
  await app.register(metricsApi, { meter, device, now });
}
