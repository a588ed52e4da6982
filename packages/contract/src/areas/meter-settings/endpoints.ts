/**
 * Meter settings (001 §7): the calls of the four sections, meter connection, the password and the seal.
 */
import { successReply } from '../../schemas/common.ts';
import { setMeterPasswordBody } from './password.ts';
import { meterConnectionSection } from './meter-connection.ts';
import { meterAlarmSection, meterGeneralSection, meterIoSection, meterUserCtSection } from './sections.ts';
import { read, write, ep, sectionRead, sectionWrite } from '../../endpoints/define.ts';

export const meterSettingsEndpoints = {
  // Meter settings (001 §7): configuration view reads, configuration edit writes. Each is a section
  // (sections.ts): a PUT carries the whole object and is validated under the device's state;
  // settings/meter is read above (DEVICE_FACTS).
  saveMeterSettings: sectionWrite('/settings/meter', meterGeneralSection, write('configuration')),
  alarmConfig: sectionRead('/settings/alarmConfig', meterAlarmSection, read('configuration')),
  saveAlarmConfig: sectionWrite('/settings/alarmConfig', meterAlarmSection, write('configuration')),
  ioConfig: sectionRead('/settings/ioConfig', meterIoSection, read('configuration')),
  saveIoConfig: sectionWrite('/settings/ioConfig', meterIoSection, write('configuration')),
  userCtConfig: sectionRead('/settings/userCtConfig', meterUserCtSection, read('configuration')),
  saveUserCtConfig: sectionWrite('/settings/userCtConfig', meterUserCtSection, write('configuration')),
  // Meter Connection (issue 26, beyond the spec): admin only (the section's adminOnly), applied at the next start.
  meterConnection: sectionRead('/settings/meter/meterConnection', meterConnectionSection, read('configuration')),
  saveMeterConnection: sectionWrite('/settings/meter/meterConnection', meterConnectionSection, write('configuration')),
  /** Replies {value: 'Password updated'}; a wrong current password is 400 'Current password incorrect'. */
  setMeterPassword: ep({ method: 'PATCH', path: '/command/meter/setMeterPassword', body: setMeterPasswordBody, reply: successReply, auth: write('configuration') }),
} as const;
