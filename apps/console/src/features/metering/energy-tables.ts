/**
 * The Energy screen's tables (000 §2) from energy rows, pure: Real-Time (lifetime registers),
 * Current Month TOU and Prior Month TOU, each as readings rows for the shared ReadingsTable.
 */
import { ENERGY_KEYS, TOU_KEYS, TOU_RATES, type EnergyRow, type ReadingRow } from '@meter/contract';
import { MISSING } from '../../components/readings-table-data.ts';
import { hidesPhaseValues, isPhaseName, type WiringInfo } from './wiring-rules.ts';

export interface EnergyParameter {
  /** Row label in the table. */
  label: string;
  /** Key in the reply row. */
  key: keyof EnergyRow;
}

export interface EnergyTableDef {
  title: string;
  parameters: readonly EnergyParameter[];
}

const RATE_LABELS = { normal: 'Normal', peak: 'Peak', sharp: 'Sharp', valley: 'Valley', total: 'Total' } as const;
const touParameters = (keys: (typeof TOU_KEYS)[keyof typeof TOU_KEYS]): EnergyParameter[] =>
  [...TOU_RATES, 'total' as const].map((r) => ({ label: `${RATE_LABELS[r]} kWh`, key: keys[r] }));

export const REAL_TIME: EnergyTableDef = {
  title: 'Real-Time',
  parameters: Object.values(ENERGY_KEYS).map((key) => ({ label: key, key })),
};
export const CURRENT_MONTH_TOU: EnergyTableDef = { title: 'Current Month TOU', parameters: touParameters(TOU_KEYS.currentMonth) };
export const PRIOR_MONTH_TOU: EnergyTableDef = { title: 'Prior Month TOU', parameters: touParameters(TOU_KEYS.priorMonth) };

/** Energy registers are shown with the 2 decimals the module rounds them to. */
const kwh = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(2) : MISSING);

/**
 * One table's rows: Name plus the table's parameters. `dashPhases` writes '-' for the phase rows
 * (000 §9: per-phase values of a wiring without phase-to-neutral measurement).
 */
export function energyTable(rows: readonly EnergyRow[] | undefined, table: EnergyTableDef, dashPhases = false): ReadingRow[] | undefined {
  return rows?.map((row) => {
    const dash = dashPhases && isPhaseName(row.Name);
    const out: ReadingRow = { Name: row.Name };
    for (const p of table.parameters) out[p.label] = dash ? MISSING : kwh(row[p.key]);
    return out;
  });
}

/** The System tables: phase rows dashed under the wirings of 000 §9. */
export const systemEnergyTable = (rows: readonly EnergyRow[] | undefined, table: EnergyTableDef, wiring: WiringInfo) => energyTable(rows, table, hidesPhaseValues(wiring));
