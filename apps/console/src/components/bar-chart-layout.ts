/** Geometry of grouped bars, pure: each category holds one bar per series, side by side. */

/** Share of a category's width the group of bars fills; the rest separates the groups. */
export const GROUP_WIDTH = 0.8;

/** Width of one bar in category units. */
export const barWidth = (seriesCount: number): number => GROUP_WIDTH / Math.max(1, seriesCount);

/** Left edge of series `index`'s bar, relative to the category's centre, in category units. */
export const barOffset = (index: number, seriesCount: number): number => -GROUP_WIDTH / 2 + index * barWidth(seriesCount);

/** The x range that shows every category whole: half a category beyond each end. */
export function categoryRange(categories: readonly number[]): [number, number] {
  if (categories.length === 0) return [0, 1];
  return [Math.min(...categories) - 0.5, Math.max(...categories) + 0.5];
}
