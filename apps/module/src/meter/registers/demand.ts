/**
 * Demand, pure: the average of a quantity over a window, updated at the end of every
 * sub-interval (rolling window) or of every window (fixed window), with its peak and a
 * prediction. Sub-intervals are aligned to the clock (multiples of their length since the
 * epoch), so windows end on whole minutes / quarter hours as a utility meter's do.
 */
import { DEMAND_METHOD, type DemandMethod } from '@meter/contract';

const MINUTE = 60_000;

export interface DemandSettings {
  method: DemandMethod;
  /** minutes; ignored by the fixed window, whose only sub-interval is the window */
  subInterval: number;
  /** minutes */
  window: number;
}

/**
 * One measuring point's demand. Every value array (and each sub-interval's `v`) holds one entry
 * per quantity (A, kW, kvar, kVA), so an index of one is in range in all of them.
 */
export interface DemandTrack {
  /** index of the sub-interval in progress (time / sub length), -1 before the first sample */
  sub: number;
  /** Σ value·ms within the sub-interval in progress */
  acc: number[];
  accMs: number;
  /** the latest sample: "the present power" of the prediction */
  last: number[];
  /** completed sub-interval averages still inside the window, oldest first */
  subs: Array<{ i: number; v: number[] }>;
  /** demand of the last completed window (or of what has completed since the start) */
  demand: number[];
  /** largest demand by magnitude since the last reset, and when its window ended (ms, 0 = none) */
  peak: number[];
  peakTime: number[];
}

export function newTrack(quantities: number): DemandTrack {
  const zeros = () => Array<number>(quantities).fill(0);
  return { sub: -1, acc: zeros(), accMs: 0, last: zeros(), subs: [], demand: zeros(), peak: zeros(), peakTime: zeros() };
}

/** Sub-interval length in ms and sub-intervals per window for the settings. */
export function geometry(s: DemandSettings): { subMs: number; count: number } {
  if (s.method === DEMAND_METHOD.fixedWindow) return { subMs: s.window * MINUTE, count: 1 };
  const sub = Math.min(s.subInterval, s.window);
  return { subMs: sub * MINUTE, count: Math.max(1, Math.round(s.window / sub)) };
}

function closeSub(t: DemandTrack, index: number, count: number, endMs: number): void {
  const n = t.acc.length;
  if (t.accMs > 0) {
    const v = new Array<number>(n);
    for (let q = 0; q < n; q++) v[q] = t.acc[q]! / t.accMs;
    t.subs.push({ i: index, v });
  }
  // Oldest first, so what fell out of the window is at the front (catch-up runs this a million times).
  while (t.subs[0] && t.subs[0].i <= index - count) t.subs.shift();
  if (t.subs.length > 0) {
    for (let q = 0; q < n; q++) {
      let sum = 0;
      for (const x of t.subs) sum += x.v[q]!;
      const d = sum / t.subs.length;
      t.demand[q] = d;
      if (t.peakTime[q] === 0 || Math.abs(d) > Math.abs(t.peak[q]!)) {
        t.peak[q] = d;
        t.peakTime[q] = endMs;
      }
    }
  }
  t.acc.fill(0);
  t.accMs = 0;
}

/** Adds values held constant over [from, to); closes every sub-interval the span reaches the end of. */
export function feedDemand(t: DemandTrack, s: DemandSettings, values: readonly number[], from: number, to: number): void {
  const { subMs, count } = geometry(s);
  let a = from;
  while (a < to) {
    const index = Math.floor(a / subMs);
    if (index < t.sub) {
      // The clock went back: the window's history belongs to a future that will not happen.
      t.subs = [];
      t.acc.fill(0);
      t.accMs = 0;
    } else if (index > t.sub && t.accMs > 0) {
      // A sub-interval left unfinished (a gap without samples) still counts what it saw.
      closeSub(t, t.sub, count, (t.sub + 1) * subMs);
    }
    t.sub = index;
    const end = (index + 1) * subMs;
    const b = Math.min(to, end);
    for (let q = 0; q < values.length; q++) t.acc[q]! += values[q]! * (b - a);
    t.accMs += b - a;
    if (b === end) {
      closeSub(t, index, count, end);
      t.sub = index + 1;
    }
    a = b;
  }
  for (let q = 0; q < values.length; q++) t.last[q] = values[q]!;
}

/**
 * The demand the window in progress will end at if the present values hold: the completed
 * sub-intervals of that window, what the present one has seen, and the present values for its
 * remaining time. The window in progress ends with the present sub-interval.
 */
export function predictDemand(t: DemandTrack, s: DemandSettings, atMs: number): number[] {
  const { subMs, count } = geometry(s);
  if (t.sub < 0) return [...t.last];
  const end = (t.sub + 1) * subMs;
  const remaining = Math.max(0, end - atMs);
  const inWindow = t.subs.filter((x) => x.i > t.sub - count && x.i < t.sub);
  const span = inWindow.length * subMs + t.accMs + remaining;
  if (span <= 0) return [...t.last];
  return t.last.map((v, q) => (inWindow.reduce((sum, x) => sum + x.v[q]! * subMs, 0) + t.acc[q]! + v * remaining) / span);
}

/** Peaks start again (at the month's turn, like a billing meter's maximum demand). */
export function resetPeaks(t: DemandTrack): void {
  t.peak.fill(0);
  t.peakTime.fill(0);
}

/** New settings invalidate the window history (its sub-intervals had another length). */
export function restartWindow(t: DemandTrack): void {
  t.sub = -1;
  t.subs = [];
  t.acc.fill(0);
  t.accMs = 0;
}
