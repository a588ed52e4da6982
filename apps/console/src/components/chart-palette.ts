import type uPlot from 'uplot';
/**
 * The chart palette of 000 §2 ("Chart palette of 7 colours"; the colours are not shown). Decided:
 * the Okabe-Ito set without black, which colour-blind readers can tell apart, strongest first so
 * the three phases get blue, vermillion and green. Series take colours in order and wrap after 7.
 */
export const CHART_PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#F0E442'] as const;

export const seriesColor = (index: number): string => CHART_PALETTE[index % CHART_PALETTE.length]!;

/**
 * Axis text and grid lines in the page's colour mode (Bootstrap's variables under data-bs-theme):
 * a canvas cannot inherit CSS, so a chart reads them when it is built and is rebuilt on a change.
 */
export function chartInk(): { text: string; grid: string } {
  const css = getComputedStyle(document.documentElement);
  return {
    text: css.getPropertyValue('--bs-body-color').trim() || '#212529',
    grid: css.getPropertyValue('--bs-border-color-translucent').trim() || 'rgba(0, 0, 0, 0.175)',
  };
}

/** uPlot axes drawn in chartInk's colours. */
export function inkedAxes(axes: uPlot.Axis[]): uPlot.Axis[] {
  const { text, grid } = chartInk();
  return axes.map((a) => ({ stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, ...a }));
}
