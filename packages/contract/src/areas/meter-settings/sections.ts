/**
 * The four meter settings sections (001 §3, §7): rules under the meter's context, the seal of
 * 001 §4, and the reboot prompt for the sections that take effect after a restart.
 */
import { meterSettingsTexts } from '../../messages.ts';
import { sealedFields } from '../../meter-state/seal.ts';
import { alarmConfigData, alarmConfigSchema } from './alarm.ts';
import { meterSettingsData, meterSettingsSchema } from './general.ts';
import { ioConfigData, ioConfigSchema } from './io.ts';
import { userCtConfigData, userCtConfigSchema } from './user-ct.ts';
import { defineSection } from '../../sections/section.ts';

/**
 * The four meter settings sections (001 §3, §7): rules under the meter's context, the seal of
 * 001 §4, and the reboot prompt for the sections that take effect after a restart.
 */
const meterTitle = (name: string) => `Meter settings (${name})`;

export const meterGeneralSection = defineSection({
  key: 'meterGeneral',
  title: meterTitle('General'),
  context: 'meter',
  body: meterSettingsSchema,
  data: meterSettingsData,
  sealed: (ctx) => sealedFields('general', ctx),
  // The wiring is set in the User and CT settings, the password with command/meter/setMeterPassword.
  readOnly: ['meterPassword', 'voltageWiring'],
  savedMessage: meterSettingsTexts.saved,
});

export const meterAlarmSection = defineSection({
  key: 'meterAlarm',
  title: meterTitle('Alarm'),
  context: 'meter',
  body: alarmConfigSchema,
  data: alarmConfigData,
  sealed: (ctx) => sealedFields('alarm', ctx),
  savedMessage: meterSettingsTexts.saved,
});

export const meterIoSection = defineSection({
  key: 'meterIo',
  title: meterTitle('I/O and Event'),
  context: 'meter',
  body: ioConfigSchema,
  data: ioConfigData,
  sealed: (ctx) => sealedFields('io', ctx),
  readOnly: ['diAdvancedOptions'],
  reboot: true,
  savedMessage: meterSettingsTexts.saved,
});

export const meterUserCtSection = defineSection({
  key: 'meterUserCt',
  title: meterTitle('User and CT'),
  context: 'meter',
  body: userCtConfigSchema,
  data: userCtConfigData,
  sealed: (ctx) => sealedFields('userCt', ctx),
  reboot: true,
  savedMessage: meterSettingsTexts.saved,
});
