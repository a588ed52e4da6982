/**
 * PNG export of a uPlot chart. uPlot draws the plot and its axes on one canvas but keeps the
 * title and the legend in HTML, and the canvas is transparent: the picture is composed on a new
 * canvas with the page's background and ink (so a dark-mode chart stays readable), the title
 * above and the legend's swatches below. The layout is pure and tested; only `chartPng` draws.
 */
import { localDate, type TrendRange } from '@meter/contract';
import { chartInk } from './chart-palette.ts';

export interface LegendEntry {
  label: string;
  color: string;
}

/** CSS pixels; multiplied by the canvas's device-pixel ratio when drawn. */
export const PNG_PAD = 12;
export const PNG_TITLE_PX = 16;
export const PNG_LEGEND_PX = 13;
const SWATCH = 14;
const SWATCH_GAP = 6;
const ENTRY_GAP = 18;
const LINE_GAP = 6;
const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export interface PlacedEntry extends LegendEntry {
  x: number;
  /** The line's index, 0 first. */
  line: number;
}

/** Legend entries left to right (CSS pixels), wrapping when the next would pass `width`; `textWidth` measures a label. */
export function legendLayout(entries: readonly LegendEntry[], width: number, textWidth: (label: string) => number): { placed: PlacedEntry[]; lines: number } {
  const placed: PlacedEntry[] = [];
  let x = 0;
  let line = 0;
  for (const e of entries) {
    const w = SWATCH + SWATCH_GAP + textWidth(e.label);
    if (x > 0 && x + w > width) {
      line += 1;
      x = 0;
    }
    placed.push({ ...e, x, line });
    x += w + ENTRY_GAP;
  }
  return { placed, lines: entries.length ? line + 1 : 0 };
}

/** Words onto lines no wider than `width` (a word longer than that gets a line of its own), so a phone-sized picture keeps its whole title. */
export function wrapText(text: string, width: number, textWidth: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const stamp = (zone: string, t: number) => {
  const d = localDate(zone, t);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.year, 4)}${p(d.month)}${p(d.day)}-${p(d.hour)}${p(d.minute)}${p(d.second)}`;
};

/**
 * `<name> <start>_<end>.png` on the device's clock, in the trend export file's stamp
 * (TrendLog_YYYYMMDD-HHMMSS_…): sortable, and no ':' that some file systems refuse.
 */
export const chartPngFileName = (name: string, frame: TrendRange, zone: string): string => `${name} ${stamp(zone, frame.start)}_${stamp(zone, frame.end)}.png`;

/** The chart's canvas with title and legend, as a PNG. */
export async function chartPng(plot: HTMLCanvasElement, title: string, legend: readonly LegendEntry[]): Promise<Blob> {
  const css = getComputedStyle(document.documentElement);
  const background = css.getPropertyValue('--bs-body-bg').trim() || '#ffffff';
  const { text } = chartInk();
  // The plot canvas is in device pixels; everything else is scaled to match it.
  const ratio = plot.width / Math.max(1, plot.clientWidth || plot.width);
  const px = (n: number) => Math.round(n * ratio);
  const out = document.createElement('canvas');
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  const titleFont = `600 ${px(PNG_TITLE_PX)}px ${FONT_FAMILY}`;
  const legendFont = `${px(PNG_LEGEND_PX)}px ${FONT_FAMILY}`;
  const measure = (s: string) => ctx.measureText(s).width / ratio;
  ctx.font = titleFont;
  const titleLines = wrapText(title, plot.width / ratio, measure);
  ctx.font = legendFont;
  const { placed, lines } = legendLayout(legend, plot.width / ratio, measure);
  const lineHeight = px(Math.max(SWATCH, PNG_LEGEND_PX) + LINE_GAP);
  const titleLine = px(PNG_TITLE_PX + LINE_GAP);
  const titleHeight = titleLines.length * titleLine + px(PNG_PAD - LINE_GAP);
  out.width = plot.width + 2 * px(PNG_PAD);
  out.height = px(PNG_PAD) + titleHeight + plot.height + px(PNG_PAD) + lines * lineHeight + px(PNG_PAD);

  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = text;
  ctx.textBaseline = 'top';
  ctx.font = titleFont;
  titleLines.forEach((line, i) => ctx.fillText(line, px(PNG_PAD), px(PNG_PAD) + i * titleLine));
  const plotTop = px(PNG_PAD) + titleHeight;
  ctx.drawImage(plot, px(PNG_PAD), plotTop);

  ctx.font = legendFont;
  ctx.textBaseline = 'middle';
  const legendTop = plotTop + plot.height + px(PNG_PAD);
  for (const e of placed) {
    const x = px(PNG_PAD + e.x);
    const mid = legendTop + e.line * lineHeight + px(SWATCH) / 2;
    ctx.fillStyle = e.color;
    ctx.fillRect(x, mid - px(SWATCH) / 2, px(SWATCH), px(SWATCH));
    ctx.fillStyle = text;
    ctx.fillText(e.label, x + px(SWATCH + SWATCH_GAP), mid);
  }
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}
