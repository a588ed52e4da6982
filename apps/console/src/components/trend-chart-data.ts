/**
 * Trend rows → the line chart's series, the `points` to ask for and brush selections → time
 * frames. Pure (habit 8); trend-chart.tsx only draws.
 */
import { MAX_TREND_POINTS, type TrendRange, type TrendRow } from '@meter/contract';

export interface TrendSeries {
  label: string;
  /** One value per x; null where the row has none, which uPlot draws as a gap. */
  values: (number | null)[];
}

export interface TrendSeriesData {
  /** Unix seconds, ascending. */
  x: number[];
  series: TrendSeries[];
}

function value(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * One series per chosen channel, in the order chosen. A channel without a single value in the
 * rows is left out, so a chart whose channels are all empty shows 'No Data' (000 §2).
 */
export function trendSeries(rows: readonly TrendRow[] | undefined, channels: readonly string[]): TrendSeriesData {
  const sorted = [...(rows ?? [])].sort((a, b) => a.Timestamp - b.Timestamp);
  const series = channels.map((label) => ({ label, values: sorted.map((r) => value(r[label])) })).filter((s) => s.values.some((v) => v !== null));
  return { x: sorted.map((r) => r.Timestamp), series };
}

export const hasChartData = (d: TrendSeriesData): boolean => d.x.length > 0 && d.series.length > 0;

/**
 * The `points` query for a chart this many CSS pixels wide: about one column per pixel, rounded
 * up to a step so a small resize does not fetch again. Undefined until the width is known.
 */
export const POINTS_STEP = 100;
export function chartPoints(widthPx: number): number | undefined {
  if (!(widthPx > 0)) return undefined;
  return Math.min(MAX_TREND_POINTS, Math.ceil(widthPx / POINTS_STEP) * POINTS_STEP);
}

/** A drag shorter than this is a click that slipped, not a zoom. */
export const MIN_ZOOM_SECONDS = 10;

/** The frame a brush selection stands for (x values in unix seconds, either order), or undefined when too narrow. */
export function selectionRange(x0: number, x1: number): TrendRange | undefined {
  if (!Number.isFinite(x0) || !Number.isFinite(x1)) return undefined;
  const start = Math.floor(Math.min(x0, x1));
  const end = Math.ceil(Math.max(x0, x1));
  return end - start >= MIN_ZOOM_SECONDS ? { start, end } : undefined;
}

/** The y axis names the quantity and its unit; a unitless quantity (PF) only its name. */
export const axisLabel = (quantity: string, unit: string): string => (unit ? `${quantity} (${unit})` : quantity);
