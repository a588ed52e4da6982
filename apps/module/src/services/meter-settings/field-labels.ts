/**
 * Names of the top-level keys whose schemas carry no label of their own (a row such as di3Config,
 * a group such as optionalSealConfig), for "… cannot be changed while the meter is sealed"; every
 * other key is named by its field meta.
 */
import { ALARM_LABELS, GENERAL_LABELS, IO_LABELS, type MeterSettingsSection } from '@meter/contract';

/** The number a key names by its pattern ('di3Config' → 3), or undefined. */
const numberIn = (pattern: RegExp, key: string): number | undefined => {
  const m = pattern.exec(key);
  return m ? Number(m[1]) : undefined;
};

export function fieldLabel(section: MeterSettingsSection, key: string): string | undefined {
  if (section === 'general') return key === 'optionalSealConfig' ? GENERAL_LABELS.optionalSealConfig : undefined;
  if (section === 'alarm') {
    const n = numberIn(/^alarmId(\d+)$/, key);
    return n === undefined ? undefined : ALARM_LABELS.row(n);
  }
  if (section === 'io') {
    const n = numberIn(/^di(\d+)Config$/, key);
    if (n !== undefined) return `DI${n}`;
    if (key === 'systemEventAlarm') return 'System Event Alarm';
    return key === 'diAdvancedOptions' ? IO_LABELS.diAdvancedOptions : undefined;
  }
  const n = numberIn(/^userId(\d+)$/, key);
  return n === undefined ? undefined : `User ${n}`;
}
