/** CSV export of a trend chart (000 §2): file name, header, device-offset timestamps, neutralised cells. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell, trendCsv, trendCsvFileName } from '../../../src/features/trends/trend-csv.ts';

test('named from the title, the parameter and the word Data', () => {
  assert.equal(trendCsvFileName('Realtime log', 'VLN'), 'Realtime log VLN Data.csv');
  assert.equal(trendCsvFileName('Energy log', 'EP'), 'Energy log EP Data.csv');
});

test('text that a spreadsheet would run is neutralised; numbers, negative too, stay numbers', () => {
  for (const bad of ['=1+2', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx']) assert.ok(csvCell(bad).replace(/^"/, '').startsWith("'"), bad);
  assert.equal(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.equal(csvCell(-12.5), '-12.5');
  assert.equal(csvCell(0), '0');
  assert.equal(csvCell('Phase A'), 'Phase A');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell(null), '');
  assert.equal(csvCell(undefined), '');
  assert.equal(csvCell(NaN), '');
});

test('ISO 8601 timestamps carry the device offset at that instant (across DST), CRLF lines', () => {
  // 2026-03-08 01:59 and 03:00 New York time: -05:00 then -04:00.
  const before = Date.UTC(2026, 2, 8, 6, 59) / 1000;
  const after = Date.UTC(2026, 2, 8, 7, 0) / 1000;
  const csv = trendCsv({
    rows: [
      { Timestamp: after, 'Phase A': -1.5, System: 4 },
      { Timestamp: before, 'Phase A': 2, System: '=evil' },
    ],
    channels: ['Phase A', 'System'],
    parameter: 'P',
    unit: 'kW',
    zone: 'America/New_York',
  });
  assert.equal(csv, ['Timestamp,P Phase A (kW),P System (kW)', "2026-03-08T01:59:00-05:00,2,'=evil", '2026-03-08T03:00:00-04:00,-1.5,4', ''].join('\r\n'));
});

test('a unitless parameter has no unit in its columns; a missing value is an empty cell', () => {
  const csv = trendCsv({ rows: [{ Timestamp: 0, 'Phase A': 0.98 }], channels: ['Phase A', 'Phase B'], parameter: 'PF', unit: '', zone: 'UTC' });
  assert.equal(csv, 'Timestamp,PF Phase A,PF Phase B\r\n1970-01-01T00:00:00+00:00,0.98,\r\n');
});
