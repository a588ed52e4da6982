/**
 * Names of the top-level keys whose schemas carry no label of their own (a row such as di3Config,
 * a group such as optionalSealConfig), for "… cannot be changed while the meter is sealed"; every
 * other key is named by its field meta.
 */
import { ALARM_LABELS, GENERAL_LABELS, IO_LABELS, type MeterSettingsSection } from '@meter/contract';

export function fieldLabel(section: MeterSettingsSection, key: string): string | undefined {
  if (section === 'general') return key === 'optionalSealConfig' ? GENERAL_LABELS.optionalSealConfig : undefined;
  let m: RegExpExecArray | null;
  if (section === 'alarm') return (m = /^alarmId(\d+)$/.exec(key)) ? ALARM_LABELS.row(Number(m[1])) : undefined;
  if (section === 'io') {
    if ((m = /^di(\d+)Config$/.exec(key))) return `DI${m[1]}`;
    if (key === 'systemEventAlarm') return 'System Event Alarm';
    return key === 'diAdvancedOptions' ? IO_LABELS.diAdvancedOptions : undefined;
  }
  return (m = /^userId(\d+)$/.exec(key)) ? `User ${m[1]}` : undefined;
}
