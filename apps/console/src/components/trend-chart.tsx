/**
 * The trend line chart (000 §2 "Trend charts"): uPlot, one coloured series per channel, the unit
 * on the y axis, times in the device's zone. Dragging across the plot selects a new time frame
 * (committed 300 ms after the last drag, 000 §9), a double click rolls back; the screen keeps the
 * frame and its history (trend-zoom.ts). Once zoomed, Back and Reset zoom buttons do the same for
 * a pointer that cannot double click and for the keyboard; the focused chart zooms and pans with
 * keys (zoomKey). Export PNG saves the picture with its title and legend (chart-png.ts). The
 * container's width is reported so the screen can ask the module for about one point per pixel column.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { TIMING, chartTexts, type TrendRange } from '@meter/contract';
import { saveBlob } from '../lib/api.ts';
import { formatDeviceTime } from '../lib/device-time.ts';
import { colorModeStore } from '../lib/color-mode.ts';
import { useStore } from '../lib/use-store.ts';
import { inkedAxes, seriesColor } from './chart-palette.ts';
import { EmptyChart } from './empty-chart.tsx';
import { Loading } from './loading.tsx';
import { chartPng, chartPngFileName } from './chart-png.ts';
import { hasChartData, selectionRange, type TrendSeriesData } from './trend-chart-data.ts';
import { zoomKey, type ZoomBounds } from './trend-zoom.ts';

interface Props {
  /** Names the chart for assistive technology. */
  title: string;
  data: TrendSeriesData;
  /** The x axis always spans the frame, also where the store has no rows. */
  frame: TrendRange;
  /** IANA zone of the device. */
  zone: string;
  yLabel: string;
  height?: number;
  /** The previous frame is still shown while the next one loads. */
  loading?: boolean;
  /** Nothing has arrived yet: a spinner, not 'No Data'. */
  pending?: boolean;
  onZoom: (range: TrendRange) => void;
  onRollBack: () => void;
  /** There is a frame to go back to: Back and Reset zoom are shown. */
  zoomed?: boolean;
  onReset?: () => void;
  /** Where the keyboard may move the frame (the screen's limits). */
  bounds?: ZoomBounds;
  /** The PNG's title and file name start with it (trend and parameter); without it there is no Export PNG. */
  exportName?: string;
  onWidth?: (px: number) => void;
  /** Under 'No Data' when the frame has no rows: why (EmptyReason). */
  empty?: ReactNode;
}

const HIDDEN_SELECT = { left: 0, top: 0, width: 0, height: 0 };

