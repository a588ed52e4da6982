/**
 * The four meter settings sections as backends of the generic section store: each reads its
 * document from where the values live (read.ts) and writes a validated one back, and the
 * simulated meter and its registers take the new values at once. The store checks the seal and
 * writes the module event log; here the pulse-verified lock, and the meter's modifySysParam event
 * when a save changed something.
 */
import {
  ALARM_IDS,
  CT_KEYS,
  DI_CONFIG_KEYS,
  DI_UNIT_DEFS,
  DO_CHANNEL_KEYS,
  IO_LABELS,
  USER_ID_KEYS,
  diTypeLocked,
  meterAlarmSection,
  meterGeneralSection,
  meterIoSection,
  meterSettingsTexts as t,
  meterUserCtSection,
  sameValue,
  type AlarmConfig,
  type AnySection,
  type DemandMethod,
  type DiConfig,
  type IoConfig,
  type MeterContext,
  type MeterSettings,
  type MeterSettingsSection,
  type UserCtConfig,
  type UserMapping,
} from '@meter/contract';
import { badRequest } from '../../errors.ts';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { MeterEventLog } from '../logs/meter-event-log.ts';
import type { SectionBackend, SectionWrite } from '../sections/section-backend.ts';
import type { AlarmEngine } from './alarm-engine.ts';
import { fieldLabel } from './field-labels.ts';
import { type ReadDeps, readAlarm, readGeneral, readIo, readUserCt } from './read.ts';
import type { RelayController } from './relay-control.ts';

export interface SaveDeps extends ReadDeps {
  meter: ReadingSource;
  relays: RelayController;
  engine: AlarmEngine;
  meterEvents: MeterEventLog;
}

type Body = Record<string, unknown>;
type Undo = SectionWrite['onRollback'];

const refuse = (key: string, message: string) => badRequest(message, { [key]: message });

function applyGeneral(d: SaveDeps, b: Body, undo: Undo): void {
  d.device.updateState({ deviceDescription: b.deviceDescription as string, ratedVoltage: b.ratedVoltage as number, meterAddress: b.meterAddress as number });
  const num = (k: string) => b[k] as number;
  undo(
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
  undo(d.store.set('alarm', doc));
  d.engine.reconfigured(before, now);
}

function applyIo(d: SaveDeps, b: Body, now: number, undo: Undo): void {
  const rows = DI_CONFIG_KEYS.map((k) => b[k] as DiConfig);
  const relaysBefore = d.store.relaySettings();
  const num = (k: string) => b[k] as number;
  undo(
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
  undo(d.store.set('userCt', { enableDisplay: users.map((u) => u.enableDisplay) }));
  d.meter.configure({ ctFullScale, wiringType: d.device.wiringCode() });
  // A user channel's inputs change with the wiring: its demand belongs to another circuit.
  if (before !== b.connectionType) d.registers.resetUserChannelDemand();
}

/** A section backend of the meter: every write may reconfigure the meter, and a change is a modifySysParam. */
function meterBackend<T extends object>(
  d: SaveDeps,
  section: MeterSettingsSection,
  read: () => T,
  apply: (next: T, before: T, w: SectionWrite) => void,
): SectionBackend<T, MeterContext> {
  return {
    read,
    write: (next, before, w) => {
      // After a rollback the device state is the stored one again: the meter follows it.
      w.onRollback(() => d.meter.configure(d.device.meterConfig()));
      apply(next, before, w);
      if (w.changed) d.meterEvents.write('modifySysParam', w.now);
    },
    keyLabel: (key) => fieldLabel(section, key),
  };
}

export function meterSectionBackends(d: SaveDeps): Array<[AnySection, SectionBackend<object, MeterContext>]> {
  const io = meterBackend<IoConfig>(
    d,
    'io',
    () => readIo(d),
    (next, _before, w) => applyIo(d, next, w.now, w.onRollback),
  );
  // 001 §4 "Pulse input rows": the DI type changes only on a pulse-verified meter.
  io.check = (next, before, ctx) => {
    if (!diTypeLocked(ctx)) return;
    DI_CONFIG_KEYS.forEach((k, i) => {
      if (next[k].type !== before[k].type) throw refuse(`${k}.type`, t.diTypeLocked(IO_LABELS.diType(i + 1)));
    });
  };
  return [
    [
      meterGeneralSection,
      meterBackend<MeterSettings>(
        d,
        'general',
        () => readGeneral(d),
        (next, _before, w) => applyGeneral(d, next, w.onRollback),
      ),
    ],
    [
      meterAlarmSection,
      meterBackend<AlarmConfig>(
        d,
        'alarm',
        () => readAlarm(d),
        (next, before, w) => applyAlarm(d, next, before, w.now, w.onRollback),
      ),
    ],
    [meterIoSection, io],
    [
      meterUserCtSection,
      meterBackend<UserCtConfig>(
        d,
        'userCt',
        () => readUserCt(d),
        (next, _before, w) => applyUserCt(d, next, w.onRollback),
      ),
    ],
  ] as Array<[AnySection, SectionBackend<object, MeterContext>]>;
}
