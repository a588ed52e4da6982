/** The label of a section's top-level key, for "… cannot be changed while the meter is sealed". */
import { GENERAL_LABELS, IO_LABELS, USER_CT_LABELS, ALARM_LABELS, type MeterSettingsSection } from '@meter/contract';

export function fieldLabel(section: MeterSettingsSection, key: string): string {
  if (section === 'general') return GENERAL_LABELS[key as keyof typeof GENERAL_LABELS] ?? key;
  if (section === 'alarm') return key === 'enable' ? ALARM_LABELS.enable : ALARM_LABELS.row(Number(key.replace('alarmId', '')));
  if (section === 'io') {
    let m = /^di(\d+)Config$/.exec(key);
    if (m) return `DI${m[1]}`;
    m = /^do(\d+)Channel$/.exec(key);
    if (m) return IO_LABELS.doChannel(Number(m[1]));
    m = /^ro(\d)(Type|OutputMode)$/.exec(key);
    if (m) return m[2] === 'Type' ? IO_LABELS.roType(Number(m[1])) : IO_LABELS.roOutputMode(Number(m[1]));
    if (key === 'systemEventAlarm') return 'System Event Alarm';
    return (IO_LABELS as Record<string, unknown>)[key] as string | undefined ?? key;
  }
  let m = /^CT(\d+)$/.exec(key);
  if (m) return USER_CT_LABELS.ct(Number(m[1]));
  m = /^userId(\d+)$/.exec(key);
  if (m) return `User ${m[1]}`;
  return key === 'connectionType' ? USER_CT_LABELS.connectionType : key;
}