function zonedDate(zone: string): (ts: number) => Date {
  try {
    uPlot.tzDate(new Date(0), zone);
    return (ts) => uPlot.tzDate(new Date(ts * 1000), zone);
  } catch {
    // An unknown zone name must not take the chart down; UTC is the honest fallback.
    return (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC');
  }
}

/** Wide enough for the longest tick label, so large energy values are not clipped. */
function yAxisSize(u: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  const axis = u.axes[axisIdx];
  if (!axis) return 50;
  if (cycleNum > 1) return (axis as { _size?: number })._size ?? 50;
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  // Once the chart is built uPlot keeps an axis's font as [font, size], whatever its type says.
  const font: unknown = axis.font;
  u.ctx.font = String(Array.isArray(font) ? font[0] : font);
  return Math.ceil(u.ctx.measureText(longest).width / devicePixelRatio) + 24;
}

interface Latest {
  props: Props;
  aligned: uPlot.AlignedData;
}

function options(latest: { current: Latest }, width: number, onSelect: (u: uPlot) => void): uPlot.Options {
  const p = latest.current.props;
  return {
    width,
    height: p.height ?? 360,
    tzDate: zonedDate(p.zone),
    scales: {
      x: { time: true, range: () => [latest.current.props.frame.start, latest.current.props.frame.end] },
    },
    axes: inkedAxes([{ space: 80 }, { label: p.yLabel, size: yAxisSize }]),
    cursor: {
      // uPlot must not zoom by itself: the selection becomes a new frame (and a new query).
      drag: { x: true, y: false, setScale: false },
      // uPlot's own double click resets its zoom; here it rolls the frame back.
      bind: {
        dblclick: () => () => {
          latest.current.props.onRollBack();
          return null;
        },
      },
    },
    hooks: { setSelect: [onSelect] },
    series: [
      // The spec's date format (000 §9) with seconds; uPlot's templates have no zero-padded 12-hour token.
      { label: 'Time', value: (_u, ts) => (ts == null ? '--' : formatDeviceTime(ts, p.zone)) },
      ...p.data.series.map((s, i): uPlot.Series => ({ label: s.label, stroke: seriesColor(i), width: 1.5, spanGaps: false })),
    ],
  };
}

export function TrendChart(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { data, frame, height = 360 } = props;
  const aligned = useMemo(() => [data.x, ...data.series.map((s) => s.values)] as uPlot.AlignedData, [data]);
  const show = hasChartData(data);
  const hintId = useId();
  // A new chart only when what uPlot cannot change in place changes; values go through setData.
  const { mode } = useStore(colorModeStore);
  const shape = `${mode}|${show}|${height}|${props.zone}|${props.yLabel}|${data.series.map((s) => s.label).join('|')}`;
  const latest = useRef<Latest>({ props, aligned });
  // Written after render (not during it), before the effects below read it.
  useLayoutEffect(() => {
    latest.current = { props, aligned };
  });

  // The container is measured whether or not a chart is drawn: the first query needs its width.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const report = () => {
      latest.current.props.onWidth?.(el.clientWidth);
      plot.current?.setSize({ width: el.clientWidth, height: latest.current.props.height ?? 360 });
    };
    report();
    const resize = new ResizeObserver(report);
    resize.observe(el);
    return () => resize.disconnect();
  }, []);

  useEffect(() => {
    const el = host.current;
    if (!el || !show) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onSelect = (u: uPlot) => {
      const { left, width } = u.select;
      if (width <= 0) return;
      const range = selectionRange(u.posToVal(left, 'x'), u.posToVal(left + width, 'x'));
      // A new drag within the debounce replaces the previous one (000 §9: 300 ms).
      clearTimeout(timer);
      timer = setTimeout(() => {
        u.setSelect(HIDDEN_SELECT, false);
        if (range) latest.current.props.onZoom(range);
      }, TIMING.trendBrushDebounceMs);
    };
    const u = new uPlot(options(latest, el.clientWidth, onSelect), latest.current.aligned, el);
    plot.current = u;
    return () => {
      clearTimeout(timer);
      u.destroy();
      plot.current = null;
    };
  }, [shape, show]);

  // New rows or a new frame: setData recomputes the x range from the frame.
  useEffect(() => plot.current?.setData(aligned), [aligned, frame.start, frame.end]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const p = latest.current.props;
    const action = p.bounds ? zoomKey(e.key, p.frame, p.bounds) : undefined;
    if (!action || (action.type === 'reset' && !p.zoomed)) return;
    e.preventDefault();
    if (action.type === 'reset') p.onReset?.();
    else p.onZoom(action.frame);
  };

  const exportPng = () => {
    const u = plot.current;
    const p = latest.current.props;
    if (!u || !p.exportName) return;
    // What the legend shows: a series hidden by a click on its label is not in the picture either.
    const legend = u.series.flatMap((s, i) => (i > 0 && s.show !== false ? [{ label: String(s.label), color: seriesColor(i - 1) }] : []));
    const title = chartTexts.pngTitle(p.exportName, formatDeviceTime(p.frame.start, p.zone), formatDeviceTime(p.frame.end, p.zone));
    const name = chartPngFileName(p.exportName, p.frame, p.zone);
    void chartPng(u.ctx.canvas, title, legend).then((png) => saveBlob(png, name));
  };

  return (
    <>
      {(props.zoomed || props.exportName) && (
        <div className="d-flex flex-wrap justify-content-end gap-1 mb-1">
          {props.zoomed && (
            <>
              <Button size="sm" variant="outline-secondary" onClick={props.onRollBack}>
                {chartTexts.back}
              </Button>
              {props.onReset && (
                <Button size="sm" variant="outline-secondary" onClick={props.onReset}>
                  {chartTexts.resetZoom}
                </Button>
              )}
            </>
          )}
          {props.exportName && (
            <Button size="sm" variant="outline-primary" disabled={!show} onClick={exportPng}>
              {chartTexts.exportPng}
            </Button>
          )}
        </div>
      )}
      {/* Zoomed into a stretch without rows there is no plot to double-click: the empty chart rolls back too. */}
      <div ref={box} aria-busy={props.loading} style={{ opacity: props.loading ? 0.6 : 1, transition: 'opacity 0.2s' }} onDoubleClick={show ? undefined : props.onRollBack}>
        {show ? (
          <figure
            ref={host}
            className="m-0 trend-chart"
            aria-label={props.title}
            tabIndex={props.bounds ? 0 : undefined}
            aria-describedby={props.bounds ? hintId : undefined}
            onKeyDown={props.bounds ? onKeyDown : undefined}
          />
        ) : props.pending ? (
          <div style={{ height }}>
            <Loading />
          </div>
        ) : (
          <EmptyChart height={height} title={props.title}>
            {props.empty}
          </EmptyChart>
        )}
      </div>
      {show && props.bounds && (
        <span id={hintId} className="visually-hidden">
          {chartTexts.keyboardHint}
        </span>
      )}
    </>
  );
}
