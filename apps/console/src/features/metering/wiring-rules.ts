/**
 * What the meter's wiring changes on the metering screens (000 §9, 001 §2 Demand screen), pure.
 * The wiring numbers here are the meter's (command/getWiringType), read together with mcStatus:
 * the two meter generations number their wiring types one apart, hence the paired cases.
 */
import { CHANNEL_COUNT, DEFAULT_WIRING_TYPE, PHASE_NAMES, REALTIME_KEYS, type ReadingRow } from '@meter/contract';
import { MISSING, readingsSkeleton, type ReadingsGrid } from '../../components/readings-table-data.ts';

/** 001 §3 Wiring info, as command/getWiringType answers it. */
export interface WiringInfo {
  WiringType: number;
  mcStatus: number;
}

/** Used when the wiring call fails: the contract's default wiring, which none of the cases below names. */
export const FALLBACK_WIRING: WiringInfo = { WiringType: DEFAULT_WIRING_TYPE, mcStatus: 1 };

export { PHASE_NAMES };
export const isPhaseName = (name: unknown): boolean => (PHASE_NAMES as readonly unknown[]).includes(name);

/** 000 §9: mcStatus 1 with wiring 4, or mcStatus 0 with wiring 5, has no TOU for input channels. */
export const hidesInputChannelTou = ({ WiringType, mcStatus }: WiringInfo): boolean => (mcStatus === 1 && WiringType === 4) || (mcStatus === 0 && WiringType === 5);

/**
 * 000 §9, 001 §2: mcStatus 1 with wiring 3, or mcStatus 0 with wiring 4, measures no phase to
 * neutral: line-to-neutral voltage leaves the system table and per-phase power values show '-'.
 */
export const hidesPhaseValues = ({ WiringType, mcStatus }: WiringInfo): boolean => (mcStatus === 1 && WiringType === 3) || (mcStatus === 0 && WiringType === 4);

/** Whether the Current/Prior Month TOU tables of the chosen channel are shown (user channels keep them). */
export const showsChannelTou = (wiring: WiringInfo, channel: number): boolean => !(hidesInputChannelTou(wiring) && channel >= 1 && channel <= CHANNEL_COUNT);

/** Real-time per-phase values that depend on the phase-to-neutral measurement. */
const PHASE_POWER_KEYS = [REALTIME_KEYS.activePower, REALTIME_KEYS.reactivePower, REALTIME_KEYS.apparentPower] as const;
/** 000 §9 defaults, shown for a phase whose power is not measured. */
export const DEFAULT_POWER_FACTOR = '1.000';
export const DEFAULT_LOAD_NATURE = 'R';

/** Basic's System table under the wiring: rows unchanged unless the phase values are not measured. */
export function realtimeSystemRows(rows: readonly ReadingRow[] | undefined, wiring: WiringInfo): ReadingRow[] | undefined {
  if (!rows || !hidesPhaseValues(wiring)) return rows as ReadingRow[] | undefined;
  return rows.map((row) => {
    const { [REALTIME_KEYS.vln]: _dropped, ...rest } = row;
    if (!isPhaseName(row.Name)) return rest;
    const out: ReadingRow = { ...rest };
    for (const k of PHASE_POWER_KEYS) if (k in out) out[k] = MISSING;
    if (REALTIME_KEYS.powerFactor in out) out[REALTIME_KEYS.powerFactor] = DEFAULT_POWER_FACTOR;
    if (REALTIME_KEYS.loadNature in out) out[REALTIME_KEYS.loadNature] = DEFAULT_LOAD_NATURE;
    return out;
  });
}

/** The System table's shape before its first reply: the three phases and System, the real-time parameters under the wiring. */
export function systemSkeleton(wiring: WiringInfo): ReadingsGrid {
  const keys = Object.values(REALTIME_KEYS).filter((k) => k !== REALTIME_KEYS.vln || !hidesPhaseValues(wiring));
  return readingsSkeleton([...PHASE_NAMES, 'System'], keys);
}
