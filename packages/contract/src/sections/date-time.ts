/** Settings › Communication › Date & Time (001 §3 "NTP config"): saved whole, reboot prompt after a change (001 §4). */
import { dateTimeTexts } from '../messages.ts';
import { ntpConfigData, ntpConfigSchema } from '../schemas/date-time.ts';
import { defineSection } from './section.ts';

export const ntpSection = defineSection({
  key: 'ntp',
  title: 'Date & Time settings',
  context: 'none',
  body: () => ntpConfigSchema,
  data: ntpConfigData,
  // The module stamps it at each sync; a body that carries it back never moves it.
  readOnly: ['lastUpdateTimestamp'],
  reboot: true,
  savedMessage: dateTimeTexts.saved,
});
