/**
 * Transforms of trend data shared by the console (charts) and the module (reply capping):
 * energy differences (001 §3), the export size text (001 §3) and the M4 downsampler.
 */
import { round } from '../numbers.ts';

/** A trend row: Timestamp (unix seconds) plus one value per channel column. */
export type TrendRow = { Timestamp: number } & Record<string, number | string>;

const MISSING = -1;

function cell(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  // 001 §3: a value of '-1' is dropped (the device's mark for "no reading").
  return Number.isFinite(n) && n !== MISSING ? n : undefined;
}

/**
 * 001 §3: energy rows carry cumulative register values; the chart shows the difference between
 * consecutive rows, stamped with the later row. The first row only serves as the base (the
 * module's energy replies start with the bucket before the requested start for this reason).
 * A cell that is missing or -1 in either row is dropped from that output row.
 */
export function energyDifferences(rows: readonly TrendRow[], digits = 4): TrendRow[] {
  const out: TrendRow[] = [];
  for (let i = 1; i < rows.length; i++) {
    const cur = rows[i]!;
    const prev = rows[i - 1]!;
    const row: TrendRow = { Timestamp: cur.Timestamp };
    for (const key of Object.keys(cur)) {
      if (key === 'Timestamp') continue;
      const a = cell(cur[key]);
      const b = cell(prev[key]);
      if (a !== undefined && b !== undefined) row[key] = round(a - b, digits);
    }
    out.push(row);
  }
  return out;
}

/** 001 §3: B, KB above 1024 bytes, MB above 1048576 bytes, always 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes > 1_048_576) return `${(bytes / 1_048_576).toFixed(2)} MB`;
  if (bytes > 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${bytes.toFixed(2)} B`;
}

/**
 * M4 (Jugel et al., 2014): per pixel column keep the first, last, minimum and maximum point.
 * A line drawn through those is pixel-identical to one drawn through every point, so a
 * one-second spike survives however far the chart is zoomed out.
 * Returns the kept indices in ascending order; points without a finite value are skipped.
 */
export function m4Indices(times: ArrayLike<number>, values: ArrayLike<number | null | undefined>, width: number, t0?: number, t1?: number): number[] {
  const n = times.length;
  if (n === 0) return [];
  const cols = Math.max(1, Math.floor(width));
  const from = t0 ?? times[0]!;
  const to = t1 ?? times[n - 1]!;
  const span = Math.max(to - from, 1e-9);
  const first = new Int32Array(cols).fill(-1);
  const last = new Int32Array(cols).fill(-1);
  const min = new Int32Array(cols).fill(-1);
  const max = new Int32Array(cols).fill(-1);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    const c = Math.min(cols - 1, Math.max(0, Math.floor(((times[i]! - from) / span) * cols)));
    if (first[c] === -1) first[c] = min[c] = max[c] = i;
    last[c] = i;
    if (v < (values[min[c]!] as number)) min[c] = i;
    if (v > (values[max[c]!] as number)) max[c] = i;
  }
  const keep = new Set<number>();
  for (let c = 0; c < cols; c++) {
    if (first[c] === -1) continue;
    keep.add(first[c]!).add(last[c]!).add(min[c]!).add(max[c]!);
  }
  return [...keep].sort((a, b) => a - b);
}

/**
 * M4 over rows with several series: the union of each series' kept rows, so every returned row
 * is a real row (all its cells true values) and each series keeps its own extremes. Rows are
 * returned untouched when there are no more than 4 per column already.
 */
export function m4Rows<R extends Record<string, unknown>>(rows: readonly R[], seriesKeys: readonly string[], width: number, timeKey = 'Timestamp'): R[] {
  if (rows.length <= 4 * Math.max(1, Math.floor(width))) return [...rows];
  const times = rows.map((r) => Number(r[timeKey]));
  const keep = new Set<number>();
  for (const key of seriesKeys) {
    const values = rows.map((r) => {
      const v = r[key];
      return typeof v === 'number' ? v : undefined;
    });
    for (const i of m4Indices(times, values, width)) keep.add(i);
  }
  return [...keep].sort((a, b) => a - b).map((i) => rows[i]!);
}

/** The file states of 001 §4, read from an export status reply. */
export type TrendExportState = 'none' | 'generating' | 'compressing' | 'ready';

export function trendExportState(status: { exportStat: false | 1 | 2 | number; exportFileName: string }): TrendExportState {
  if (status.exportStat === 1) return 'generating';
  if (status.exportStat === 2) return 'compressing';
  return status.exportFileName ? 'ready' : 'none';
}
