/**
 * Readings (000 §2 Reading › Metering, §3, §7; 001 §3 Demand record): the row schemas, metering
 * keys and labels, the meter link and the calls. Texts in texts.ts.
 */
import { z } from 'zod';
import { flag, strictObject } from '../../rules/fields.ts';
import { successReply } from '../../schemas/common.ts';
import { read, write, pathParams, ep } from '../../endpoints/define.ts';
import { meterLinkReply, readingRows } from './rows.ts';

/**
 * Energy, TOU, demand, harmonics and IO readings (000 §2 Reading › Metering, §7; 001 §3 Demand
 * record). Rows keep the realtime format: `Name` plus parameter keys with units. The key strings
 * are decided once here so the module writes and the console reads the same ones.
 *
 * Row names, for every row call:
 *   …/system                 'Phase A', 'Phase B', 'Phase C', 'System'
 *   …/channels/:channel 1-18 'Input Channel n', or 'Input Channel n - {user name}' when the
 *                            User and Channel Mapping gives the channel a user with a name
 *   …/channels/:channel 19+  one row per input of the user channel ('Phase A', 'Phase B'
 *                            [, 'Phase C']) and a 'Total' row (energy and demand only)
 * A channel that does not exist under the present wiring (all above 18 under 1LN, 25-27 except
 * under Network; options/meter-settings/wiring.ts) answers 404, as readings/realtime does.
 */
/**
 * A value of a readings row: the number, or '-' where the meter gives none (a real meter whose
 * profile lacks it, or one that stopped answering: docs/modbus.md). Never an invented number.
 */
export const MISSING_VALUE = '-';
export const readingValue = z.union([z.number(), z.literal(MISSING_VALUE)]);
type ValueShape<K extends string> = { [P in K]: typeof readingValue };
const numbers = <const K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, readingValue])) as ValueShape<K>;

// ---------------------------------------------------------------------------------------------
// Energy (readings/energy/system, readings/energy/channels/:channel)

/** Lifetime registers of the Real-Time energy table, 2 decimals. */
export const ENERGY_KEYS = {
  importActive: 'Import Active Energy kWh',
  exportActive: 'Export Active Energy kWh',
  importReactive: 'Import Reactive Energy kvarh',
  exportReactive: 'Export Reactive Energy kvarh',
  apparent: 'Apparent Energy kVAh',
} as const;

/** TOU rates, in the order the tables show them. Only import active energy is split by rate. */
export const TOU_RATES = ['normal', 'peak', 'sharp', 'valley'] as const;
export type TouRate = (typeof TOU_RATES)[number];

/** Current Month TOU and Prior Month TOU tables: the four rates and their Total, kWh, 2 decimals. */
export const TOU_KEYS = {
  currentMonth: {
    normal: 'Current Month Normal kWh',
    peak: 'Current Month Peak kWh',
    sharp: 'Current Month Sharp kWh',
    valley: 'Current Month Valley kWh',
    total: 'Current Month Total kWh',
  },
  priorMonth: {
    normal: 'Prior Month Normal kWh',
    peak: 'Prior Month Peak kWh',
    sharp: 'Prior Month Sharp kWh',
    valley: 'Prior Month Valley kWh',
    total: 'Prior Month Total kWh',
  },
} as const;

const energyKeyList = [...Object.values(ENERGY_KEYS), ...Object.values(TOU_KEYS.currentMonth), ...Object.values(TOU_KEYS.priorMonth)];
/** One row holds all three tables' values for its Name; the console splits them by key. */
export const energyRow = z.object({ Name: z.string(), ...numbers(energyKeyList) });
export type EnergyRow = z.infer<typeof energyRow>;
export const energyRows = z.array(energyRow);

// ---------------------------------------------------------------------------------------------
// Demand (readings/demand/system, readings/demand/channels/:channel), 001 §3 Demand record

