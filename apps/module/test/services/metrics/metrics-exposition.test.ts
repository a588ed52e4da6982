/**
 * The exposition writer (services/metrics/exposition.ts): the Prometheus text format 0.0.4 and
 * OpenMetrics 1.0 as their specifications spell them. The API test checks a real scrape with
 * Debian's promtool; this one pins the escaping and the counter names.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OPENMETRICS_TYPE, PROMETHEUS_TYPE, exposition } from '../../../src/services/metrics/exposition.ts';

type Families = Parameters<typeof exposition>[0];
const FAMILIES: Families = [
  { name: 'acurev_info', help: 'Back\\slash and\nnewline.', kind: 'gauge', labels: ['model'], samples: [[{ model: 'a "b" \\ c\nd' }, 1]] },
  {
    name: 'acurev_phase_current_amperes',
    help: 'Current.',
    kind: 'gauge',
    labels: ['phase'],
    samples: [
      [{ phase: 'a' }, -1.5],
      [{ phase: 'b' }, Number.NaN],
      [{ phase: 'c' }, Infinity],
    ],
  },
  { name: 'acurev_active_energy_import_joules_total', help: 'Energy.', kind: 'counter', labels: [], samples: [[{}, 3.6e9]] },
  { name: 'acurev_active_energy_export_joules_total', help: 'Not reported.', kind: 'counter', labels: [], samples: [] },
];

test('the Prometheus text format: HELP and TYPE per family, a blank line between families, escaped label values', () => {
  const { contentType, text } = exposition(FAMILIES, false);
  assert.equal(contentType, PROMETHEUS_TYPE);
  assert.equal(
    text,
    [
      '# HELP acurev_info Back\\\\slash and\\nnewline.',
      '# TYPE acurev_info gauge',
      'acurev_info{model="a \\"b\\" \\\\ c\\nd"} 1',
      '',
      '# HELP acurev_phase_current_amperes Current.',
      '# TYPE acurev_phase_current_amperes gauge',
      'acurev_phase_current_amperes{phase="a"} -1.5',
      'acurev_phase_current_amperes{phase="b"} NaN',
      'acurev_phase_current_amperes{phase="c"} +Inf',
      '',
      '# HELP acurev_active_energy_import_joules_total Energy.',
      '# TYPE acurev_active_energy_import_joules_total counter',
      'acurev_active_energy_import_joules_total 3600000000',
      '',
      '# HELP acurev_active_energy_export_joules_total Not reported.',
      '# TYPE acurev_active_energy_export_joules_total counter',
      '',
    ].join('\n'),
  );
});

test('OpenMetrics: a counter family is named without _total, its samples with it; the text ends with # EOF', () => {
  const { contentType, text } = exposition(FAMILIES.slice(2), true);
  assert.equal(contentType, OPENMETRICS_TYPE);
  assert.equal(
    text,
    [
      '# HELP acurev_active_energy_import_joules Energy.',
      '# TYPE acurev_active_energy_import_joules counter',
      'acurev_active_energy_import_joules_total 3600000000',
      '# HELP acurev_active_energy_export_joules Not reported.',
      '# TYPE acurev_active_energy_export_joules counter',
      '# EOF',
      '',
    ].join('\n'),
  );
});
