/**
 * The zoom history of the trend charts (000 §2): a brush selection becomes the time frame and the
 * frame it replaces goes onto a stack; a double click (or Back) pops it back, Reset zoom returns to
 * the frame the history started from. Keyboard zoom and pan compute frames here too. Pure, so the
 * screen's reducer, the chart and the tests share it.
 */
import type { TrendRange } from '@meter/contract';

export interface ZoomState {
  frame: TrendRange;
  /** Earlier frames, the most recent last. */
  history: readonly TrendRange[];
}

/**
 * A long session of zooming must not grow without bound: the oldest steps go first, but never the
 * first frame, which Reset zoom returns to.
 */
export const MAX_ZOOM_HISTORY = 50;

const same = (a: TrendRange, b: TrendRange) => a.start === b.start && a.end === b.end;

/** Brush: the selection becomes the frame, the current frame is pushed (a no-op selection changes nothing). */
export function zoomTo(state: ZoomState, range: TrendRange): ZoomState {
  if (same(state.frame, range)) return state;
  const pushed = [...state.history, state.frame];
  return { frame: range, history: pushed.length > MAX_ZOOM_HISTORY ? [...pushed.slice(0, 1), ...pushed.slice(-(MAX_ZOOM_HISTORY - 1))] : pushed };
}

/** Double click: the previous frame comes back; with nothing to go back to the frame stays. */
export function rollBack(state: ZoomState): ZoomState {
  const previous = state.history.at(-1);
  return previous ? { frame: previous, history: state.history.slice(0, -1) } : state;
}

/** Reset zoom: the frame the zooming started from, with an empty history. */
export function resetZoom(state: ZoomState): ZoomState {
  const first = state.history[0];
  return first ? { frame: first, history: [] } : state;
}

export const isZoomed = (state: ZoomState): boolean => state.history.length > 0;

/** How far the keyboard may take a frame (unix seconds): the chart's limits (time-frame.ts). */
export interface ZoomBounds {
  /** undefined = no lower limit */
  min?: number;
  max: number;
}

/** Zooming in stops here: a shorter frame is what a slipped drag gives (trend-chart-data.ts). */
export const MIN_KEY_ZOOM_SECONDS = 10;
/** One + or - halves or doubles the span; one arrow key moves the frame by a quarter of it. */
export const KEY_ZOOM_FACTOR = 2;
export const KEY_PAN_FRACTION = 0.25;

/** Moves a frame of this span inside the bounds, keeping its length where the bounds allow. */
function fit(start: number, span: number, bounds: ZoomBounds): TrendRange {
  const room = bounds.min === undefined ? span : Math.min(span, bounds.max - bounds.min);
  let s = Math.min(start, bounds.max - room);
  if (bounds.min !== undefined) s = Math.max(s, bounds.min);
  return { start: s, end: s + room };
}

/** The frame `factor` times as long around the same centre (factor < 1 zooms in), or undefined when nothing would change. */
export function zoomAround(frame: TrendRange, factor: number, bounds: ZoomBounds): TrendRange | undefined {
  const span = frame.end - frame.start;
  const next = Math.max(MIN_KEY_ZOOM_SECONDS, Math.round(span * factor));
  const centre = (frame.start + frame.end) / 2;
  const out = fit(Math.round(centre - next / 2), next, bounds);
  return same(out, frame) ? undefined : out;
}

/** The frame moved by `fraction` of its span (negative = earlier), or undefined at the bounds. */
export function panBy(frame: TrendRange, fraction: number, bounds: ZoomBounds): TrendRange | undefined {
  const span = frame.end - frame.start;
  const out = fit(frame.start + Math.round(span * fraction), span, bounds);
  return same(out, frame) ? undefined : out;
}

export type ZoomKeyAction = { type: 'frame'; frame: TrendRange } | { type: 'reset' };

/**
 * The chart's keyboard (announced in its description): + and - zoom around the centre, the left
 * and right arrows move the frame, 0 and Escape reset the zoom. Undefined for any other key, or
 * when the key would change nothing, so the browser keeps it.
 */
export function zoomKey(key: string, frame: TrendRange, bounds: ZoomBounds): ZoomKeyAction | undefined {
  const to = (f: TrendRange | undefined): ZoomKeyAction | undefined => (f ? { type: 'frame', frame: f } : undefined);
  switch (key) {
    case '+':
    case '=':
      return to(zoomAround(frame, 1 / KEY_ZOOM_FACTOR, bounds));
    case '-':
    case '_':
      return to(zoomAround(frame, KEY_ZOOM_FACTOR, bounds));
    case 'ArrowLeft':
      return to(panBy(frame, -KEY_PAN_FRACTION, bounds));
    case 'ArrowRight':
      return to(panBy(frame, KEY_PAN_FRACTION, bounds));
    case '0':
    case 'Escape':
      return { type: 'reset' };
    default:
      return undefined;
  }
}

/**
 * A frame chosen in the picker starts a new history: rolling back from it into zooms of a frame
 * the user has left would surprise more than help.
 */
export const pickFrame = (frame: TrendRange): ZoomState => ({ frame, history: [] });
