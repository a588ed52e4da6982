/** Wiring: store, services, the auth hook, the API areas, the console's files. */
import fastifyStatic from '@fastify/static';
import {
  API_PREFIX,
  dataLogSection,
  dataPostSection,
  acuCloudSection,
  remoteAccessSection,
  endpoints,
  ipWhitelistSection,
  meterGeneralSection,
  meterConnectionSection,
  type MeterConnectionConfig,
  mqttSection,
  networkConfigSection,
  sftpSection,
  snmpSection,
  smtpSection,
  passwordPolicySection,
  hardeningTexts,
  serverMessages,
  autoUpdateSection,
  firmwareServerSection,
  type AutoUpdateConfig,
  type ErrorReply,
  type FirmwareSettings,
} from '@meter/contract';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerAuthHook } from './api/auth-hook.ts';
import { downloadsApi } from './api/downloads/index.ts';
import { DownloadTickets } from './services/downloads/download-tickets.ts';
import { isStorageFull } from './store/storage-full.ts';
import { authApi } from './api/auth/index.ts';
import { certificatesApi } from './api/certificates/index.ts';
import { dateTimeApi } from './api/date-time/index.ts';
import { deviceApi } from './api/device/index.ts';
import { logsApi } from './api/logs/index.ts';
import { meterSettingsApi } from './api/meter-settings/index.ts';
import { postingApi } from './api/posting/index.ts';
import { acuCloudApi } from './api/acucloud/index.ts';
import { sftpAccessApi } from './api/sftp-access/index.ts';
import { meteringApi } from './api/metering/index.ts';
import { mqttApi } from './api/mqtt/index.ts';
import { snmpApi } from './api/snmp/index.ts';
import { bacnetApi } from './api/bacnet/index.ts';
import { readingsApi } from './api/readings/index.ts';
import { recordsApi } from './api/records/index.ts';
import { commStatus } from './services/records/comm-status.ts';
import { sectionsApi } from './api/sections/index.ts';
import { trendsApi } from './api/trends/index.ts';
import { usersApi } from './api/users/index.ts';
import { passwordHelpApi } from './api/password-help/index.ts';
import { maintenanceApi } from './api/maintenance/index.ts';
import { configBackupApi } from './api/config-backup/index.ts';
import { networkDiagnosticApi } from './api/network-diagnostic/index.ts';
import { firmwareApi } from './api/firmware/index.ts';
import { whitelistApi } from './api/whitelist/index.ts';
import { networkApi } from './api/network/index.ts';
import { emailApi } from './api/email/index.ts';
import { ApiError, badRequest } from './errors.ts';
import { MAX_JSON_DEPTH, jsonTooDeep } from './api/json-body.ts';
import { outboundGuard } from './services/outbound/outbound-guard.ts';
import type { AddressInfo } from 'node:net';
import { openApiApi } from './api/openapi/index.ts';
import { metricsApi } from './api/metrics/index.ts';
import type { ModuleConfig } from './config.ts';
import type { ModuleContext } from './context.ts';
import { SimulatedSource } from './meter/simulated-source.ts';
import { ModbusSource } from './meter/modbus/modbus-source.ts';
import { meterUrlText, specOfConnection, type MeterSourceSpec } from './meter/modbus/meter-url.ts';
import { loadProfile } from './meter/modbus/profile.ts';
import type { ReadingSource } from './meter/reading-source.ts';
import { SimulatedMeter } from './meter/simulator.ts';
import { MeterRegisters } from './meter/registers/meter-registers.ts';
import { RegisterStore } from './meter/registers/register-store.ts';
import type { Services } from './services.ts';
import { CertificateStore } from './services/certificates/certificate-store.ts';
import { SecondTicker } from './services/clock/second-ticker.ts';
import { DeviceService } from './services/device/device-service.ts';
import { DataLogs } from './services/datalog/data-logs.ts';
import { dataLogBackend } from './services/datalog/data-log-backend.ts';
import { DeviceClock } from './services/date-time/device-clock.ts';
import { TimeService } from './services/date-time/time-service.ts';
import { ModuleEventLog } from './services/events/module-event-log.ts';
import { AlarmLog } from './services/logs/alarm-log.ts';
import { MeterEventLog } from './services/logs/meter-event-log.ts';
import { MeterSettingsService } from './services/meter-settings/index.ts';
import { RecordService } from './services/records/record-service.ts';
import { ModbusService, modbusPort } from './services/modbus/index.ts';
import { MqttService } from './services/mqtt/index.ts';
import { SnmpService } from './services/snmp/index.ts';
import { BacnetService } from './services/bacnet/index.ts';
import { EmailService } from './services/email/index.ts';
import { SectionService } from './services/sections/section-service.ts';
import { kvSectionBackend, type SectionBackend } from './services/sections/section-backend.ts';
import { IpWhitelist } from './services/whitelist/ip-whitelist.ts';
import { NetworkService } from './services/network/network-service.ts';
import { httpsRedirectUrl, type HttpRedirect } from './services/web-server/web-ports.ts';
import { STRICT_TRANSPORT_SECURITY, cacheControlFor, consolePolicy } from './services/web-server/console-policy.ts';
import { TrendService, registerEnergy, registerHarmonics } from './services/trends/index.ts';
import { SecretThrottle } from './services/throttle/secret-throttle.ts';
import { createUserServices } from './services/users/index.ts';
import { INITIAL_PASSWORD_FILE } from './services/users/first-start.ts';
import { MaintenanceService, SystemLog, applyPendingFactoryReset } from './services/maintenance/index.ts';
import { ConfigBackupService } from './services/config-backup/index.ts';
import { NetworkDiagnostic } from './services/network-diagnostic/index.ts';
import { FirmwareService, applyPendingFirmware } from './services/firmware/index.ts';
import { MeterFirmwareService } from './services/firmware/meter-firmware.ts';
import { RemoteUpdate } from './services/firmware/remote-update.ts';
import { dataPostBackend } from './services/posting/data-post-backend.ts';
import { PostChannels } from './services/posting/post-channels.ts';
import { AcuCloud } from './services/acucloud/acucloud.ts';
import { RemoteAccess } from './services/remote-access/remote-access.ts';
import { PostFiles } from './services/posting/post-files.ts';
import { SftpAccess } from './services/sftp-access/sftp-access.ts';
import { passwordPolicyBackend } from './services/users/password-policy-backend.ts';
import { RtuServer } from './services/rtu-server/index.ts';
import { ModuleLogController } from './request-log.ts';
import { KeyValueStore, openDatabase } from './store/db.ts';

