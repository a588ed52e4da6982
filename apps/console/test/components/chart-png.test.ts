/** The PNG export's pure parts: the legend's layout, the title's lines and the file name. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chartPngFileName, legendLayout, wrapText } from '../../src/components/chart-png.ts';

const entry = (label: string) => ({ label, color: '#000' });
// 7 px per character: swatch 14 + gap 6 + text, then 18 to the next entry.
const width = (label: string) => label.length * 7;

test('legend entries sit left to right and wrap when the next one would not fit', () => {
  const entries = ['Phase A', 'Phase B', 'Phase C', 'System'].map(entry);
  const wide = legendLayout(entries, 1000, width);
  assert.equal(wide.lines, 1);
  assert.deepEqual(
    wide.placed.map((e) => e.x),
    [0, 87, 174, 261],
  );
  const narrow = legendLayout(entries, 180, width);
  assert.deepEqual(
    narrow.placed.map((e) => [e.x, e.line]),
    [
      [0, 0],
      [87, 0],
      [0, 1],
      [87, 1],
    ],
  );
  assert.equal(narrow.lines, 2);
  // An entry wider than the picture still gets a line of its own rather than none.
  assert.deepEqual(legendLayout([entry('x'.repeat(100))], 50, width).lines, 1);
  assert.deepEqual(legendLayout([], 500, width), { placed: [], lines: 0 });
});

test('the file name holds the trend, the parameter and the frame on the device clock', () => {
  const frame = { start: Date.UTC(2026, 10, 21, 14, 0, 0) / 1000, end: Date.UTC(2026, 10, 21, 15, 0, 5) / 1000 };
  assert.equal(chartPngFileName('Realtime log VLN', frame, 'UTC'), 'Realtime log VLN 20261121-140000_20261121-150005.png');
  assert.equal(chartPngFileName('Energy log EP', frame, 'America/New_York'), 'Energy log EP 20261121-090000_20261121-100005.png');
});

test('a title wider than the picture wraps at spaces; a single long word keeps a line of its own', () => {
  const title = 'Realtime log VLN, 2026/11/22 08:41:04 PM – 2026/11/22 09:11:04 PM';
  assert.deepEqual(wrapText(title, 10_000, width), [title]);
  assert.deepEqual(wrapText(title, 300, width), ['Realtime log VLN, 2026/11/22 08:41:04 PM –', '2026/11/22 09:11:04 PM']);
  assert.deepEqual(wrapText('a verylongword b', 35, width), ['a', 'verylongword', 'b']);
  assert.deepEqual(wrapText('', 100, width), []);
});