/**
 * Keys of each demand parameter, exactly as 001 §3 spells them. Values: demand and prediction
 * numbers with 3 decimals; the maximum time is text 'YYYY/MM/DD HH:mm:ss' in the device time
 * zone, or '-' when no window has completed since the peaks were last reset.
 */
export const DEMAND_KEYS = {
  current: {
    demand: 'Current Demand A',
    peak: 'Current Demand Maximum Value A',
    peakTime: 'Current Demand Maximum Time',
    prediction: 'Current Demand Prediction Value A',
  },
  active: {
    demand: 'Active Demand kW',
    peak: 'Active Demand Maximum Value kW',
    peakTime: 'Active Demand Maximum Time',
    prediction: 'Active Demand Prediction Value kW',
  },
  reactive: {
    demand: 'Reactive Demand kvar',
    peak: 'Reactive Demand Maximum Value kvar',
    peakTime: 'Reactive Demand Maximum Time',
    prediction: 'Reactive Demand Prediction Value kvar',
  },
  apparent: {
    demand: 'Apparent Demand kVA',
    peak: 'Apparent Demand Maximum Value kVA',
    peakTime: 'Apparent Demand Maximum Time',
    prediction: 'Apparent Demand Prediction Value kVA',
  },
} as const;
export const DEMAND_PARAMETERS = ['current', 'active', 'reactive', 'apparent'] as const;
export type DemandParameter = (typeof DEMAND_PARAMETERS)[number];
/** Shown in place of a maximum time before any window has completed. */
export const NO_DEMAND_TIME = '-';

const demandGroup = <G extends (typeof DEMAND_KEYS)[DemandParameter]>(g: G) =>
  ({ [g.demand]: readingValue, [g.peak]: readingValue, [g.peakTime]: z.string(), [g.prediction]: readingValue }) as {
    [P in G['demand'] | G['peak'] | G['prediction']]: typeof readingValue;
  } & { [P in G['peakTime']]: z.ZodString };

/**
 * 001: "The Current Demand row is shown only for non-'System' names", so the row named 'System'
 * carries no current-demand keys; every other row carries all four parameters.
 */
export const demandRow = z.object({
  Name: z.string(),
  ...demandGroup(DEMAND_KEYS.active),
  ...demandGroup(DEMAND_KEYS.reactive),
  ...demandGroup(DEMAND_KEYS.apparent),
  ...z.object(demandGroup(DEMAND_KEYS.current)).partial().shape,
});
export type DemandRow = z.infer<typeof demandRow>;
export const demandRows = z.array(demandRow);

/** 001 §3 option list: 1 Rolling Window, 2 Fixed Window (3 Thermal and 0 Sliding are not simulated). */
export const DEMAND_METHOD = { rollingWindow: 1, fixedWindow: 2 } as const;
export type DemandMethod = (typeof DEMAND_METHOD)[keyof typeof DEMAND_METHOD];
/** Meter settings names of 001 §3 (demandMethod, subInterval, avgIntervalWindow in minutes). */
export const DEMAND_DEFAULTS = { demandMethod: 1, subInterval: 1, avgIntervalWindow: 15 } as const satisfies {
  demandMethod: DemandMethod;
  subInterval: number;
  avgIntervalWindow: number;
};

// ---------------------------------------------------------------------------------------------
// Harmonics (readings/harmonics/voltage, readings/harmonics/current/:channel)

/** Orders 2..31 (the fundamental is the 100 % reference and is not listed). */
export const HARMONIC_ORDERS = Array.from({ length: 30 }, (_, i) => i + 2);
/**
 * Harmonic keys: THD and each order in % of the fundamental, 2 decimals.
 * THD = sqrt(Σ h²) over orders 2..31, computed from the unrounded orders.
 */
export const HARMONIC_KEYS = {
  voltageThd: 'Voltage THD %',
  currentThd: 'Current THD %',
  voltage: (order: number) => `Voltage Harmonics ${order} %`,
  current: (order: number) => `Current Harmonics ${order} %`,
} as const;

