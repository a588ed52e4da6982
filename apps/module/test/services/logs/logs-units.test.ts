/** Pure pieces of the logs: CSV cells, ISO offsets, log periods on the local clock. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lengthOf, periodStart } from '../../../src/services/datalog/periods.ts';
import { csvCell, csvLine, isoWithOffset } from '../../../src/services/logs/csv.ts';

test('csv cells: formulas neutralised, quotes doubled, numbers left alone', () => {
  assert.equal(csvCell('=A1'), "'=A1");
  assert.equal(csvCell('+1'), "'+1");
  assert.equal(csvCell('-1'), "'-1");
  assert.equal(csvCell('@x'), "'@x");
  assert.equal(csvCell('\tx'), "'\tx");
  assert.equal(csvCell(-1.5), '-1.5');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell('say "x"'), '"say ""x"""');
  assert.equal(csvCell('=a,b'), `"'=a,b"`);
  assert.equal(csvLine(['a', 1]), 'a,1\r\n');
});

test('ISO 8601 with the zone offset, across DST', () => {
  assert.equal(isoWithOffset(Date.parse('2026-03-01T08:00:00Z'), 'America/New_York'), '2026-03-01T03:00:00-05:00');
  assert.equal(isoWithOffset(Date.parse('2026-07-01T08:00:00Z'), 'America/New_York'), '2026-07-01T04:00:00-04:00');
  assert.equal(isoWithOffset(Date.parse('2026-07-01T08:00:00Z'), 'Asia/Kolkata'), '2026-07-01T13:30:00+05:30');
  assert.equal(isoWithOffset(Date.parse('2026-07-01T08:00:00Z'), 0), '2026-07-01T08:00:00+00:00');
});

test('periods start on the local clock', () => {
  const ny = 'America/New_York';
  const at = Date.parse('2026-03-04T15:07:30Z'); // 10:07:30 local, a Wednesday
  assert.equal(periodStart(at, lengthOf(2), ny), Date.parse('2026-03-04T15:00:00Z'));
  assert.equal(periodStart(at, lengthOf(7), ny), Date.parse('2026-03-04T05:00:00Z'));
  assert.equal(periodStart(at, lengthOf(9), ny), Date.parse('2026-03-02T05:00:00Z'));
  assert.equal(periodStart(at, lengthOf(10), ny), Date.parse('2026-03-01T05:00:00Z'));
  assert.equal(periodStart(at, { seconds: 2 }, ny), Date.parse('2026-03-04T15:07:30Z'));
  // Half-hour zone: quarter hours fall on its own wall clock.
  assert.equal(periodStart(Date.parse('2026-03-04T04:50:00Z'), lengthOf(3), 'Asia/Kolkata'), Date.parse('2026-03-04T04:30:00Z'));
  // After the spring-forward change the day still starts at local midnight (EST then).
  assert.equal(periodStart(Date.parse('2026-03-08T18:00:00Z'), lengthOf(7), ny), Date.parse('2026-03-08T05:00:00Z'));
  assert.throws(() => lengthOf(99));
});
