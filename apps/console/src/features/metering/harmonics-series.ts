/**
 * Harmonics rows → the System/Channel tables and the bar chart's series, pure. The select picks
 * the voltage or the current keys (000 §2 Reading › Metering › Harmonics).
 */
import { HARMONIC_KEYS, HARMONIC_ORDERS, type ReadingRow } from '@meter/contract';
import { MISSING } from '../../components/readings-table-data.ts';

export type HarmonicsKind = 'voltage' | 'current';
export const HARMONICS_KINDS: readonly { value: HarmonicsKind; label: string }[] = [
  { value: 'voltage', label: 'Voltage' },
  { value: 'current', label: 'Current' },
];

type HarmonicsRow = { Name: string } & Record<string, string | number>;

export interface HarmonicsSeries {
  label: string;
  /** One value per order of HARMONIC_ORDERS, in %; null where the row has none. */
  values: (number | null)[];
}

const thdKey = (kind: HarmonicsKind) => (kind === 'voltage' ? HARMONIC_KEYS.voltageThd : HARMONIC_KEYS.currentThd);
const orderKey = (kind: HarmonicsKind, order: number) => HARMONIC_KEYS[kind](order);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** One series per row (phase or input) with the orders 2..31; rows without any order value are left out. */
export function harmonicSeries(rows: readonly HarmonicsRow[] | undefined, kind: HarmonicsKind): HarmonicsSeries[] {
  return (rows ?? []).flatMap((row) => {
    const values = HARMONIC_ORDERS.map((o) => num(row[orderKey(kind, o)]));
    return values.some((v) => v !== null) ? [{ label: String(row.Name), values }] : [];
  });
}

/** Table rows: Name, THD and the orders of the chosen kind, with the module's 2 decimals. */
export function harmonicsTable(rows: readonly HarmonicsRow[] | undefined, kind: HarmonicsKind): ReadingRow[] | undefined {
  return rows?.map((row) => {
    const out: ReadingRow = { Name: row.Name };
    for (const key of [thdKey(kind), ...HARMONIC_ORDERS.map((o) => orderKey(kind, o))]) {
      const v = num(row[key]);
      out[key] = v === null ? MISSING : v.toFixed(2);
    }
    return out;
  });
}
