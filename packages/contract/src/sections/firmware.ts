/** Sections of Settings › Module Firmware (002 §2.13, §3.14). */
import { firmwareTexts } from '../messages.ts';
import { AUTO_UPDATE_CRITICAL } from '../options/firmware.ts';
import { autoUpdateConfig, firmwareSettings } from '../schemas/firmware.ts';
import { defineSection } from './section.ts';

/** Critical updates at 2-3 am on a new device: the option the spec recommends, at a quiet hour. */
export const autoUpdateSection = defineSection({
  key: 'autoUpdateConfig',
  title: 'Firmware auto update',
  context: 'none',
  body: () => autoUpdateConfig,
  data: autoUpdateConfig,
  savedMessage: firmwareTexts.autoUpdateSaved,
  defaults: () => ({ checkStat: AUTO_UPDATE_CRITICAL, checkTime: 2 }),
});

/** The vendor's server on a new device; example.com here, since the simulation has no vendor. */
export const firmwareServerSection = defineSection({
  key: 'firmware',
  title: 'Firmware server',
  context: 'none',
  body: () => firmwareSettings,
  data: firmwareSettings,
  savedMessage: firmwareTexts.serverUrlSaved,
  defaults: () => ({ moduleCheckUpdateUrl: 'https://firmware.example.com/axm-web2/manifest.json' }),
});
