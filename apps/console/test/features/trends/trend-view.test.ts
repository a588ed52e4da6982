/** A trend screen's state (001 §9, 000 §9): frame → interval options, presets, zoom, parameter, channels. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { presetRange, trendIntervalOptions, type TrendRange } from '@meter/contract';
import { TREND_CHANNELS, showsChannelPicker, toggleChannel } from '../../../src/features/trends/trend-channels.ts';
import {
  followDue,
  followStepSeconds,
  followsLive,
  initialTrendView,
  intervalChoices,
  spanMs,
  trendViewReducer,
  type TrendViewState,
} from '../../../src/features/trends/trend-view-state.ts';

const NOW = Date.UTC(2026, 10, 21, 15, 0) / 1000;
const ago = (seconds: number): TrendRange => ({ start: NOW - seconds, end: NOW });
const realtime = trendViewReducer('realtime');
const energy = trendViewReducer('energy');
const start = (kind: 'realtime' | 'energy', frame: TrendRange, parameter = kind === 'realtime' ? 'VLN' : 'EP'): TrendViewState =>
  initialTrendView(kind, { preset: 'Last 1 Hour', frame, parameter, channels: ['Phase A', 'Phase B', 'Phase C', 'System'] });

test('the span decides the interval options and the default (000 §9, 001 §9)', () => {
  const cases: [number, string[], string][] = [
    [600, ['1sec', '15sec', '1min'], '1sec'],
    [3600, ['1min'], '1min'],
    [86_399, ['15min', '1hr'], '1hr'],
    [3 * 86_400, ['15min', '1hr', '1day'], '1hr'],
    [30 * 86_400, ['1hr', '1day'], '1day'],
    [365 * 86_400, ['1day', '1mon'], '1mon'],
  ];
  for (const [seconds, options, def] of cases) {
    const s = start('realtime', ago(seconds));
    assert.deepEqual(intervalChoices('realtime', s).options, options, `${seconds} s`);
    assert.equal(s.interval, def, `${seconds} s`);
  }
  assert.deepEqual(intervalChoices('energy', start('energy', ago(600))).options, ['1min']);
  assert.equal(start('realtime', ago(600), 'VTHD').interval, '1min');
});

test('presets recompute the options; a default follows the span, a picked interval is kept while offered', () => {
  let s = start('realtime', ago(3600));
  assert.equal(s.interval, '1min');
  s = realtime(s, { type: 'preset', preset: 'Last 10 Minutes', frame: ago(600) });
  assert.equal(s.interval, '1sec', "the hour's default is not a choice");
  assert.equal(s.preset, 'Last 10 Minutes');
  s = realtime(s, { type: 'interval', interval: '15sec' });
  s = realtime(s, { type: 'frame', frame: ago(500) });
  assert.equal(s.interval, '15sec', 'still offered: kept');
  s = realtime(s, { type: 'preset', preset: 'Today', frame: ago(5 * 3600) });
  assert.equal(s.interval, '1hr', 'not offered: the default');
  s = realtime(s, { type: 'frame', frame: ago(600) });
  assert.equal(s.interval, '1sec', 'the pick is gone once it no longer applied');
});

test('an interval the span does not offer is refused', () => {
  const s = start('realtime', ago(3600));
  assert.equal(realtime(s, { type: 'interval', interval: '1sec' }), s);
});

test('VTHD under 11 minutes moves 1 s to 1 minute (001 §9)', () => {
  const s = realtime(start('realtime', ago(600)), { type: 'parameter', parameter: 'VTHD' });
  assert.equal(s.parameter, 'VTHD');
  assert.equal(s.interval, '1min');
});

test('zoom and roll back go through the history and recompute the interval', () => {
  let s = start('realtime', ago(86_399));
  assert.equal(s.interval, '1hr');
  s = realtime(s, { type: 'zoom', frame: { start: NOW - 3000, end: NOW - 2500 } });
  assert.equal(s.interval, '1sec');
  assert.equal(s.preset, undefined);
  assert.deepEqual(s.history, [ago(86_399)]);
  s = realtime(s, { type: 'rollBack' });
  assert.deepEqual(s.frame, ago(86_399));
  assert.equal(s.interval, '1hr');
  assert.equal(realtime(s, { type: 'rollBack' }), s);
  const picked = realtime(realtime(s, { type: 'zoom', frame: ago(600) }), { type: 'preset', preset: 'Yesterday', frame: ago(86_399) });
  assert.deepEqual(picked.history, [], 'a picked frame starts a new history');
});

test('presets in the device zone feed the frame', () => {
  const today = presetRange('Today', NOW * 1000, 'America/New_York');
  const s = energy(start('energy', ago(600)), { type: 'preset', preset: 'Today', frame: today });
  assert.deepEqual(s.frame, { start: Date.UTC(2026, 10, 21, 5, 0) / 1000, end: NOW });
  assert.equal(s.interval, '1hr');
});

test('channels: the picker only for more than 4; at most 4, in list order', () => {
  assert.equal(showsChannelPicker(TREND_CHANNELS.realtime), false);
  assert.equal(showsChannelPicker(TREND_CHANNELS.energy), true);
  assert.equal(TREND_CHANNELS.energy.length, 22);
  const all = TREND_CHANNELS.energy;
  const four = ['Phase A', 'Phase B', 'Phase C', 'System'];
  assert.deepEqual(toggleChannel(all, four, 'Input Channel 3'), four, 'a fifth is refused');
  assert.deepEqual(toggleChannel(all, ['System'], 'Phase A'), ['Phase A', 'System']);
  assert.deepEqual(toggleChannel(all, four, 'Phase B'), ['Phase A', 'Phase C', 'System']);
  const s = energy(start('energy', ago(600)), { type: 'channels', channels: [...four, 'Input Channel 1'] });
  assert.equal(s.channels.length, 4);
});

test("'Last 7 days' defaults to 1 hour (an interval its span offers, so the module accepts it)", () => {
  const week = presetRange('Last 7 days', NOW * 1000, 'UTC');
  assert.equal(week.end - week.start, 7 * 86_400);
  assert.deepEqual(trendIntervalOptions('energy', spanMs(week)).options, ['1hr', '1day']);
  for (const [kind, reduce] of [
    ['realtime', realtime],
    ['energy', energy],
  ] as const) {
    const s = reduce(start(kind, ago(3600)), { type: 'preset', preset: 'Last 7 days', frame: week });
    assert.equal(s.interval, '1hr', kind);
    assert.equal(s.intervalPicked, false, kind);
    // Opening on it gives the same.
    assert.equal(initialTrendView(kind, { preset: 'Last 7 days', frame: week, parameter: kind === 'realtime' ? 'VLN' : 'EP', channels: [] }).interval, '1hr');
  }
  // The same span typed by hand follows the span's default; a picked 1 day is kept by the preset.
  assert.equal(realtime(start('realtime', ago(3600)), { type: 'frame', frame: week }).interval, '1day');
  let s = realtime(start('realtime', ago(30 * 86_400)), { type: 'interval', interval: '1hr' });
  s = realtime(realtime(s, { type: 'interval', interval: '1day' }), { type: 'preset', preset: 'Last 7 days', frame: week });
  assert.equal(s.interval, '1day');
});

test('Back and Reset zoom: the first frame brings its preset (and its default interval) back', () => {
  const week = presetRange('Last 7 days', NOW * 1000, 'UTC');
  let s = realtime(start('realtime', ago(3600)), { type: 'preset', preset: 'Last 7 days', frame: week });
  s = realtime(s, { type: 'zoom', frame: { start: NOW - 3 * 86_400, end: NOW - 86_400 } });
  s = realtime(s, { type: 'zoom', frame: { start: NOW - 2 * 86_400, end: NOW - 86_400 - 3600 } });
  assert.equal(s.preset, undefined);
  assert.equal(s.history.length, 2);
  const back = realtime(s, { type: 'rollBack' });
  assert.deepEqual(back.frame, { start: NOW - 3 * 86_400, end: NOW - 86_400 });
  assert.equal(back.preset, undefined, 'still zoomed');
  const reset = realtime(s, { type: 'resetZoom' });
  assert.deepEqual(reset.frame, week);
  assert.deepEqual(reset.history, []);
  assert.equal(reset.preset, 'Last 7 days');
  assert.equal(reset.interval, '1hr');
  assert.equal(realtime(back, { type: 'rollBack' }).preset, 'Last 7 days', 'Back to the first frame too');
  assert.equal(realtime(reset, { type: 'resetZoom' }), reset, 'not zoomed: unchanged');
  // A typed frame has no preset to come back to.
  const typed = realtime(realtime(s, { type: 'frame', frame: ago(7200) }), { type: 'zoom', frame: ago(600) });
  assert.equal(realtime(typed, { type: 'resetZoom' }).preset, undefined);
});

test('recent frames follow the live data (issue 28): a slide keeps the interval; zoomed or on another preset they stay', () => {
  let s = realtime(start('realtime', ago(3600)), { type: 'preset', preset: 'Last 10 Minutes', frame: ago(600) });
  s = realtime(s, { type: 'interval', interval: '15sec' });
  assert.ok(followsLive(s));
  assert.equal(followStepSeconds('1sec'), 5, 'never more often than the readings refresh');
  assert.equal(followStepSeconds('15sec'), 15);
  assert.equal(followStepSeconds('1min'), 60);
  assert.equal(followDue(s, NOW + 14), false);
  assert.equal(followDue(s, NOW + 15), true);
  const slid = realtime(s, { type: 'follow', preset: 'Last 10 Minutes', frame: { start: NOW - 585, end: NOW + 15 } });
  assert.deepEqual(slid.frame, { start: NOW - 585, end: NOW + 15 });
  assert.equal(slid.interval, '15sec', 'the picked interval stays');
  assert.equal(slid.preset, 'Last 10 Minutes');
  assert.equal(realtime(slid, { type: 'follow', preset: 'Last 1 Hour', frame: ago(3600) }), slid, 'a slide of another preset is late: ignored');

  const zoomed = realtime(slid, { type: 'zoom', frame: { start: NOW - 300, end: NOW - 200 } });
  assert.equal(followsLive(zoomed), false);
  assert.equal(realtime(zoomed, { type: 'follow', preset: 'Last 10 Minutes', frame: ago(600) }), zoomed);
  assert.ok(followsLive(realtime(zoomed, { type: 'resetZoom' })), 'back on the preset, it follows again');
  assert.equal(followsLive(realtime(slid, { type: 'preset', preset: 'Today', frame: ago(3600) })), false);
});
