/**
 * Energy, demand, harmonics and IO readings (000 §7, 001 §7) and the relay command, read from the
 * meter through its ReadingSource (registers for energy, demand, counters and relays; the
 * snapshot's instant for harmonics and DI status).
 */
import { CHANNEL_COUNT, PHASE_NAMES, RELAY_NAMES, endpoints, meterSettingsTexts, requestMessages, round, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import { PHASES, type DemandView, type ReadingSource, type RegisterSet } from '../../meter/reading-source.ts';
import { sumSets } from '../../meter/registers/energy.ts';
import { currentHarmonicsRow, demandRow, energyRow, systemHarmonicsRow } from '../../meter/registers/rows.ts';
import { SYSTEM_SLOT, inputSlot, phaseSlot, userSlot } from '../../meter/registers/sampling.ts';
import { channelInputs, inputChannelName, phaseName, userNameOf } from '../../meter/rows.ts';
import type { DeviceService } from '../../services/device/device-service.ts';
import type { ModuleEventLog } from '../../services/events/module-event-log.ts';
import type { RelayController } from '../../services/meter-settings/relay-control.ts';
import { badRequest, notFound } from '../../errors.ts';
import { handle } from '../registry.ts';

/** The system tables' rows: the three phases, then the system. */
const SYSTEM_ROWS = [...PHASES.map((ph) => ({ name: PHASE_NAMES[ph], slot: phaseSlot(ph) })), { name: 'System', slot: SYSTEM_SLOT }];

/** A channel's rows as (name, input) pairs plus the user channel number, or 404 (as readings/realtime). */
function resolveChannel(raw: string, wiring: number, userName: (channel: number) => string): { inputs: Array<[string, number]>; user?: number } {
  const channel = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  const ids = Number.isInteger(channel) ? channelInputs(channel, wiring) : null;
  if (!ids) throw notFound(requestMessages.notFound);
  if (channel <= CHANNEL_COUNT) return { inputs: [[inputChannelName(channel, userName(channel)), channel]] };
  return { inputs: ids.map((n, k): [string, number] => [phaseName(k), n]), user: channel - CHANNEL_COUNT };
}

export interface MeteringApiOptions {
  meter: ReadingSource;
  /** The User and Channel Mapping's names and the DI names. */
  device: DeviceService;
  /** Relay commands go through the relay outputs' settings (Alarm, Momentary). */
  relays: RelayController;
  events: ModuleEventLog;
  now: () => number;
}

export const meteringApi: FastifyPluginAsync<MeteringApiOptions> = async (app, { meter, device, relays, events, now }) => {
  const zone = () => meter.config.timeZone ?? 0;
  // The layout the meter runs (the meter config's wiring code) and the User and Channel Mapping's names.
  const channel = (raw: string) => resolveChannel(raw, meter.config.wiringType, (n) => userNameOf(device.state().userNames, n));
  const set = (slot: string): Readonly<RegisterSet> => {
    const x = meter.energy(slot);
    if (!x) throw notFound(requestMessages.notFound);
    return x;
  };
  const demand = (slot: string): DemandView => {
    const v = meter.demand(slot);
    if (!v) throw notFound(requestMessages.notFound);
    return v;
  };

  // A first start seeds the registers' history in slices within a second or so of the start: the
  // readings of registers wait for it rather than answer 404 (no registers yet) or DI counts of zero.
  const seeded = () => meter.seeded();

  handle(app, endpoints.energySystem, async () => {
    await seeded();
    return SYSTEM_ROWS.map(({ name, slot }) => energyRow(name, set(slot)));
  });

  handle(app, endpoints.energyChannel, async ({ params }) => {
    await seeded();
    const { inputs, user } = channel(params.channel);
    const rows = inputs.map(([name, n]) => energyRow(name, set(inputSlot(n))));
    // Energy adds: a user channel's Total is the sum of its inputs' registers.
    if (user) rows.push(energyRow('Total', sumSets(inputs.map(([, n]) => set(inputSlot(n))))));
    return rows;
  });

  handle(app, endpoints.demandSystem, async () => {
    await seeded();
    return SYSTEM_ROWS.map(({ name, slot }) => demandRow(name, demand(slot), zone(), slot !== SYSTEM_SLOT));
  });

  handle(app, endpoints.demandChannel, async ({ params }) => {
    await seeded();
    const { inputs, user } = channel(params.channel);
    const rows = inputs.map(([name, n]) => demandRow(name, demand(inputSlot(n)), zone(), true));
    // Peaks do not add, so a user channel keeps a demand of its own.
    if (user) rows.push(demandRow('Total', demand(userSlot(user)), zone(), true));
    return rows;
  });

  handle(app, endpoints.harmonicsVoltage, () => {
    const snap = meter.snapshot(now());
    return PHASES.map((ph) => systemHarmonicsRow(PHASE_NAMES[ph], meter.voltageHarmonics(snap, ph), meter.phaseCurrentHarmonics(snap, ph)));
  });

  handle(app, endpoints.harmonicsCurrent, ({ params }) => {
    const { inputs } = channel(params.channel);
    const snap = meter.snapshot(now());
    return inputs.map(([name, n]) => currentHarmonicsRow(name, meter.inputCurrentHarmonics(snap, n)));
  });

  handle(app, endpoints.io, async () => {
    await seeded();
    const names = device.state().diNames;
    const ro = meter.relays();
    return {
      di: meter.digitalInputs(now()).map((di, i) => {
        const counter = di.type === 1 ? di.count : 0;
        return {
          name: names[i] ?? `DI${i + 1}`,
          status: di.status,
          counter,
          value: round(counter * di.ratio, 4),
          unit: di.unit,
          type: di.type,
        };
      }),
      ro: [
        { name: RELAY_NAMES[0], status: ro.ro1 },
        { name: RELAY_NAMES[1], status: ro.ro2 },
      ],
    };
  });

  handle(app, endpoints.setRO, ({ body, principal }) => {
    const before = meter.relays();
    // An Alarm-type relay follows the alarms; a Momentary one opens again after the RO pulse width.
    const refused = relays.command({ ro1: body.ro1, ro2: body.ro2 }, now());
    if (refused) throw badRequest(meterSettingsTexts.relayIsAlarmOutput(refused), { [`ro${refused}`]: meterSettingsTexts.relayIsAlarmOutput(refused) });
    const changed = (['ro1', 'ro2'] as const).filter((k) => before[k] !== body[k]);
    for (const k of changed) events.write('Info', `Relay output ${k === 'ro1' ? 1 : 2} set to ${body[k] ? 'ON' : 'OFF'} by ${principal.userName}`, principal.userName);
    return { value: serverMessages.success };
  });
};
