/**
 * The chart palette of 000 §2 ("Chart palette of 7 colours"; the colours are not shown). Decided:
 * the Okabe-Ito set without black, which colour-blind readers can tell apart, strongest first so
 * the three phases get blue, vermillion and green. Series take colours in order and wrap after 7.
 */
export const CHART_PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#F0E442'] as const;

export const seriesColor = (index: number): string => CHART_PALETTE[index % CHART_PALETTE.length]!;
