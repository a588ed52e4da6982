/**
 * The ground floor of the module, made first: the system log, SQLite and its key-value store, the
 * device clock (ctx.now), a pending factory reset or firmware, the event log, the device, its
 * certificate, users and sessions, download tickets, the ticker and the meter's registers.
 */
import type { ModuleConfig } from '../config.ts';
import type { ModuleContext } from '../context.ts';
import { SimulatedMeter } from '../meter/simulator.ts';
import { MeterRegisters } from '../meter/registers/meter-registers.ts';
import { RegisterStore } from '../meter/registers/register-store.ts';
import { CertificateStore } from '../services/certificates/certificate-store.ts';
import { SecondTicker } from '../services/clock/second-ticker.ts';
import { DeviceClock } from '../services/date-time/device-clock.ts';
import { DeviceService } from '../services/device/device-service.ts';
import { DownloadTickets } from '../services/downloads/download-tickets.ts';
import { ModuleEventLog } from '../services/events/module-event-log.ts';
import { applyPendingFirmware } from '../services/firmware/index.ts';
import { SystemLog, applyPendingFactoryReset } from '../services/maintenance/index.ts';
import { SecretThrottle } from '../services/throttle/secret-throttle.ts';
import { INITIAL_PASSWORD_FILE } from '../services/users/first-start.ts';
import { createUserServices } from '../services/users/index.ts';
import { KeyValueStore, openDatabase } from '../store/db.ts';

/** What the caller of buildApp may replace: the reboot request and the clock (tests do). */
export interface WiringOptions {
  requestReboot?: () => void;
  now?: () => number;
}

export async function openCore(config: ModuleConfig, options: WiringOptions) {
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
  return { systemLog, db, kv, clock, ctx, factoryReset, events, device, simulator, certificate, throttle, users, sessions, resolvePrincipal, resolveSession, tickets, ticker, registers };
}

/** The ground floor as openCore made it: every later stage builds on it. */
export type Core = Awaited<ReturnType<typeof openCore>>;
