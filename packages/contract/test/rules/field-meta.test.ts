/** Field meta on the schemas: what forms derive their inputs from, and what the sections declare. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DEFAULT_METER_CONTEXT,
  GENERAL_LABELS,
  IO_LABELS,
  endpoints,
  fieldHelp,
  ioConfigSchema,
  meterGeneralSection,
  meterSettingsSchema,
  passwordPolicy,
  passwordPolicySection,
  schemaFields,
  secretPaths,
  sectionSaveOf,
  userCtConfigSchema,
  type MeterContext,
} from '../../src/index.ts';

const ctx = (patch: Partial<MeterContext> = {}): MeterContext => ({ ...DEFAULT_METER_CONTEXT, meterModel: 'AcuRev 2100-mV-18', meterFirmwareVersion: '1.16', ...patch });
const byName = (fields: ReturnType<typeof schemaFields>) => new Map(fields.map((f) => [f.name, f]));

test('the builders carry label, input kind, bounds and unit; the hint line is derived from them', () => {
  const g = byName(schemaFields(meterSettingsSchema(ctx())));
  const rated = g.get('ratedVoltage')!;
  assert.deepEqual([rated.label, rated.kind, rated.min, rated.max, rated.unit], [GENERAL_LABELS.ratedVoltage, 'number', 10, 400, 'V']);
  assert.equal(fieldHelp(rated), '10 to 400 V');
  assert.equal(fieldHelp(g.get('avgIntervalWindow')!), '1 to 30 minutes');
  assert.equal(fieldHelp(g.get('deviceDescription')!), 'Up to 30 characters');
  assert.equal(fieldHelp(g.get('bacnetId')!), '1 to 4194303');
  const protocol = g.get('protocolSelect')!;
  assert.equal(protocol.kind, 'select');
  assert.deepEqual(protocol.options, [
    { value: 0, label: 'Modbus RTU' },
    { value: 2, label: 'BACnet MS/TP' },
  ]);
});

test('rows are walked into: nested fields are named by their path, with their own labels', () => {
  const io = byName(schemaFields(ioConfigSchema(ctx())));
  const unit = io.get('di3Config__unit')!;
  assert.deepEqual(unit.path, ['di3Config', 'unit']);
  assert.equal(unit.label, IO_LABELS.diUnit(3));
  assert.equal(unit.kind, 'select');
  assert.equal(io.get('systemEventAlarm__restart__enable')!.kind, 'checkbox');
  assert.deepEqual(io.get('systemEventAlarm__restart__enable')!.checkboxValues, [0, 1]);
  assert.equal(fieldHelp(io.get('pulseWidth')!), '20 to 100 ms');
});

test('a sealed field keeps its meta and is marked sealed; a sealed row marks every field of it', () => {
  const sealed = ctx({ sealed: true });
  const g = byName(schemaFields(meterSettingsSchema(sealed)));
  assert.equal(g.get('demandMethod')!.sealed, true);
  assert.equal(g.get('demandMethod')!.label, GENERAL_LABELS.demandMethod);
  assert.equal(g.get('ratedVoltage')!.sealed, undefined);
  assert.equal(g.get('optionalSealConfig__touRelated')!.sealed, true);
  const u = byName(schemaFields(userCtConfigSchema(sealed)));
  assert.equal(u.get('userId4__channel')!.sealed, true);
  assert.equal(u.get('userId4__channel')!.kind, 'select');
  // The schema accepts anything there (the module compares it with the stored value).
  assert.equal(meterSettingsSchema(sealed).safeParse({}).success, false);
});

test('the password policy carries its units and meanings; the section names it and its defaults', () => {
  const p = byName(schemaFields(passwordPolicy));
  assert.equal(fieldHelp(p.get('pwdHistory')!), '1 to 32 passwords');
  assert.equal(p.get('sessionTimeout')!.description, 'Minutes without activity after which a session ends. 0 means never.');
  assert.equal(p.get('needUpperLower')!.kind, 'checkbox');
  assert.equal(passwordPolicySection.title, 'Password policy');
  assert.equal(passwordPolicy.safeParse(passwordPolicySection.defaults!()).success, true);
});

test('secrets are named by the schema; a section GET finds its PUT', () => {
  assert.deepEqual(secretPaths(meterGeneralSection), [['meterPassword']]);
  assert.deepEqual(secretPaths(passwordPolicySection), []);
  assert.equal(sectionSaveOf('meterSettings'), 'saveMeterSettings');
  assert.equal(sectionSaveOf('ioConfig'), 'saveIoConfig');
  assert.equal(sectionSaveOf('passwordPolicy'), 'savePasswordPolicy');
  assert.equal(sectionSaveOf('deviceInfo'), undefined);
  assert.equal(endpoints.saveMeterSettings.section, meterGeneralSection);
});
