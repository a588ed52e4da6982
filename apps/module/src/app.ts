/** Wiring: store, services, the auth hook, the API areas, the console's files. */
import fastifyStatic from '@fastify/static';
import { API_PREFIX, mqttSection, passwordPolicySection, snmpSection, serverMessages, type ErrorReply } from '@meter/contract';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerAuthHook } from './api/auth-hook.ts';
import { authApi } from './api/auth/index.ts';
import { deviceApi } from './api/device/index.ts';
import { logsApi } from './api/logs/index.ts';
import { meterSettingsApi } from './api/meter-settings/index.ts';
import { meteringApi } from './api/metering/index.ts';
import { mqttApi } from './api/mqtt/index.ts';
import { snmpApi } from './api/snmp/index.ts';
import { readingsApi } from './api/readings/index.ts';
import { sectionsApi } from './api/sections/index.ts';
import { trendsApi } from './api/trends/index.ts';
import { usersApi } from './api/users/index.ts';
import { ApiError } from './errors.ts';
import type { ModuleConfig } from './config.ts';
import type { ModuleContext } from './context.ts';
import { SimulatedSource } from './meter/simulated-source.ts';
import { SimulatedMeter } from './meter/simulator.ts';
import { MeterRegisters } from './meter/registers/meter-registers.ts';
import { RegisterStore } from './meter/registers/register-store.ts';
import type { Services } from './services.ts';
import { CertificateStore } from './services/certificates/certificate-store.ts';
import { SecondTicker } from './services/clock/second-ticker.ts';
import { DeviceService } from './services/device/device-service.ts';
import { DataLogs } from './services/datalog/data-logs.ts';
import { ModuleEventLog } from './services/events/module-event-log.ts';
import { AlarmLog } from './services/logs/alarm-log.ts';
import { MeterEventLog } from './services/logs/meter-event-log.ts';
import { MeterSettingsService } from './services/meter-settings/index.ts';
import { ModbusService } from './services/modbus/index.ts';
import { MqttService } from './services/mqtt/index.ts';
import { SnmpService } from './services/snmp/index.ts';
import { SectionService } from './services/sections/section-service.ts';
import { TrendService, registerEnergy, registerHarmonics } from './services/trends/index.ts';
import { SecretThrottle } from './services/throttle/secret-throttle.ts';
import { createUserServices } from './services/users/index.ts';
import { passwordPolicyBackend } from './services/users/password-policy-backend.ts';
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

/** Query strings can carry the session token: never let it reach the log. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&]*/g, '$1[redacted]');
}

/** Every failure leaves in the one shape of docs/api.md, `{data: {value, errors?}}`, never a stack. */
function sendError(reply: FastifyReply, status: number, value: string, errors?: ErrorReply['errors']): FastifyReply {
  const data: ErrorReply = errors ? { value, errors } : { value };
  return reply.status(status).send({ data });
}

