/**
 * State of a trend chart screen (001 §2, §9; 000 §2, §9), pure: the time frame with its zoom
 * history, the preset it came from, the interval, the parameter and the channels. Every change of
 * frame or parameter recomputes the interval: one the user picked is kept while the new span still
 * offers it; otherwise the span's default applies (a default of the old span is not a choice, so
 * zooming into ten minutes gets 1 second rather than keeping the hour's 1 minute). A preset may
 * name its own default (PRESET_INTERVAL) where the span's would be a poor one.
 */
import {
  TIMING,
  TREND_MAX_CHANNELS,
  keepOrDefaultInterval,
  trendIntervalOptions,
  trendIntervalSeconds,
  type TrendInterval,
  type TrendKind,
  type TrendPreset,
  type TrendRange,
} from '@meter/contract';
import { pickFrame, resetZoom, rollBack, zoomTo, type ZoomState } from '../../components/trend-zoom.ts';

export interface TrendViewState extends ZoomState {
  /** The preset the frame came from; undefined while zoomed and once typed. */
  preset?: TrendPreset;
  /** The preset the history's first frame came from: back there (Back, Reset zoom), it is the preset again. */
  basePreset?: TrendPreset;
  interval: TrendInterval;
  /** The user chose the interval (rather than taking the span's default). */
  intervalPicked: boolean;
  parameter: string;
  channels: readonly string[];
}

export type TrendViewAction =
  | { type: 'preset'; preset: TrendPreset; frame: TrendRange }
  | { type: 'frame'; frame: TrendRange }
  | { type: 'zoom'; frame: TrendRange }
  | { type: 'rollBack' }
  | { type: 'resetZoom' }
  | { type: 'interval'; interval: TrendInterval }
  | { type: 'parameter'; parameter: string }
  | { type: 'channels'; channels: readonly string[] }
  | { type: 'follow'; preset: TrendPreset; frame: TrendRange };

/**
 * The recent frames (issue 28): shown on their preset and not zoomed, they follow the live data,
 * sliding to end at the device's time as new buckets come in.
 */
export const FOLLOWED_PRESETS: readonly TrendPreset[] = ['Last 10 Minutes', 'Last 1 Hour'];

export const followsLive = (s: Pick<TrendViewState, 'preset' | 'history'>): boolean => s.preset !== undefined && FOLLOWED_PRESETS.includes(s.preset) && s.history.length === 0;

/** Seconds between two slides: one bucket of the interval, never more often than the readings' refresh. */
export const followStepSeconds = (interval: TrendInterval): number => Math.max(TIMING.readingsRefreshMs / 1000, trendIntervalSeconds(interval));

/** Whether the device's clock has moved a step past the frame's end. */
export const followDue = (s: Pick<TrendViewState, 'frame' | 'interval'>, nowSeconds: number): boolean => nowSeconds - s.frame.end >= followStepSeconds(s.interval);

/** Both ends are inclusive seconds; the spec's thresholds are in ms. */
export const spanMs = (frame: TrendRange): number => (frame.end - frame.start) * 1000;

/**
 * 'Last 7 days' spans exactly one week, just past 000 §9's "under one week" band, whose default is
 * 1 hour; the next band's 1 day would draw seven points. The span's options still apply (1 hour is
 * one of them), so the module accepts it.
 */
export const PRESET_INTERVAL: Partial<Record<TrendPreset, TrendInterval>> = { 'Last 7 days': '1hr' };

export const intervalChoices = (kind: TrendKind, s: Pick<TrendViewState, 'frame' | 'parameter'>) => trendIntervalOptions(kind, spanMs(s.frame), s.parameter);

function withInterval(kind: TrendKind, s: TrendViewState): TrendViewState {
  const wanted = s.intervalPicked ? s.interval : s.preset && PRESET_INTERVAL[s.preset];
  const interval = keepOrDefaultInterval(kind, spanMs(s.frame), wanted, s.parameter);
  const intervalPicked = s.intervalPicked && interval === s.interval;
  return interval === s.interval && intervalPicked === s.intervalPicked ? s : { ...s, interval, intervalPicked };
}

export function initialTrendView(kind: TrendKind, init: { preset: TrendPreset; frame: TrendRange; parameter: string; channels: readonly string[] }): TrendViewState {
  const interval = keepOrDefaultInterval(kind, spanMs(init.frame), PRESET_INTERVAL[init.preset], init.parameter);
  return { ...pickFrame(init.frame), preset: init.preset, basePreset: init.preset, parameter: init.parameter, channels: init.channels, interval, intervalPicked: false };
}

export function trendViewReducer(kind: TrendKind) {
  return (s: TrendViewState, a: TrendViewAction): TrendViewState => {
    switch (a.type) {
      case 'preset':
        return withInterval(kind, { ...s, ...pickFrame(a.frame), preset: a.preset, basePreset: a.preset });
      case 'frame':
        return withInterval(kind, { ...s, ...pickFrame(a.frame), preset: undefined, basePreset: undefined });
      case 'zoom':
        return withInterval(kind, { ...s, ...zoomTo(s, a.frame), preset: undefined });
      case 'rollBack': {
        const back = rollBack(s);
        return back === s ? s : withInterval(kind, { ...s, ...back, preset: back.history.length ? undefined : s.basePreset });
      }
      case 'resetZoom': {
        const base = resetZoom(s);
        return base === s ? s : withInterval(kind, { ...s, ...base, preset: s.basePreset });
      }
      case 'interval':
        return intervalChoices(kind, s).options.includes(a.interval) ? { ...s, interval: a.interval, intervalPicked: true } : s;
      case 'parameter':
        return withInterval(kind, { ...s, parameter: a.parameter });
      case 'follow':
        // A slide that arrives after the user zoomed or picked another preset changes nothing.
        // Same span, so the same interval: the one picked stays.
        return followsLive(s) && s.preset === a.preset ? { ...s, frame: a.frame } : s;
      case 'channels':
        // 001 §5: up to 4 channels in a trend chart.
        return { ...s, channels: a.channels.slice(0, TREND_MAX_CHANNELS) };
    }
  };
}
