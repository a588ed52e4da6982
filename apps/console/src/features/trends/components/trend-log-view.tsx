/**
 * The body of both trend chart screens (001 §2 "Trend Log screens"): Time Frame, Time Interval,
 * Parameter, Channels (only when there are more than 4), the chart with its hints, and CSV export
 * of what the chart shows. The screens only say which kind, parameters and presets.
 */
import { useEffect, useMemo, useReducer, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { TIMING, emptyStateTexts, energyDifferences, presetRange, trendTexts, type TrendKind, type TrendLogRange, type TrendPreset } from '@meter/contract';
import { EmptyReason } from '../../../components/empty-reason.tsx';
import { formatDeviceTime } from '../../../lib/device-time.ts';
import { LiveAge } from '../../../components/live-age.tsx';
import { TrendChart } from '../../../components/trend-chart.tsx';
import { isZoomed } from '../../../components/trend-zoom.ts';
import { axisLabel, chartPoints, trendSeries } from '../../../components/trend-chart-data.ts';
import { saveBlob } from '../../../lib/api.ts';
import { useTrendLogRange, useTrendRows } from '../api/use-trends.ts';
import { frameLimits } from '../time-frame.ts';
import { trendCsv, trendCsvFileName } from '../trend-csv.ts';
import { DEFAULT_TREND_CHANNELS, TREND_CHANNELS, showsChannelPicker } from '../trend-channels.ts';
import { followDue, followStepSeconds, followsLive, initialTrendView, intervalChoices, trendViewReducer } from '../trend-view-state.ts';
import { ChannelPicker } from './channel-picker.tsx';
import { IntervalSelect } from './interval-select.tsx';
import { ParameterRadio } from './parameter-radio.tsx';
import { TimeFramePicker } from './time-frame-picker.tsx';

export interface TrendScreenConfig {
  kind: TrendKind;
  /** The screen's display name: the chart's name and the CSV file's first word(s). */
  title: string;
  presets: readonly TrendPreset[];
  defaultPreset: TrendPreset;
  parameters: readonly string[];
  defaultParameter: string;
  parameterLabels: Readonly<Record<string, string>>;
  units: Readonly<Record<string, string>>;
}

/** Where the trend logs are managed: the empty chart links there (issue 28). */
const TREND_SETTINGS = 'Reading, Log, Trend Log Management';

/** Why a frame shows no rows: what the store holds of this log, as getLogMaxMin says (issue 28). */
export function trendEmptyReason(kind: TrendKind, log: string, range: TrendLogRange | undefined, zone: string): string {
  if (!range) return emptyStateTexts.trendNoRecords;
  const [min, max] = kind === 'realtime' ? [range.realTimeMin, range.realTimeMax] : [range.energyMin, range.energyMax];
  const held = max > 0 ? emptyStateTexts.trendHeld(log, formatDeviceTime(min, zone), formatDeviceTime(max, zone)) : emptyStateTexts.trendNoneHeld(log);
  return `${emptyStateTexts.trendNoRecords} ${held}`;
}

interface Props {
  config: TrendScreenConfig;
  zone: string;
  nowSeconds: () => number;
}

export function TrendLogView({ config, zone, nowSeconds }: Props) {
  const { kind } = config;
  const channels = TREND_CHANNELS[kind];
  const [state, dispatch] = useReducer(trendViewReducer(kind), undefined, () =>
    initialTrendView(kind, {
      preset: config.defaultPreset,
      frame: presetRange(config.defaultPreset, nowSeconds() * 1000, zone),
      parameter: config.defaultParameter,
      channels: DEFAULT_TREND_CHANNELS,
    }),
  );
  const [width, setWidth] = useState(0);
  // A recent frame follows the live data (issue 28) until paused, zoomed or another frame is picked.
  const [paused, setPaused] = useState(false);
  const live = followsLive(state);
  const following = live && !paused;
  const { preset } = state;
  useEffect(() => {
    if (!following || !preset) return;
    const timer = setInterval(() => {
      const now = nowSeconds();
      if (followDue(state, now)) dispatch({ type: 'follow', preset, frame: presetRange(preset, now * 1000, zone) });
    }, TIMING.clockTickMs);
    return () => clearInterval(timer);
  }, [following, preset, state, nowSeconds, zone]);
  const points = chartPoints(width);
  // Energy rows are cumulative registers: thinning them would merge buckets in the differences,
  // and the interval rules keep an energy reply to at most a month of hours anyway.
  const rows = useTrendRows(kind, { ...state, points: kind === 'realtime' ? points : undefined, enabled: kind === 'energy' || points !== undefined });
  const shown = useMemo(() => (kind === 'energy' ? energyDifferences(rows.data ?? []) : (rows.data ?? [])), [kind, rows.data]);
  const data = useMemo(() => trendSeries(shown, state.channels), [shown, state.channels]);
  const unit = config.units[state.parameter] ?? '';
  const yLabel = axisLabel(config.parameterLabels[state.parameter] ?? state.parameter, unit);
  const chartTitle = `${config.title} chart`;
  const limits = frameLimits(kind, nowSeconds());
  const range = useTrendLogRange();

  const exportCsv = () => {
    const csv = trendCsv({ rows: shown, channels: data.series.map((s) => s.label), parameter: state.parameter, unit, zone });
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), trendCsvFileName(config.title, state.parameter));
  };

  return (
    <section>
      <TimeFramePicker
        presets={config.presets}
        preset={state.preset}
        frame={state.frame}
        zone={zone}
        limits={limits}
        onPreset={(preset) => dispatch({ type: 'preset', preset, frame: presetRange(preset, nowSeconds() * 1000, zone) })}
        onFrame={(frame) => dispatch({ type: 'frame', frame })}
      />
      <div className="d-flex flex-wrap align-items-end column-gap-4 row-gap-3 mb-3">
        <div style={{ minWidth: 150 }}>
          <IntervalSelect options={intervalChoices(kind, state).options} value={state.interval} onChange={(interval) => dispatch({ type: 'interval', interval })} />
        </div>
        <ParameterRadio options={config.parameters} labels={config.parameterLabels} value={state.parameter} onChange={(parameter) => dispatch({ type: 'parameter', parameter })} />
        {showsChannelPicker(channels) && <ChannelPicker all={channels} value={state.channels} onChange={(c) => dispatch({ type: 'channels', channels: c })} />}
        <Button size="sm" variant="outline-primary" className="ms-auto" disabled={data.series.length === 0 || data.x.length === 0} onClick={exportCsv}>
          Export CSV
        </Button>
      </div>
      <div className="d-flex flex-wrap align-items-center column-gap-3 row-gap-1 mb-1">
        <h2 className="h6 mb-0">{config.parameterLabels[state.parameter] ?? state.parameter}</h2>
        {live && <LiveAge updatedAt={rows.dataUpdatedAt} intervalMs={followStepSeconds(state.interval) * 1000} paused={paused} onPausedChange={setPaused} />}
      </div>
      <TrendChart
        title={chartTitle}
        data={data}
        frame={state.frame}
        zone={zone}
        yLabel={yLabel}
        // A slide of a followed frame redraws in place, without dimming the chart.
        loading={rows.isFetching && !following}
        pending={rows.isPending}
        onZoom={(frame) => dispatch({ type: 'zoom', frame })}
        onRollBack={() => dispatch({ type: 'rollBack' })}
        zoomed={isZoomed(state)}
        onReset={() => dispatch({ type: 'resetZoom' })}
        bounds={limits}
        exportName={`${config.title} ${state.parameter}`}
        onWidth={setWidth}
        empty={<EmptyReason reason={trendEmptyReason(kind, config.title, range.data, zone)} settings={TREND_SETTINGS} />}
      />
      <p className="text-muted small mt-2 mb-0">{trendTexts.chartHint}</p>
    </section>
  );
}