export interface BuildOptions {
  requestReboot?: () => void;
  now?: () => number;
  logger?: boolean;
  /** Where the log goes (stdout unless given): tests read it. */
  logStream?: { write(line: string): void };
}

const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../console/dist', import.meta.url));

/** Query names whose values open the module: the spec's token and a download ticket. */
const SECRET_QUERY_NAMES = new Set(['token', 'ticket']);

/** Whether a raw query name is `token` (or `ticket`) once decoded as the query parser decodes it (`%74oken` is). */
function isTokenName(raw: string): boolean {
  try {
    return SECRET_QUERY_NAMES.has(decodeURIComponent(raw.replace(/\+/g, ' ')));
  } catch {
    // Not decodable here, so not known to be harmless: its value is kept out of the log too.
    return true;
  }
}

/** Query strings can carry the session token, under any spelling the parser decodes: never let it reach the log. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && isTokenName(name) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q + 1)}${pairs.join('&')}`;
}

/** Every failure leaves in the one shape of docs/api.md, `{data: {value, errors?}}`, never a stack. */
function sendError(reply: FastifyReply, status: number, value: string, errors?: ErrorReply['errors'], attemptsLeft?: number): FastifyReply {
  const data: ErrorReply = errors ? { value, errors } : { value };
  if (attemptsLeft !== undefined) data.attemptsLeft = attemptsLeft;
  return reply.status(status).send({ data });
}