/**
 * readings/harmonics/voltage is the System table: rows 'Phase A', 'Phase B', 'Phase C', each with
 * the phase voltage's THD and orders and the phase current's THD and orders (the phase current is
 * the sum of its inputs, so its spectrum is the system's current per phase).
 */
export const systemHarmonicsRow = z.object({ Name: z.string() }).catchall(readingValue);
/**
 * readings/harmonics/current/:channel: one row per input ('Input Channel n', or 'Phase A'.. for a
 * user channel), each with 'Current THD %' and the 30 'Current Harmonics n %'. An input without
 * current (no CT, no load) reads 0 everywhere.
 */
export const currentHarmonicsRow = systemHarmonicsRow;
export const harmonicsRows = z.array(systemHarmonicsRow);

// ---------------------------------------------------------------------------------------------
// IO (readings/io, command/setRO)

/** 001 §3 IO config: DI type 0 status, 1 counter. */
export const DI_TYPE = { status: 0, counter: 1 } as const;
export const RELAY_NAMES = ['RO1', 'RO2'] as const;

/**
 * One digital input. name: from settings/getDiName. status: 0 open / 1 closed (a counter input's
 * contact flips with every pulse). counter: pulses counted (0 for status inputs). value:
 * counter × the input's ratio, in `unit` (4 decimals; 0 and '' for status inputs).
 */
export const digitalInput = z.object({
  name: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  counter: z.number().int(),
  value: z.number(),
  unit: z.string(),
  type: z.union([z.literal(0), z.literal(1)]),
});
export const relayOutput = z.object({ name: z.string(), status: z.union([z.literal(0), z.literal(1)]) });
/** readings/io: di has 18 entries (DI1..DI18 in order), ro has 2 (RO1, RO2). */
export const ioReply = z.object({ di: z.array(digitalInput), ro: z.array(relayOutput) });
export type IoReply = z.infer<typeof ioReply>;

/** 000 §7 command/setRO: both relay states, 0 open / 1 closed; the reply is {value: 'Success'}. */
export const setRoBody = strictObject({ ro1: flag('RO1'), ro2: flag('RO2') });
export type SetRoBody = z.infer<typeof setRoBody>;

export const readingEndpoints = {
  // Readings (000 §7).
  realtimeSystem: ep({ method: 'GET', path: '/readings/realtime/system', reply: readingRows, auth: read('readings') }),
  realtimeChannel: ep({ method: 'GET', path: '/readings/realtime/channels/:channel', params: pathParams('channel'), reply: readingRows, auth: read('readings') }),
  energySystem: ep({ method: 'GET', path: '/readings/energy/system', reply: energyRows, auth: read('readings') }),
  energyChannel: ep({ method: 'GET', path: '/readings/energy/channels/:channel', params: pathParams('channel'), reply: energyRows, auth: read('readings') }),
  demandSystem: ep({ method: 'GET', path: '/readings/demand/system', reply: demandRows, auth: read('readings') }),
  demandChannel: ep({ method: 'GET', path: '/readings/demand/channels/:channel', params: pathParams('channel'), reply: demandRows, auth: read('readings') }),
  harmonicsVoltage: ep({ method: 'GET', path: '/readings/harmonics/voltage', reply: harmonicsRows, auth: read('readings') }),
  harmonicsCurrent: ep({ method: 'GET', path: '/readings/harmonics/current/:channel', params: pathParams('channel'), reply: harmonicsRows, auth: read('readings') }),
  /** Whether the meter answers (issue 26: a real meter behind the module); the readings screens' banner. */
  meterLink: ep({ method: 'GET', path: '/readings/meter-link', reply: meterLinkReply, auth: read('readings') }),
  io: ep({ method: 'GET', path: '/readings/io', reply: ioReply, auth: read('readings') }),
  /** The console shows Toggle to admin only (000 §6); the server's rule is readings edit. */
  setRO: ep({ method: 'PATCH', path: '/command/setRO', body: setRoBody, reply: successReply, auth: write('readings') }),
} as const;
