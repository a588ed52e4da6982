/** The trend chart's pure parts (000 §2, §9): zoom history, keyboard zoom, series from rows, points, selections. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TREND_POINTS, type TrendRow } from '@meter/contract';
import { MIN_ZOOM_SECONDS, axisLabel, chartPoints, hasChartData, selectionRange, trendSeries } from '../../src/components/trend-chart-data.ts';
import {
  KEY_PAN_FRACTION,
  MAX_ZOOM_HISTORY,
  MIN_KEY_ZOOM_SECONDS,
  isZoomed,
  panBy,
  pickFrame,
  resetZoom,
  rollBack,
  zoomAround,
  zoomKey,
  zoomTo,
} from '../../src/components/trend-zoom.ts';

const A = { start: 1000, end: 2000 };
const B = { start: 1200, end: 1800 };
const C = { start: 1300, end: 1400 };

test('a brush zoom pushes the frame it replaces; double click pops it back', () => {
  let s = pickFrame(A);
  s = zoomTo(s, B);
  s = zoomTo(s, C);
  assert.deepEqual(s, { frame: C, history: [A, B] });
  s = rollBack(s);
  assert.deepEqual(s, { frame: B, history: [A] });
  s = rollBack(s);
  assert.deepEqual(s, { frame: A, history: [] });
  assert.equal(rollBack(s), s, 'nothing to roll back to: unchanged');
});

test('zooming to the same frame pushes nothing; a picked frame starts a new history', () => {
  const s = zoomTo(pickFrame(A), B);
  assert.equal(zoomTo(s, { ...B }), s);
  assert.deepEqual(pickFrame(C), { frame: C, history: [] });
});

test('the history is bounded, oldest steps dropped first but never the first frame', () => {
  let s = pickFrame({ start: 0, end: 10_000 });
  for (let i = 1; i <= MAX_ZOOM_HISTORY + 5; i++) s = zoomTo(s, { start: i, end: 10_000 - i });
  assert.equal(s.history.length, MAX_ZOOM_HISTORY);
  assert.deepEqual(s.history[0], { start: 0, end: 10_000 }, 'Reset zoom still finds the first frame');
  assert.deepEqual(s.history[1], { start: 6, end: 9994 });
  assert.deepEqual(s.history.at(-1), { start: MAX_ZOOM_HISTORY + 4, end: 10_000 - MAX_ZOOM_HISTORY - 4 });
  assert.deepEqual(resetZoom(s), { frame: { start: 0, end: 10_000 }, history: [] });
});

test('Reset zoom returns to the first frame; Back one step; both only once zoomed', () => {
  let s = zoomTo(zoomTo(pickFrame(A), B), C);
  assert.equal(isZoomed(s), true);
  assert.deepEqual(rollBack(s), { frame: B, history: [A] });
  s = resetZoom(s);
  assert.deepEqual(s, { frame: A, history: [] });
  assert.equal(isZoomed(s), false);
  assert.equal(resetZoom(s), s, 'not zoomed: unchanged');
});

const NOW = 1_000_000;
const open = { max: NOW };
const realtime = { min: NOW - 30 * 86_400, max: NOW };

test('keyboard zoom: + halves and - doubles the span around the centre, within the bounds', () => {
  const hour = { start: NOW - 7200, end: NOW - 3600 };
  assert.deepEqual(zoomAround(hour, 0.5, open), { start: NOW - 6300, end: NOW - 4500 });
  assert.deepEqual(zoomAround(hour, 2, open), { start: NOW - 9000, end: NOW - 1800 });
  // Doubling the last hour would pass the device's time: the frame keeps its length and ends at now.
  assert.deepEqual(zoomAround({ start: NOW - 3600, end: NOW }, 2, open), { start: NOW - 7200, end: NOW });
  // Realtime keeps 30 days: zooming out stops there.
  assert.deepEqual(zoomAround({ start: NOW - 20 * 86_400, end: NOW }, 2, realtime), { start: NOW - 30 * 86_400, end: NOW });
  assert.equal(zoomAround({ start: NOW - 30 * 86_400, end: NOW }, 2, realtime), undefined, 'already all of it');
  // Zooming in stops at a few seconds, like a brush.
  assert.deepEqual(zoomAround({ start: 100, end: 116 }, 0.5, open), { start: 103, end: 113 });
  assert.equal(zoomAround({ start: 100, end: 100 + MIN_KEY_ZOOM_SECONDS }, 0.5, open), undefined);
});

test('keyboard pan: a quarter of the span, stopped at the bounds', () => {
  const hour = { start: NOW - 7200, end: NOW - 3600 };
  assert.deepEqual(panBy(hour, -KEY_PAN_FRACTION, open), { start: NOW - 8100, end: NOW - 4500 });
  assert.deepEqual(panBy(hour, KEY_PAN_FRACTION, open), { start: NOW - 6300, end: NOW - 2700 });
  assert.deepEqual(panBy({ start: NOW - 4000, end: NOW - 400 }, KEY_PAN_FRACTION, open), { start: NOW - 3600, end: NOW });
  assert.equal(panBy({ start: NOW - 3600, end: NOW }, KEY_PAN_FRACTION, open), undefined, 'at the device time already');
  assert.equal(panBy({ start: realtime.min!, end: realtime.min! + 600 }, -KEY_PAN_FRACTION, realtime), undefined);
});

test('keys: + = zoom in, - _ zoom out, arrows pan, 0 and Escape reset, others are left to the browser', () => {
  const hour = { start: NOW - 7200, end: NOW - 3600 };
  for (const key of ['+', '=']) assert.deepEqual(zoomKey(key, hour, open), { type: 'frame', frame: zoomAround(hour, 0.5, open) });
  for (const key of ['-', '_']) assert.deepEqual(zoomKey(key, hour, open), { type: 'frame', frame: zoomAround(hour, 2, open) });
  assert.deepEqual(zoomKey('ArrowLeft', hour, open), { type: 'frame', frame: panBy(hour, -0.25, open) });
  assert.deepEqual(zoomKey('ArrowRight', hour, open), { type: 'frame', frame: panBy(hour, 0.25, open) });
  assert.deepEqual(zoomKey('0', hour, open), { type: 'reset' });
  assert.deepEqual(zoomKey('Escape', hour, open), { type: 'reset' });
  for (const key of ['Tab', 'ArrowUp', 'a', 'Enter', ' ']) assert.equal(zoomKey(key, hour, open), undefined, key);
  assert.equal(zoomKey('ArrowRight', { start: NOW - 60, end: NOW }, open), undefined, 'nothing to do: the key is not taken');
});

const rows: TrendRow[] = [
  { Timestamp: 30, 'Phase A': 3, 'Phase B': '2.5', System: 9 },
  { Timestamp: 10, 'Phase A': 1, System: 7 },
  { Timestamp: 20, 'Phase A': 2, 'Phase B': '', System: 'x' },
];

test('series: one per chosen channel in the order chosen, rows in time order, gaps as null', () => {
  const d = trendSeries(rows, ['System', 'Phase A', 'Phase B']);
  assert.deepEqual(d.x, [10, 20, 30]);
  assert.deepEqual(d.series, [
    { label: 'System', values: [7, null, 9] },
    { label: 'Phase A', values: [1, 2, 3] },
    { label: 'Phase B', values: [null, null, 2.5] },
  ]);
  assert.equal(hasChartData(d), true);
});

test("series: a channel without values is left out, so an empty chart says 'No Data'", () => {
  assert.deepEqual(trendSeries(rows, ['Phase C']).series, []);
  assert.equal(hasChartData(trendSeries(rows, ['Phase C'])), false);
  assert.equal(hasChartData(trendSeries([], ['Phase A'])), false);
  assert.equal(hasChartData(trendSeries(undefined, ['Phase A'])), false);
  assert.equal(hasChartData(trendSeries(rows, [])), false);
});

test('points: about the pixel width, in steps of 100, capped by the module limit', () => {
  assert.equal(chartPoints(0), undefined);
  assert.equal(chartPoints(1), 100);
  assert.equal(chartPoints(1050), 1100);
  assert.equal(chartPoints(1100), 1100);
  assert.equal(chartPoints(1e6), MAX_TREND_POINTS);
});

test('a brush selection becomes a whole-second frame; a slip of the mouse is not a zoom', () => {
  assert.deepEqual(selectionRange(1000.4, 1100.6), { start: 1000, end: 1101 });
  assert.deepEqual(selectionRange(1100.6, 1000.4), { start: 1000, end: 1101 });
  assert.equal(selectionRange(1000, 1000 + MIN_ZOOM_SECONDS - 1), undefined);
  assert.equal(selectionRange(NaN, 1000), undefined);
});

test('the y axis names the quantity and its unit', () => {
  assert.equal(axisLabel('Active Energy', 'kWh'), 'Active Energy (kWh)');
  assert.equal(axisLabel('Power Factor', ''), 'Power Factor');
});
