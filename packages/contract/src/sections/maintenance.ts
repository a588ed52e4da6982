/** Sections of Settings › Management (002 §2.11, §2.12). */
import { DEBUG_LOG_OFF } from '../options/maintenance.ts';
import { managementTexts } from '../messages.ts';
import { sshConfig, syslogConfig, syslogConfigAll } from '../schemas/maintenance.ts';
import { defineSection } from './section.ts';

/** SSH off on a new device: a maintenance door is opened on purpose. */
export const sshSection = defineSection({
  key: 'sshConfig',
  title: 'SSH config',
  context: 'none',
  body: () => sshConfig,
  data: sshConfig,
  savedMessage: managementTexts.sshSaved,
  defaults: () => ({ enable: 0 as const }),
});

/** Debug off everywhere on a new device: debug lines fill the flash. */
export const syslogSection = defineSection({
  key: 'syslogConfig',
  title: 'Debug diagnostic',
  context: 'none',
  body: () => syslogConfig,
  data: syslogConfig,
  savedMessage: managementTexts.debugSaved,
  defaults: () => syslogConfigAll(DEBUG_LOG_OFF),
});