export async function buildApp(config: ModuleConfig, options: BuildOptions = {}): Promise<{ app: FastifyInstance; services: Services }> {
  const db = openDatabase(config.dataDir);
  const ctx: ModuleContext = {
    config,
    db,
    kv: new KeyValueStore(db),
    requestReboot: options.requestReboot ?? (() => {}),
    now: options.now ?? Date.now,
  };
  const events = new ModuleEventLog(db, ctx.now);
  const device = new DeviceService(ctx);
  const simulator = new SimulatedMeter(device.meterConfig());
  const certificate = await CertificateStore.open(config.dataDir, device.identity());
  // One count per source address for every secret check: sign-in, current password, meter password.
  const throttle = new SecretThrottle(ctx.now);
  const { users, sessions, resolvePrincipal } = await createUserServices(ctx, events, throttle);
  const ticker = new SecondTicker(ctx.now);
  // Catches up the time the module was away before anything reads the registers.
  const registers = MeterRegisters.open({ meter: simulator, store: new RegisterStore(db), seed: config.seed }, ctx.now());
  ticker.subscribe((t) => registers.tick(t));
  const meter = new SimulatedSource(simulator, registers);
  const meterEvents = new MeterEventLog(db, ctx.kv, ctx.now);
  meterEvents.watchClock(ticker);
  const alarms = new AlarmLog(db);
  // After the registers on the ticker: alarms read demand and DI counts of the same second.
  const meterSettings = new MeterSettingsService({ ctx, device, meter, registers, events, meterEvents, alarms, throttle });
  meterSettings.subscribe(ticker);
  const sections = new SectionService({ ctx, events, contexts: { meter: () => meterSettings.context() } });
  for (const [section, backend] of meterSettings.sectionBackends()) sections.register(section, backend);
  sections.register(passwordPolicySection, passwordPolicyBackend(users.settings));
  const mqtt = new MqttService({ kv: ctx.kv, dataDir: config.dataDir, meter, now: ctx.now, log: (message) => events.write('Info', message) });
  sections.register(mqttSection, mqtt.backend);
  const modbus = new ModbusService({
    kv: ctx.kv,
    meter,
    now: ctx.now,
    host: config.host,
    envPort: config.modbusPort,
    unitId: () => device.state().meterAddress,
    log: (level, message) => events.write(level, message),
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
    log: (level, message) => events.write(level, message),
  });
  sections.register(snmpSection, snmp.backend);
  meterEvents.onWrite((event, atMs) => snmp.event(event, atMs));
  const dataLogs = new DataLogs(config.dataDir, { kv: ctx.kv, meter, zone: () => device.state().timeZone, intervalSeconds: config.dataLogIntervalSeconds });
  dataLogs.subscribe(ticker);
  // Subscribed after the registers, so each tick reads them already advanced to that second.
  const trends = new TrendService({
    dataDir: config.dataDir,
    meter,
    harmonics: registerHarmonics(meter),
    energy: registerEnergy(registers),
    zone: () => device.state().timeZone,
    log: (level, message) => events.write(level, message),
    now: ctx.now,
  });
  trends.subscribe(ticker);
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
    mqtt,
    modbus,
    snmp,
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
  });

  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Commands are often sent as PATCH with an empty body: that is an empty object, not an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    jsonParser(req, body as string, done);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendError(reply, error.status, error.message, error.errors);
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

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    if (request.url.startsWith(API_PREFIX)) reply.header('Cache-Control', 'no-store');
  });

  // On the root before any API plugin: an encapsulated child inherits the hooks its parent has
  // when it is registered, so every plugin's routes pass the one permission check.
  registerAuthHook(app, resolvePrincipal);
  const now = ctx.now;
  await app.register(authApi, { signIn: users.signIn });
  await app.register(deviceApi, { device, certificate, meter, events, now, requestReboot: ctx.requestReboot });
  await app.register(readingsApi, { meter, device, now });
  await app.register(meteringApi, { meter, device, relays: meterSettings.relays, events, now });
  await app.register(usersApi, { accounts: users.accounts, roles: users.roles, settings: users.settings });
  await app.register(logsApi, { events, meterEvents, alarms, dataLogs, device, dataDir: config.dataDir, now });
  await app.register(trendsApi, { trends, events });
  await app.register(meterSettingsApi, { meterSettings });
  await app.register(sectionsApi, { sections });
  await app.register(mqttApi, { mqtt, events });
  await app.register(snmpApi, { snmp });

  const consoleDir = resolve(config.consoleDir ?? DEFAULT_CONSOLE_DIR);
  const hasConsole = existsSync(resolve(consoleDir, 'index.html'));
  if (hasConsole) await app.register(fastifyStatic, { root: consoleDir, wildcard: false, index: ['index.html'] });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === API_PREFIX || path.startsWith(API_PREFIX + '/') || !hasConsole || request.method !== 'GET' || /\.[a-z0-9]+$/i.test(path)) {
      return sendError(reply, 404, serverMessages.notFound);
    }
    // The console routes in the browser: every other page path gets the single-page app.
    return reply.type('text/html').sendFile('index.html');
  });

  app.addHook('onReady', async () => {
    await Promise.all([mqtt.start(), modbus.start(), snmp.reload()]);
  });
  app.addHook('onClose', async () => {
    ticker.stop();
    await Promise.all([mqtt.close(), modbus.close(), snmp.close()]);
    sessions.endAll();
    registers.close();
    await trends.close();
    db.close();
  });
  return { app, services };
}
