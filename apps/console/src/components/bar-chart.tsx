/**
 * A grouped bar chart (uPlot, bars through uPlot.paths.bars): numeric categories across, one
 * coloured series per entry, 'No Data' when there is no series (000 §2).
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { barOffset, barWidth, categoryRange } from './bar-chart-layout.ts';
import { colorModeStore } from '../lib/color-mode.ts';
import { useStore } from '../lib/use-store.ts';
import { inkedAxes, seriesColor } from './chart-palette.ts';
import { EmptyChart } from './empty-chart.tsx';

export interface BarSeries {
  label: string;
  values: readonly (number | null)[];
}

interface Props {
  /** Names the chart for assistive technology. */
  title: string;
  categories: readonly number[];
  series: readonly BarSeries[];
  xLabel?: string;
  yLabel?: string;
  height?: number;
}

// uPlot declares the facet unit as a const enum, which isolated modules cannot read.
const SCALE_VALUE = 1 as uPlot.Series.BarsPathBuilderFacetUnit;
/** uPlot's bar paths: optional in its types, there in the full build imported here. */
function barPaths() {
  if (!uPlot.paths.bars) throw new Error('this uPlot build has no bar paths');
  return uPlot.paths.bars;
}
const bars = barPaths();

function options(p: Props, width: number): uPlot.Options {
  const n = p.series.length;
  return {
    width,
    height: p.height ?? 300,
    scales: {
      x: { time: false, range: () => categoryRange(p.categories) },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: inkedAxes([{ label: p.xLabel, incrs: [1, 2, 5, 10], space: 18 }, { label: p.yLabel }]),
    // Bars stand beside the category's centre, where a cursor point would float in the air.
    cursor: { points: { show: false }, drag: { x: false, y: false } },
    series: [
      { label: p.xLabel ?? 'x' },
      ...p.series.map((s, i): uPlot.Series => ({
        label: s.label,
        stroke: seriesColor(i),
        fill: seriesColor(i),
        width: 0,
        paths: bars({
          disp: {
            x0: { unit: SCALE_VALUE, values: (u) => (u.data[0] as number[]).map((x) => x + barOffset(i, n)) },
            size: { unit: SCALE_VALUE, values: (u) => (u.data[0] as number[]).map(() => barWidth(n)) },
          },
        }),
        points: { show: false },
      })),
    ],
  };
}

export function BarChart(props: Props) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { categories, series } = props;
  const data = useMemo(() => [categories.slice(), ...series.map((s) => s.values.slice())] as uPlot.AlignedData, [categories, series]);
  // A new chart only when the set of series changes; new values go through setData.
  const { mode } = useStore(colorModeStore);
  const shape = `${mode}|${props.height}|${props.xLabel}|${props.yLabel}|${series.map((s) => s.label).join('|')}`;
  const latest = useRef({ props, data });
  // Written after render (not during it), before the effects below read it.
  useLayoutEffect(() => {
    latest.current = { props, data };
  });

  useEffect(() => {
    const el = host.current;
    if (!el || latest.current.props.series.length === 0) return;
    const u = new uPlot(options(latest.current.props, el.clientWidth), latest.current.data, el);
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: el.clientWidth, height: latest.current.props.height ?? 300 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [shape]);

  useEffect(() => plot.current?.setData(data), [data]);

  if (series.length === 0) return <EmptyChart height={props.height} title={props.title} />;
  return <figure ref={host} className="m-0" aria-label={props.title} />;
}
