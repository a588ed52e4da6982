/** Trend Log Management's pure parts (001 §3, §4, §5): log param form, validation, file texts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOG_INTERVAL, trendTexts, type TrendExportStatus, type TrendLogRange } from '@meter/contract';
import { PROGRESS_DOTS_MS, exportProgress, exportSizeText, exportStatusText, withDots } from '../../../src/features/trends/export-file.ts';
import { allowedRange, exportBodyOf, initialLogParam, toggleBit, toggleType, validateLogParam, withMasks } from '../../../src/features/trends/log-param.ts';
import { frameLimits, readFrame, toWallInput } from '../../../src/features/trends/time-frame.ts';

const Z = 'America/New_York';
const DAY = 86_400;
// Local days in New York (-05:00 in November).
const day = (d: number) => Date.UTC(2026, 10, d, 5) / 1000;
const RANGE: TrendLogRange = {
  realTimeMin: day(10),
  realTimeMax: day(21) + DAY - 1,
  energyMin: day(1),
  energyMax: day(21) + DAY - 1,
  demandMin: 0,
  demandMax: 0,
  powerQualityMin: day(10),
  powerQualityMax: day(21) + DAY - 1,
  ioMin: 0,
  ioMax: 0,
};

test('the form starts with nothing chosen, 15 seconds and the last recorded day', () => {
  const f = initialLogParam(RANGE, Z);
  assert.equal(f.interval, LOG_INTERVAL.sec15);
  assert.equal(f.start, '2026-11-21T00:00:00');
  assert.equal(f.end, '2026-11-21T23:59:59');
  assert.deepEqual(initialLogParam(undefined, Z).start, '');
});

test('choosing types applies the interval rule of 001 §4 and keeps the times in range', () => {
  let f = { ...initialLogParam(RANGE, Z), start: '2026-11-02T00:00:00' };
  f = withMasks(f, toggleBit(f.masks, 'realTime', 1), RANGE, Z);
  assert.equal(f.interval, LOG_INTERVAL.sec15);
  assert.equal(f.start, '2026-11-10T00:00:00', 'clamped to the realtime minimum');
  f = withMasks(f, toggleBit(f.masks, 'energy', 2), RANGE, Z);
  assert.equal(f.interval, LOG_INTERVAL.min1, 'energy: 15 s moves to 1 minute');
  assert.deepEqual(allowedRange(RANGE, ['energy']), { min: day(1), max: day(21) + DAY - 1 });
  assert.equal(allowedRange(RANGE, ['demand']), undefined);
  assert.deepEqual(allowedRange(RANGE, []), { min: day(1), max: day(21) + DAY - 1 });
});

test('group checkbox: all or none', () => {
  const none = initialLogParam(RANGE, Z).masks;
  assert.equal(toggleType(none, 'energy').energy, 7);
  assert.equal(toggleType({ ...none, energy: 7 }, 'energy').energy, 0);
  assert.equal(toggleType({ ...none, energy: 2 }, 'energy').energy, 7);
});

test('validation with the contract schema: 001 §5 messages', () => {
  const f = initialLogParam(RANGE, Z);
  assert.deepEqual(validateLogParam(f, Z, RANGE).errors, { logParamArray: 'Please select at lease one' });
  const chosen = withMasks(f, toggleBit(f.masks, 'realTime', 2), RANGE, Z);
  const swapped = { ...chosen, start: chosen.end, end: chosen.start };
  assert.deepEqual(validateLogParam(swapped, Z, RANGE).errors, { startTime: 'Start time must be less than end time', endTime: 'End time must be greater than start time' });
  assert.deepEqual(validateLogParam({ ...f, start: '', end: '' }, Z, RANGE).errors, {
    logParamArray: 'Please select at lease one',
    startTime: 'Please provide Start time',
    endTime: 'Please provide End time',
  });
  const early = { ...chosen, start: '2026-11-05T00:00:00' };
  assert.deepEqual(validateLogParam(early, Z, RANGE).errors, { startTime: trendTexts.outOfRange });
});

test('a valid form gives the exportLog body of 001 §7', () => {
  const f = withMasks(initialLogParam(RANGE, Z), { realTime: 3, energy: 1, demand: 0, powerQuality: 4, io: 0 }, RANGE, Z);
  const { body, errors } = validateLogParam(f, Z, RANGE);
  assert.deepEqual(errors, {});
  assert.deepEqual(body, {
    realTimeMask: 3,
    energyMask: 1,
    demandMask: 0,
    powerQualityMask: 4,
    ioMask: 0,
    startTime: day(21),
    endTime: day(21) + DAY - 1,
    logInterval: LOG_INTERVAL.min1,
    logParamType: null,
    isAvgValueOn: false,
    isInstValueOn: false,
    isMaxValueOn: false,
    isMinValueOn: false,
  });
  assert.equal(exportBodyOf(f, Z).startTime, day(21));
});

const status = (s: Partial<TrendExportStatus>): TrendExportStatus => ({
  exportStat: false,
  exportFileName: '',
  currentTimeStamp: 0,
  startTimeStamp: 0,
  endTimeStamp: 0,
  filesize: 0,
  ...s,
});

test('file states show the texts of 001 §4, the dots cycling 1-3', () => {
  assert.equal(exportStatusText('none', 0), 'Trend log file not found. Ready to generate.');
  assert.equal(exportStatusText('ready', 0), 'Trend log file is ready. (Generating new file will delete current file)');
  assert.deepEqual(
    [0, 1, 2, 3].map((t) => exportStatusText('generating', t)),
    ['Generating the log file.', 'Generating the log file..', 'Generating the log file...', 'Generating the log file.'],
  );
  assert.equal(exportStatusText('compressing', 2), 'Compressing...');
  assert.equal(withDots('Compressing', 0), 'Compressing.');
  assert.equal(PROGRESS_DOTS_MS, 800);
});

test('progress through the time range; size in B, KB or MB', () => {
  assert.equal(exportProgress(status({ exportStat: 1, startTimeStamp: 100, endTimeStamp: 300, currentTimeStamp: 150 })), 25);
  assert.equal(exportProgress(status({ exportStat: 2 })), 100);
  assert.equal(exportProgress(status({})), 0);
  assert.equal(exportSizeText(status({ filesize: 2048 })), '2.00 KB');
});

test('chart frames: realtime within 30 days of the device time, energy not after it', () => {
  const now = day(21) + 3600;
  assert.deepEqual(frameLimits('realtime', now), { min: now - 30 * DAY, max: now });
  assert.deepEqual(frameLimits('energy', now), { max: now });
  const wall = (t: number) => toWallInput(Z, t);
  assert.equal(wall(day(21)), '2026-11-21T00:00:00');
  assert.deepEqual(readFrame(Z, wall(now - 600), wall(now), frameLimits('realtime', now)), { frame: { start: now - 600, end: now } });
  assert.match(readFrame(Z, wall(now - 31 * DAY), wall(now), frameLimits('realtime', now)).start!, /^Start time must be greater than or equal to 2026\/10\/22/);
  assert.match(readFrame(Z, wall(now - 60), wall(now + 60), frameLimits('energy', now)).end!, /^End time must be less than or equal to/);
  assert.deepEqual(readFrame(Z, wall(now), wall(now - 60), frameLimits('energy', now)), {
    start: 'Start time must be less than end time',
    end: 'End time must be greater than start time',
  });
  assert.equal(readFrame(Z, '', wall(now), frameLimits('energy', now)).start, 'Please provide Start time');
});
