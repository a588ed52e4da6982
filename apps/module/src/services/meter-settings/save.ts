/**
 * Saving a meter settings section: the body was validated with the section's schema factory
 * under the live device context (registry + schemaFor); here the seal and the pulse-verified lock
 * are enforced, then everything is written in one transaction with the module event log entry
 * ('Meter settings (General) saved by admin') and, if anything changed, the meter's modifySysParam
 * event; the simulated meter and its registers take the new values at once.
 */
import {
  ALARM_IDS,
  CT_KEYS,
  DI_CONFIG_KEYS,
  DI_UNIT_DEFS,
  DO_CHANNEL_KEYS,
  IO_LABELS,
  USER_ID_KEYS,
  alarmConfigSchema,
  diTypeLocked,
  ioConfigSchema,
  meterSettingsSchema,
  meterSettingsTexts as t,
  sameValue,
  sealedFields,
  userCtConfigSchema,
  type AlarmConfig,
  type DemandMethod,
  type DiConfig,
  type MeterContext,
  type MeterSettingsSection,
  type UserMapping,
} from '@meter/contract';
import type { z } from 'zod';
import { badRequest } from '../../errors.ts';
import type { ModuleContext } from '../../context.ts';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { MeterEventLog } from '../logs/meter-event-log.ts';
import type { AlarmEngine } from './alarm-engine.ts';
import { fieldLabel } from './field-labels.ts';
import { type ReadDeps, readAlarm, readContext, readGeneral, readIo, readUserCt } from './read.ts';
import type { RelayController } from './relay-control.ts';

export interface SaveDeps extends ReadDeps {
  ctx: ModuleContext;
  meter: ReadingSource;
  relays: RelayController;
  engine: AlarmEngine;
  events: ModuleEventLog;
  meterEvents: MeterEventLog;
}

type Body = Record<string, unknown>;
type Undo = Array<() => void>;

/** Section names in the module event log. */
export const SECTION_NAMES: Record<MeterSettingsSection, string> = { general: 'General', alarm: 'Alarm', io: 'I/O and Event', userCt: 'User and CT' };
/** Keys a body may carry back but this section never changes. */
const READ_ONLY: Record<MeterSettingsSection, readonly string[]> = { general: ['meterPassword', 'voltageWiring'], alarm: [], io: ['diAdvancedOptions'], userCt: [] };
const READ = { general: readGeneral, alarm: readAlarm, io: readIo, userCt: readUserCt } as const;

/** The schema a PUT of the section is validated with now (the same factory the console uses). */
export function schemaFor(section: MeterSettingsSection, ctx: MeterContext): z.ZodType {
  switch (section) {
    case 'general':
      return meterSettingsSchema(ctx);
    case 'alarm':
      return alarmConfigSchema(ctx);
    case 'io':
      return ioConfigSchema(ctx);
    case 'userCt':
      return userCtConfigSchema(ctx);
  }
}

const refuse = (key: string, message: string) => badRequest(message, { [key]: message });

function applyGeneral(d: SaveDeps, b: Body, undo: Undo): void {
  d.device.updateState({ deviceDescription: b.deviceDescription as string, ratedVoltage: b.ratedVoltage as number, meterAddress: b.meterAddress as number });
  const num = (k: string) => b[k] as number;
  undo.push(
    d.store.set('general', {
      deviceTransformer: num('deviceTransformer'),
      diTriggerCondition: num('diTriggerCondition'),
      diSyncSource: num('diSyncSource'),
      varCalMethod: num('varCalMethod'),
      varPfConvention: num('varPfConvention'),
      protocolSelect: num('protocolSelect'),
      meterBaud: num('meterBaud'),
      meterParity: num('meterParity'),
      bacnetAddress: num('bacnetAddress'),
      bacnetBaud: num('bacnetBaud'),
      maxInfoFrame: num('maxInfoFrame'),
      bacnetId: num('bacnetId'),
      autoCycleStartTime: num('autoCycleStartTime'),
      autoCycleShowTime: num('autoCycleShowTime'),
      powerDecimal: num('powerDecimal'),
      backlightTime: num('backlightTime'),
      optionalSealConfig: { ...(b.optionalSealConfig as ReturnType<typeof readGeneral>['optionalSealConfig']) },
    }),
  );
  const demand = { method: num('demandMethod') as DemandMethod, subInterval: num('subInterval'), window: num('avgIntervalWindow') };
  // New windows restart the demand history (its sub-intervals had another length); peaks stay.
  if (!sameValue(demand, d.registers.demandSettings())) d.registers.configureDemand(demand);
  d.meter.configure({ ratedVoltage: num('ratedVoltage') });
}

