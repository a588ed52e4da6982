/**
 * The zoom history of the trend charts (000 §2): a brush selection becomes the time frame and the
 * frame it replaces goes onto a stack; a double click pops it back. Pure, so the screen's reducer
 * and the tests share it.
 */
import type { TrendRange } from '@meter/contract';

export interface ZoomState {
  frame: TrendRange;
  /** Earlier frames, the most recent last. */
  history: readonly TrendRange[];
}

/** A long session of zooming must not grow without bound; the oldest frames go first. */
export const MAX_ZOOM_HISTORY = 50;

const same = (a: TrendRange, b: TrendRange) => a.start === b.start && a.end === b.end;

/** Brush: the selection becomes the frame, the current frame is pushed (a no-op selection changes nothing). */
export function zoomTo(state: ZoomState, range: TrendRange): ZoomState {
  if (same(state.frame, range)) return state;
  return { frame: range, history: [...state.history, state.frame].slice(-MAX_ZOOM_HISTORY) };
}

/** Double click: the previous frame comes back; with nothing to go back to the frame stays. */
export function rollBack(state: ZoomState): ZoomState {
  const previous = state.history.at(-1);
  return previous ? { frame: previous, history: state.history.slice(0, -1) } : state;
}

/**
 * A frame chosen in the picker starts a new history: rolling back from it into zooms of a frame
 * the user has left would surprise more than help.
 */
export const pickFrame = (frame: TrendRange): ZoomState => ({ frame, history: [] });
