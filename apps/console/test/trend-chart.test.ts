/** The trend chart's pure parts (000 §2, §9): zoom history, series from rows, points, selections. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TREND_POINTS, type TrendRow } from '@meter/contract';
import { MIN_ZOOM_SECONDS, axisLabel, chartPoints, hasChartData, selectionRange, trendSeries } from '../src/components/trend-chart-data.ts';
import { MAX_ZOOM_HISTORY, pickFrame, rollBack, zoomTo } from '../src/components/trend-zoom.ts';

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

test('the history is bounded, oldest frames dropped first', () => {
  let s = pickFrame({ start: 0, end: 10_000 });
  for (let i = 1; i <= MAX_ZOOM_HISTORY + 5; i++) s = zoomTo(s, { start: i, end: 10_000 - i });
  assert.equal(s.history.length, MAX_ZOOM_HISTORY);
  assert.deepEqual(s.history[0], { start: 5, end: 9995 });
  assert.deepEqual(s.history.at(-1), { start: MAX_ZOOM_HISTORY + 4, end: 10_000 - MAX_ZOOM_HISTORY - 4 });
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