export async function buildApp(config: ModuleConfig, options: BuildOptions = {}): Promise<{ app: FastifyInstance; services: Services }> {
  // Made before the database, so the Database subsystem can tell how it opened; stamped with the
  // device clock once that exists.
  let logNow = options.now ?? Date.now;
  const systemLog = new SystemLog(config.dataDir, () => logNow());
  const db = openDatabase(config.dataDir, systemLog.for('Database'));
  const kv = new KeyValueStore(db);
  // Every consumer of device time (logs, trends, TOU, sessions, file names) reads this clock.
  const clock = new DeviceClock(kv, options.now ?? Date.now);
  const ctx: ModuleContext = {
    config,
    db,
    kv,
    requestReboot: options.requestReboot ?? (() => {}),
    now: () => clock.now(),
  };
  logNow = ctx.now;
  // Before any service reads a setting: a factory reset marked before the reboot takes effect now.
  const factoryReset = applyPendingFactoryReset(db, ctx.kv, config.dataDir, INITIAL_PASSWORD_FILE, ctx.now());
  const events = new ModuleEventLog(db, ctx.now, config.eventLogMaxRows);
  const firmwareApplied = applyPendingFirmware(ctx);
  if (firmwareApplied) events.write('Info', `Module firmware ${firmwareApplied} running`);
  const device = new DeviceService(ctx);
  if (config.systemMode !== undefined && device.state().systemMode !== config.systemMode) device.updateState({ systemMode: config.systemMode });
  const simulator = new SimulatedMeter(device.meterConfig());
  const certificate = await CertificateStore.open(config.dataDir, device.identity(), (message) => events.write('Error', message));
  // One count per source address for every secret check: sign-in, current password, meter password.
  const throttle = new SecretThrottle(ctx.now);
  const { users, sessions, resolvePrincipal, resolveSession } = await createUserServices(ctx, events, throttle);
  const tickets = new DownloadTickets(ctx.now);
  const ticker = new SecondTicker(ctx.now);
  // Catches up the time the module was away (the meter kept counting), or seeds a first start's
  // history, in slices after the listener opens: `caughtUp` settles when done.
  const registers = MeterRegisters.start({ meter: simulator, store: new RegisterStore(db), seed: config.seed }, ctx.now());
  registers.caughtUp.catch((err: unknown) => events.write('Error', `Meter registers: catch-up stopped: ${err instanceof Error ? err.message : String(err)}`));
  // The meter behind the module (MODULE_METER; docs/modbus.md): the simulator and its registers,
  // or a real meter over Modbus whose registers count by themselves (never integrated here).
  // MODULE_METER wins over Settings › Meter › Meter Connection (read once here: applied at a start).
  const meterConnection = meterConnectionBackend(kvSectionBackend(kv, meterConnectionSection), config.meter);
  const meterSpec = config.meter ?? specOfConnection(meterConnection.read());
  // Outbound clients never reach the module's own listeners: the ports are read at each
  // connection (the listeners below and the launcher's HTTP and HTTPS ones).
  const ownPorts: (() => number | null | undefined)[] = [];
  const guard = outboundGuard(() => ownPorts.map((port) => port()));
  const meter: ReadingSource =
    meterSpec.kind === 'simulated'
      ? new SimulatedSource(simulator, registers, systemLog.for('Reading Source'))
      : new ModbusSource({
          spec: meterSpec,
          profile: loadProfile(meterSpec.profile),
          config: device.meterConfig(),
          now: ctx.now,
          event: (level, message) => events.write(level, message),
          log: systemLog.for('Reading Source'),
          guard,
        }).start();
  if (meter.kind === 'simulated') ticker.subscribe((t) => registers.tick(t));
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
  // Outbound HTTPS trusts the system's roots, plus MODULE_TRUSTED_CA's (a private CA, the tests' own).
  const trustedCa = config.trustedCa ? [...rootCertificates, readFileSync(config.trustedCa, 'utf8')] : undefined;
  const postChannels = new PostChannels({
    guard,
    dataDir: config.dataDir,
    kv: ctx.kv,
    events,
    now: ctx.now,
    mac: () => device.identity().moduleEth0MacAddress,
    serial: () => device.identity().meterSerialNumber,
    timeoutMs: config.postTimeoutSeconds * 1000,
    retryMs: config.postRetrySeconds * 1000,
    ca: trustedCa,
    syslog: systemLog.for('Data Post'),
  });
  const acuCloud = new AcuCloud({
    guard,
    dataDir: config.dataDir,
    kv: ctx.kv,
    events,
    now: ctx.now,
    serial: () => device.identity().meterSerialNumber,
    timeoutMs: config.postTimeoutSeconds * 1000,
    retryMs: config.postRetrySeconds * 1000,
    ca: trustedCa,
    syslog: systemLog.for('Data Post'),
  });
  sections.register(acuCloudSection, acuCloud.backend());
  const remoteAccess = new RemoteAccess({
    guard,
    dataDir: config.dataDir,
    kv: ctx.kv,
    events,
    now: ctx.now,
    identity: () => {
      const id = device.identity();
      return { serial: id.meterSerialNumber, mac: id.moduleEth0MacAddress, model: id.moduleModel, firmware: id.moduleFirmwareVersion };
    },
    timeoutMs: config.postTimeoutSeconds * 1000,
    pingSeconds: config.remotePingSeconds,
    ca: trustedCa,
  });
  sections.register(remoteAccessSection, remoteAccess.backend());
  sections.register(
    dataPostSection,
    dataPostBackend(ctx.kv, () => {
      for (const n of postChannels.queues.keys()) postChannels.wake(n);
    }),
  );
  sections.register(
    dataLogSection,
    dataLogBackend(ctx.kv, (n) => postChannels.channel(n).enable),
  );
  const postFiles = new PostFiles({ dataDir: config.dataDir, channels: postChannels, fileSeconds: config.dataLogFileSeconds });
  const cloudFiles = new PostFiles({ dataDir: config.dataDir, channels: acuCloud.targets, fileSeconds: config.dataLogFileSeconds });
  const dataLogs = new DataLogs(config.dataDir, {
    kv: ctx.kv,
    meter,
    zone: () => device.state().timeZone,
    intervalSeconds: config.dataLogIntervalSeconds,
    onRow: (id, cfg, at, zone, header, line) => (id === 'ac' ? cloudFiles : postFiles).row(id, cfg, at, zone, header, line),
    onTick: (id, cfg, now, zone) => (id === 'ac' ? cloudFiles : postFiles).tick(id, cfg, now, zone),
    syslog: systemLog.for('Data Log'),
  });
  const mqtt = new MqttService({
    guard,
    kv: ctx.kv,
    dataDir: config.dataDir,
    meter,
    now: ctx.now,
    log: (message) => events.write('Info', message),
    syslog: systemLog.for('MQTT'),
    identity: () => {
      const id = device.identity();
      return { ...id, name: device.state().deviceDescription };
    },
  });
  sections.register(mqttSection, mqtt.backend);
  const modbus = new ModbusService({
    kv: ctx.kv,
    meter,
    now: ctx.now,
    host: config.host,
    envPort: config.modbusPort,
    unitId: () => device.state().meterAddress,
    log: (level, message) => events.write(level, message),
    allows: (a) => whitelist.allows(a),
    syslog: systemLog.for('Modbus Server'),
    rtu: systemLog.for('Rtu Server'),
  });
  const snmp = new SnmpService({
    kv: ctx.kv,
    meter,
    now: ctx.now,
    host: config.host,
    envPort: config.snmpPort,
    trapPort: config.snmpTrapPort,
    sysDescr: () => `${device.identity().moduleModel} firmware ${device.identity().moduleFirmwareVersion}`,
    sysName: () => device.state().deviceDescription,
    allows: (address) => whitelist.allows(address),
    log: (level, message) => events.write(level, message),
    syslog: systemLog.for('SNMP'),
  });
  sections.register(snmpSection, snmp.backend);
  meterEvents.onWrite((event, atMs) => snmp.event(event, atMs));
  alarms.onRecord((entry) => snmp.alarm(entry));
  const email = new EmailService({
    guard,
    kv: ctx.kv,
    events,
    now: ctx.now,
    meter,
    alarms: () => alarms.list(),
    meterEvents: () => meterEvents.list(),
    zone: () => device.state().timeZone,
    serial: () => device.identity().meterSerialNumber,
    timeoutMs: config.emailTimeoutSeconds * 1000,
    retryMs: config.emailRetrySeconds * 1000,
    dataDir: config.dataDir,
    extraCa: config.trustedCa ? readFileSync(config.trustedCa, 'utf8') : undefined,
    syslog: systemLog.for('Email'),
  });
  sections.register(smtpSection, email.backend);
  meterEvents.onWrite((event, atMs) => email.event(event, atMs));
  alarms.onRecord((entry) => email.alarm(entry));
  ticker.subscribe((t) => void email.tick(t));
  const bacnet = new BacnetService({
    kv: ctx.kv,
    meter,
    now: ctx.now,
    host: config.host,
    envPort: config.bacnetPort,
    module: () => ({ model: device.identity().moduleModel, firmware: device.identity().moduleFirmwareVersion }),
    log: (level, message) => events.write(level, message),
    allows: (address) => whitelist.allows(address),
    syslog: systemLog.for('BACnet'),
  });
  dataLogs.subscribe(ticker);
  const sftpAccess = new SftpAccess({
    dataDir: config.dataDir,
    kv: ctx.kv,
    dataLogs,
    events,
    throttle,
    host: config.host,
    allows: (address) => whitelist.allows(address),
    portOverride: config.sftpPort,
  });
  const sftpBackend = kvSectionBackend(ctx.kv, sftpSection);
  sections.register(sftpSection, {
    ...sftpBackend,
    write: (next, before, w) => {
      sftpBackend.write(next, before, w);
      void sftpAccess.apply();
    },
  });
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
    configuration: () =>
      Object.fromEntries(
        Object.values(endpoints)
          .filter((e) => e.method === 'GET' && e.section && sections.serves(e.section))
          .map((e) => [e.section!.key, sections.read(e.section!).data]),
      ),
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
  ownPorts.push(
    () => (app.server.address() as AddressInfo | null)?.port,
    () => httpRedirect.httpsPort,
    () => modbus.port(),
    () => sftpAccess.port(),
    () => maintenance.ssh.port,
    () => snmp.port(),
    () => bacnet.port(),
  );
  if (factoryReset) systemLog.write('App Supervisor', 'info', 'factory reset applied');
  systemLog.write('App Supervisor', 'info', 'module started');
  rtu.start();
  // No UDP discovery responder on this module (docs/decisions.md, Maintenance): said once, so the
  // subsystem's empty log is not read as a fault.
  systemLog.write('Mudp', 'info', 'UDP discovery (Mudp) is not present on this module: it is found by its address or host name');
  const services: Services = {
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

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    logController: new ModuleLogController(),
    bodyLimit: 1024 * 1024,
    // Sessions live in memory, like the device's; clients get `{data}` even on framework errors.
    return503OnClosing: true,
    // A path Fastify cannot decode (bad percent-encoding) never reaches the error handler: answer
    // it in the module's shape too, e.g. a mangled trendlog/{parameter}&{start}&{end}&{interval}.
    frameworkErrors: (error, _request, reply) => void sendError(reply as FastifyReply, 400, error.message),
    // Every body, query and reply is checked with the contract's zod schemas (api/registry.ts), so
    // Fastify's own JSON-schema compilers (Ajv, fast-json-stringify) are never loaded: ~70 ms of
    // every start. A route that declared a Fastify schema anyway fails the start, not silently.
    // (Fastify's typings give the compiler Ajv's signature, not the route object it is called with.)
    schemaController: { compilersFactory: { buildValidator: noFastifySchemas as never, buildSerializer: noFastifySchemas as never } },
  });

  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Commands are often sent as PATCH with an empty body: that is an empty object, not an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    if (jsonTooDeep(body as string)) return done(badRequest(hardeningTexts.jsonTooDeep(MAX_JSON_DEPTH)), undefined);
    jsonParser(req, body as string, done);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendError(reply, error.status, error.message, error.errors, error.attemptsLeft);
    }
    // Nothing was kept (the write's transaction is undone): the user can free space and try again.
    if (isStorageFull(error)) {
      request.log.error({ err: { message: error.message, code: (error as FastifyError).code } }, 'storage full');
      systemLog.write('Database', 'error', `write refused, the disk is full: ${request.method} ${redactUrl(request.url)} (${(error as FastifyError).code ?? error.message})`);
      return sendError(reply, 507, hardeningTexts.storageFull);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status < 500) {
      // Framework-level client errors (bad JSON, wrong content type, body too large) are bad input.
      const message = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? serverMessages.invalidJson : error.message;
      return sendError(reply, status === 413 ? 413 : 400, message);
    }
    request.log.error({ err: { message: error.message, code: (error as FastifyError).code } }, 'request failed');
    return sendError(reply, 500, serverMessages.internal);
  });

  // The whitelist is the device's packet filter: a refused address gets its connection closed,
  // on connect and on every request (a keep-alive connection may predate the list).
  app.server.on('connection', (socket) => {
    if (!whitelist.allows(socket.remoteAddress)) socket.destroy();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (whitelist.allows(request.socket.remoteAddress)) return;
    reply.hijack();
    request.socket.destroy();
    return reply;
  });
  // HTTP not allowed (web server settings): the plain listener answers every request with a
  // redirect to the same path over HTTPS; with no HTTPS listener bound it keeps serving.
  app.addHook('onRequest', async (request, reply) => {
    if (!httpRedirect.active || httpRedirect.httpsPort === undefined || 'encrypted' in request.raw.socket) return;
    return reply.redirect(httpsRedirectUrl(request.headers.host ?? request.hostname, httpRedirect.httpsPort, request.url), 301);
  });

  const consoleDir = resolve(config.consoleDir ?? DEFAULT_CONSOLE_DIR);
  const hasConsole = existsSync(resolve(consoleDir, 'index.html'));
  // Read once: the built index.html's inline script and style are allowed by their hashes.
  const csp = consolePolicy(hasConsole ? consoleDir : undefined);
  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', csp);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    if (request.url.startsWith(API_PREFIX)) reply.header('Cache-Control', 'no-store');
  });

  // On the root before any API plugin: an encapsulated child inherits the hooks its parent has
  // when it is registered, so every plugin's routes pass the one permission check.
  registerAuthHook(app, {
    token: resolvePrincipal,
    ticket: (ticket, path) => {
      const sessionId = tickets.redeem(ticket, path);
      return sessionId ? resolveSession(sessionId) : null;
    },
    openAccess: (section) => (sections.document(section) as { openAccess?: number }).openAccess === 1,
  });
  // The Web Server subsystem's debug lines: every API call with its status, the token never.
  const webServer = systemLog.for('Web Server');
  app.addHook('onResponse', async (request, reply) => {
    if (systemLog.debugOn('Web Server') && request.url.startsWith(API_PREFIX)) webServer('debug', `${request.method} ${redactUrl(request.url)} ${reply.statusCode}`);
  });
  const now = ctx.now;
  await app.register(authApi, { signIn: users.signIn, sessions });
  await app.register(deviceApi, { device, certificate, meter, events, now, requestReboot: ctx.requestReboot, dataDir: ctx.config.dataDir });
  await app.register(readingsApi, { meter, device, now });
  await app.register(meteringApi, { meter, device, relays: meterSettings.relays, events, now });
  await app.register(usersApi, { accounts: users.accounts, roles: users.roles, settings: users.settings });
  await app.register(passwordHelpApi, { settings: users.settings });
  await app.register(logsApi, { events, meterEvents, alarms, dataLogs, device, dataDir: config.dataDir, now });
  await app.register(trendsApi, { trends, events });
  await app.register(meterSettingsApi, { meterSettings });
  await app.register(maintenanceApi, { maintenance });
  await app.register(configBackupApi, { configBackups });
  await app.register(networkDiagnosticApi, { diagnostic });
  await app.register(firmwareApi, { firmware, remoteUpdate, meterFirmware });
  await app.register(sectionsApi, { sections });
  const rs485 = meterSettings.sectionBackends().find(([section]) => section.key === meterGeneralSection.key)![1];
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

  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      // One route for every file: a route per file (300 hashed assets and their .br and .gz) cost
      // ~50 ms of the start. Paths that are not a file reach the not-found handler below.
      wildcard: true,
      index: ['index.html'],
      // The build wrote .br and .gz beside each text file: sent as they are, no work per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', cacheControlFor(path));
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === API_PREFIX || path.startsWith(API_PREFIX + '/') || !hasConsole || request.method !== 'GET' || /\.[a-z0-9]+$/i.test(path)) {
      return sendError(reply, 404, serverMessages.notFound);
    }
    // The console routes in the browser: every other page path gets the single-page app.
    return reply.type('text/html').sendFile('index.html');
  });

  app.addHook('onReady', async () => maintenance.start());
  app.addHook('onReady', async () => remoteUpdate.startSchedule());
  app.addHook('onReady', async () => {
    postChannels.start();
    acuCloud.start();
    email.start();
    remoteAccess.start();
    await sftpAccess.apply();
  });
  app.addHook('onReady', async () => {
    await Promise.all([mqtt.start(), modbus.start(), snmp.reload(), bacnet.start()]);
  });
  app.addHook('onClose', async () => {
    await maintenance.close();
    remoteUpdate.close();
    diagnostic.close();
    ticker.stop();
    await postChannels.stop();
    await acuCloud.stop();
    await remoteAccess.stop();
    await sftpAccess.stop();
    time.stop();
    await Promise.all([mqtt.close(), modbus.close(), snmp.close(), bacnet.close(), email.close()]);
    sessions.endAll();
    registers.close();
    await meter.close();
    await trends.close();
    db.close();
  });
  return { app, services };
}

/**
 * The Meter Connection section in the generic store, with MODULE_METER reported beside it
 * (`environment`, read-only: never stored, so a backup or a save never carries it).
 */
function meterConnectionBackend(store: SectionBackend, env: MeterSourceSpec | undefined): SectionBackend<MeterConnectionConfig> {
  const environment = env ? meterUrlText(env) : '';
  return {
    read: () => ({ ...(store.read() as MeterConnectionConfig), environment }),
    write: (next, before, w) => {
      const { environment: _shown, ...stored } = next;
      store.write(stored, before, w);
    },
  };
}

/** Compiler factories for Fastify schemas, which this module does not use (see the Fastify options). */
function noFastifySchemas(): (route: { url: string; method: string }) => never {
  return ({ url, method }) => {
    throw new Error(`${method} ${url}: a Fastify schema; the module validates with the contract's zod schemas`);
  };
}
