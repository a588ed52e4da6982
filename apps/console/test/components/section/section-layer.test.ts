/** The section layer's pure parts: fields derived from the schema's meta, and what a declaration places. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { DEFAULT_METER_CONTEXT, defineSection, sectionBody, intBetween, oneOf, rules, schemaFields, sectionFields, strictObject, text, withMeta } from '@meter/contract';
import { flatten } from '../../../src/components/section/flat-values.ts';
import { defineSectionScreen, placedFields } from '../../../src/components/section/section-def.ts';
import { fieldDefOf, nestedKeys } from '../../../src/components/section/section-fields.ts';
import { ALARM_SCREEN } from '../../../src/features/meter-settings/alarm.tsx';
import { GENERAL_SCREEN } from '../../../src/features/meter-settings/general.tsx';
import { IO_SCREEN } from '../../../src/features/meter-settings/io.tsx';
import { USER_CT_SCREEN } from '../../../src/features/meter-settings/user-ct.tsx';

/** A section declared only by its schema, and a screen declared only by its layout. */
const fixture = defineSection({
  key: 'fixture',
  title: 'Fixture settings',
  context: 'none',
  body: () =>
    strictObject({
      stationName: text('Station Name', rules.maxLength('Station Name', 20)),
      pollInterval: withMeta(intBetween('Poll Interval', 1, 60), { unit: 's' }),
      mode: withMeta(oneOf('Mode', [0, 1] as const), {
        options: [
          { value: 0, label: 'Off' },
          { value: 1, label: 'On' },
        ],
      }),
      apiKey: withMeta(text('API Key'), { secret: true }),
      link: strictObject({ host: text('Host'), port: intBetween('Port', 1, 65535) }),
    }),
  data: z.object({}),
  savedMessage: 'Fixture settings saved',
});
const screen = defineSectionScreen({
  endpoint: 'passwordPolicy',
  section: fixture,
  title: 'Fixture',
  formLabel: 'Fixture settings',
  blocks: [
    { kind: 'card', title: 'Station', fields: ['stationName', 'pollInterval', 'mode', 'apiKey'] },
    {
      kind: 'rows',
      rows: ['link'],
      rowHeader: 'Link',
      rowLabel: () => 'Uplink',
      columns: [
        { field: 'host', header: 'Host' },
        { field: 'port', header: 'Port' },
      ],
    },
  ],
});

test('a schema-only section gives the drawn fields: labels, inputs, options and hints from the meta', () => {
  const defs = sectionFields(fixture, undefined).map(fieldDefOf);
  assert.deepEqual(
    defs.map((d) => [d.name, d.label, d.kind, d.help]),
    [
      ['stationName', 'Station Name', 'text', undefined],
      ['pollInterval', 'Poll Interval', 'number', '1 to 60 s'],
      ['mode', 'Mode', 'select', undefined],
      ['apiKey', 'API Key', 'password', undefined],
      ['link__host', 'Host', 'text', undefined],
      ['link__port', 'Port', 'number', '1 to 65535'],
    ],
  );
  assert.deepEqual(defs.find((d) => d.name === 'mode')!.options, [
    { value: 0, label: 'Off' },
    { value: 1, label: 'On' },
  ]);
  assert.deepEqual(placedFields(screen.blocks), ['stationName', 'pollInterval', 'mode', 'apiKey', 'link__host', 'link__port']);
  assert.deepEqual(nestedKeys(sectionFields(fixture, undefined)), ['link']);
  assert.deepEqual(flatten({ stationName: 'A', link: { host: 'h', port: 1 } }, ['link']), { stationName: 'A', link__host: 'h', link__port: 1 });
});

test('a sealed field is drawn disabled', () => {
  const sealed = { ...DEFAULT_METER_CONTEXT, sealed: true };
  const defs = new Map(schemaFields(sectionBody(GENERAL_SCREEN.section, sealed)).map((f) => [f.name, fieldDefOf(f)]));
  assert.equal(defs.get('demandMethod')!.disabled, true);
  assert.equal(defs.get('ratedVoltage')!.disabled, undefined);
});

test('every field the meter screens place exists in their section, and every editable field is placed', () => {
  const screens = [GENERAL_SCREEN, ALARM_SCREEN, IO_SCREEN, USER_CT_SCREEN];
  // Read back unchanged, never drawn: the wiring (set in User & CT), the meter password (own card), the DI lists (fixed).
  const notDrawn = new Set(['meterPassword', 'voltageWiring', 'diAdvancedOptions']);
  for (const s of screens) {
    const names = schemaFields(sectionBody(s.section, DEFAULT_METER_CONTEXT)).map((f) => f.name);
    const placed = placedFields(s.blocks);
    assert.deepEqual(
      placed.filter((n) => !names.includes(n)),
      [],
      s.title,
    );
    assert.deepEqual(
      names.filter((n) => !placed.includes(n) && !notDrawn.has(n)),
      [],
      s.title,
    );
  }
});