function applyAlarm(d: SaveDeps, b: Body, before: AlarmConfig, now: number, undo: Undo): void {
  const doc = { enable: b.enable === true, ...Object.fromEntries(ALARM_IDS.map((k) => [k, { ...(b[k] as AlarmConfig[typeof k]) }])) } as AlarmConfig;
  undo.push(d.store.set('alarm', doc));
  d.engine.reconfigured(before, now);
}

function applyIo(d: SaveDeps, b: Body, now: number, undo: Undo): void {
  const rows = DI_CONFIG_KEYS.map((k) => b[k] as DiConfig);
  const relaysBefore = d.store.relaySettings();
  const num = (k: string) => b[k] as number;
  undo.push(
    d.store.set('io', {
      diCategory: rows.map((r) => r.category),
      diUnit: rows.map((r) => r.unit),
      systemEventAlarm: structuredClone(b.systemEventAlarm) as ReturnType<typeof readIo>['systemEventAlarm'],
      pulseConst: num('pulseConst'),
      pulseWidth: num('pulseWidth'),
      doChannels: DO_CHANNEL_KEYS.map((k) => num(k)),
      ro1Type: num('ro1Type'),
      ro2Type: num('ro2Type'),
      ro1OutputMode: num('ro1OutputMode'),
      ro2OutputMode: num('ro2OutputMode'),
      roPulseWidth: num('roPulseWidth'),
      roAlarmOutputTime: num('roAlarmOutputTime'),
    }),
  );
  d.device.updateState({ diNames: rows.map((r) => r.name) });
  const setup = rows.map((r) => ({ type: r.type as 0 | 1, unit: DI_UNIT_DEFS[r.unit] ?? '', ratio: r.ratio }));
  const current = d.registers.digitalInputs().map(({ setup: s }) => ({ type: s.type, unit: s.unit, ratio: s.ratio }));
  // A status input becomes a counter (or back) at once; counts already made are kept.
  if (!sameValue(setup, current)) d.registers.configureDigitalInputs(setup);
  d.relays.reconfigured(relaysBefore, now);
}

function applyUserCt(d: SaveDeps, b: Body, undo: Undo): void {
  const before = d.device.state().wiringType;
  const users = USER_ID_KEYS.map((k) => b[k] as UserMapping);
  const ctFullScale = CT_KEYS.map((k) => b[k] as number);
  d.device.updateState({ ctFullScale, wiringType: b.connectionType as number, userNames: users.map((u) => ({ channel: u.channel, userName: u.userName })) });
  undo.push(d.store.set('userCt', { enableDisplay: users.map((u) => u.enableDisplay) }));
  d.meter.configure({ ctFullScale, wiringType: d.device.wiringCode() });
  // A user channel's inputs change with the wiring: its demand belongs to another circuit.
  if (before !== b.connectionType) d.registers.resetUserChannelDemand();
}

/** Saves a validated body; 400 naming the field for a sealed or locked change, nothing written then. */
export function saveSection(d: SaveDeps, section: MeterSettingsSection, body: Body, user: string): void {
  const ctx = readContext(d);
  const before = READ[section](d) as unknown as Body;
  for (const key of sealedFields(section, ctx)) {
    if (!sameValue(body[key], before[key])) throw refuse(key, t.sealed(fieldLabel(section, key)));
  }
  if (section === 'io' && diTypeLocked(ctx)) {
    DI_CONFIG_KEYS.forEach((k, i) => {
      if ((body[k] as DiConfig).type !== (before[k] as DiConfig).type) throw refuse(`${k}.type`, t.diTypeLocked(IO_LABELS.diType(i + 1)));
    });
  }
  const changed = Object.keys(before).some((k) => !READ_ONLY[section].includes(k) && !sameValue(body[k], before[k]));
  const now = d.ctx.now();
  const undo: Undo = [];
  try {
    d.ctx.db.transaction(() => {
      if (section === 'general') applyGeneral(d, body, undo);
      else if (section === 'alarm') applyAlarm(d, body, before as unknown as AlarmConfig, now, undo);
      else if (section === 'io') applyIo(d, body, now, undo);
      else applyUserCt(d, body, undo);
      d.events.write('Info', t.savedEvent(SECTION_NAMES[section], user));
      if (changed) d.meterEvents.write('modifySysParam', now);
    })();
  } catch (err) {
    // The database rolled back; put the cached documents and the meter's config back with it.
    for (const u of undo.reverse()) u();
    d.meter.configure(d.device.meterConfig());
    throw err;
  }
}
