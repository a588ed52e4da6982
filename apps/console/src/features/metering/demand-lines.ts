/**
 * The Demand screen's table lines (001 §2 Demand screen), pure: one line per entry and parameter
 * with Demand, Demand Peak, Demand Peak Time and Prediction.
 */
import { DEMAND_KEYS, DEMAND_PARAMETERS, type DemandParameter, type DemandRow } from '@meter/contract';
import { MISSING } from '../../components/readings-table-data.ts';
import { formatWallTime } from '../../lib/device-time.ts';
import { isPhaseName } from './wiring-rules.ts';

export const DEMAND_PARAMETER_LABELS: Record<DemandParameter, string> = {
  current: 'Current Demand (A)',
  active: 'Active Power Demand (kW)',
  reactive: 'Reactive Power Demand (kvar)',
  apparent: 'Apparent Power Demand (kVA)',
};

export interface DemandLine {
  name: string;
  parameter: string;
  demand: string;
  peak: string;
  peakTime: string;
  prediction: string;
}

export const SYSTEM_NAME = 'System';

/** Demand values carry the module's 3 decimals. */
const kw = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(3) : MISSING);
/** The meter's 24-hour maximum time in the console's one date format. */
const time = (v: unknown): string => (typeof v === 'string' && v !== '' ? formatWallTime(v) : MISSING);

/** 001: Current Demand only for non-'System' names whose entry has a current-demand value. */
export const hasCurrentDemand = (row: DemandRow): boolean => row.Name !== SYSTEM_NAME && typeof row[DEMAND_KEYS.current.demand] === 'number';

/**
 * The lines of one table. `dashPhasePower`: the wiring cases of 001 (mcStatus 1 with wiring 3,
 * mcStatus 0 with wiring 4) measure no per-phase power, so the phase entries' power-demand lines
 * show '-' (phase currents are still measured, so Current Demand keeps its values).
 */
export function demandLines(rows: readonly DemandRow[] | undefined, dashPhasePower = false): DemandLine[] | undefined {
  return rows?.flatMap((row) =>
    DEMAND_PARAMETERS.filter((p) => p !== 'current' || hasCurrentDemand(row)).map((p): DemandLine => {
      const k = DEMAND_KEYS[p];
      const dash = dashPhasePower && p !== 'current' && isPhaseName(row.Name);
      const r = row as Record<string, unknown>;
      return {
        name: row.Name,
        parameter: DEMAND_PARAMETER_LABELS[p],
        demand: dash ? MISSING : kw(r[k.demand]),
        peak: dash ? MISSING : kw(r[k.peak]),
        peakTime: dash ? MISSING : time(r[k.peakTime]),
        prediction: dash ? MISSING : kw(r[k.prediction]),
      };
    }),
  );
}
